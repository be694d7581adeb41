import { z } from 'zod';
import { ALL_ROLES, defineRoutes } from '../route';
import {
  cappedPageOf,
  decimal,
  idField,
  idParam,
  INT_MAX,
  messageSchema,
  multiQuery,
  optionalTextOf,
  pageQueryField,
  pageSizeQueryField,
  versionField,
} from './common';
import { DATE_RANGES, dateOrder, optionalDateInRange } from '../dates';

/**
 * Insurance claims (SPEC.md §3, §7; issue 15 item 9): a claim is made from an invoice billed to an insurer, or to a client
 * whose insurance names one; its lines are copied from the invoice when it is created, with the insurer and the client's
 * policy as they were then. It goes draft -> submitted -> paid or rejected, and exports as CSV for the insurer's portal.
 * Billing is open to every role (SPEC.md §6): a claim holds what the invoice bills, nothing clinical.
 */

export const INSURANCE_CLAIM_STATUSES = ['draft', 'submitted', 'paid', 'rejected'] as const;
export type InsuranceClaimStatus = (typeof INSURANCE_CLAIM_STATUSES)[number];

export const INSURANCE_CLAIM_STATUS_LABELS: Readonly<Record<InsuranceClaimStatus, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** The statuses a claim may move to from each: draft -> submitted -> paid | rejected; paid and rejected are final. */
export const INSURANCE_CLAIM_TRANSITIONS: Readonly<Record<InsuranceClaimStatus, readonly InsuranceClaimStatus[]>> = {
  draft: ['submitted'],
  submitted: ['paid', 'rejected'],
  paid: [],
  rejected: [],
};

/** May a claim in `from` be marked `to`? */
export function canMoveClaim(from: InsuranceClaimStatus, to: InsuranceClaimStatus): boolean {
  return INSURANCE_CLAIM_TRANSITIONS[from].includes(to);
}

/** The statuses a claim may be deleted in: one the insurer never had or turned down. */
export const DELETABLE_CLAIM_STATUSES: readonly InsuranceClaimStatus[] = ['draft', 'rejected'];

export const INSURANCE_CLAIM_TEXT_MAX = { notes: 1000, reason: 500 } as const;

/** What the server answers and the Insurance-claims tab says. */
export const INSURANCE_CLAIM_MESSAGES = {
  notFound: 'Insurance claim not found.',
  created: 'Insurance claim created.',
  status: (status: InsuranceClaimStatus) =>
    `Insurance claim marked as ${INSURANCE_CLAIM_STATUS_LABELS[status].toLowerCase()}.`,
  deleted: 'Insurance claim was successfully deleted.',
  changed:
    'This claim was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  invoiceNotFound: 'Invoice not found. Choose another invoice.',
  invoiceDraft: 'Send the invoice before claiming it: a draft can still change.',
  invoiceVoid: 'This invoice was voided, so there is nothing to claim.',
  creditNote: 'A credit note cannot be claimed. Choose the invoice it credits.',
  nothingToClaim: 'Every line of this invoice has been credited: there is nothing left to claim.',
  noInsurer:
    "Neither the invoice nor the client's insurance names an insurer. Bill the invoice to an insurer, or add the client's insurer first.",
  insurerNotFound: 'That insurer was not found. Choose one from Settings > Insurance.',
  alreadyClaimed: 'This invoice is already claimed. Open its claim instead, or delete that claim first.',
  transition: (from: InsuranceClaimStatus, to: InsuranceClaimStatus) =>
    `A ${INSURANCE_CLAIM_STATUS_LABELS[from].toLowerCase()} claim cannot be marked as ${INSURANCE_CLAIM_STATUS_LABELS[to].toLowerCase()}.`,
  reasonMissing: 'Say why the insurer rejected the claim.',
  notDeletable: 'Only a draft or rejected claim can be deleted: a submitted or paid claim stays on record.',
} as const;

// ---- responses ------------------------------------------------------------------------------------------------------

export const insuranceClaimLineSchema = z.object({
  id: z.number(),
  /** The invoice line's words ("Individual session, 3 Nov 2026"). */
  description: z.string(),
  /** The day of the session or service the line bills, when it has one. */
  serviceDate: z.string().nullable(),
  quantity: z.number(),
  unitMinor: z.number(),
  taxRateBp: z.number(),
  netMinor: z.number(),
  taxMinor: z.number(),
  grossMinor: z.number(),
});
export type InsuranceClaimLine = z.infer<typeof insuranceClaimLineSchema>;

export const insuranceClaimSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  /** The invoice's number (INV-0042). */
  invoiceNumber: z.string().nullable(),
  clientId: z.number(),
  clientName: z.string(),
  /** The insurer of Settings > Insurance (null when it has been deleted since); its name, payer id and code as claimed. */
  insuranceProviderId: z.number().nullable(),
  providerName: z.string(),
  payerId: z.string(),
  healthcodeProviderCode: z.string(),
  /** The client's policy as it was when the claim was made. */
  policyNumber: z.string(),
  membershipNumber: z.string(),
  authorisationCode: z.string(),
  status: z.enum(INSURANCE_CLAIM_STATUSES),
  currency: z.string(),
  netMinor: z.number(),
  taxMinor: z.number(),
  totalMinor: z.number(),
  /** When it was submitted, and when the insurer paid or rejected it. */
  submittedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** Why the insurer rejected it ('' otherwise). */
  rejectionReason: z.string(),
  notes: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InsuranceClaim = z.infer<typeof insuranceClaimSchema>;

export const insuranceClaimDetailsSchema = insuranceClaimSchema.extend({
  lines: z.array(insuranceClaimLineSchema),
  createdByName: z.string().nullable(),
});
export type InsuranceClaimDetails = z.infer<typeof insuranceClaimDetailsSchema>;

export const insuranceClaimListSchema = cappedPageOf(insuranceClaimSchema);
export type InsuranceClaimList = z.infer<typeof insuranceClaimListSchema>;

// ---- requests -------------------------------------------------------------------------------------------------------

export const createInsuranceClaimBodySchema = z.strictObject({
  invoiceId: idField('Choose the invoice to claim.'),
  /** Left out: the invoice's insurer, else the client's. */
  insuranceProviderId: idField('Choose an insurer from the list.').nullish(),
  notes: optionalTextOf(INSURANCE_CLAIM_TEXT_MAX.notes),
});
export type CreateInsuranceClaimBody = z.input<typeof createInsuranceClaimBodySchema>;

/** The statuses a change may ask for (a claim starts as a draft). */
export const INSURANCE_CLAIM_NEXT_STATUSES = ['submitted', 'paid', 'rejected'] as const;

export const updateInsuranceClaimStatusBodySchema = z
  .strictObject({
    status: z.enum(INSURANCE_CLAIM_NEXT_STATUSES, { error: 'Choose submitted, paid or rejected.' }),
    /** Why the insurer rejected it: needed for `rejected`, ignored otherwise. */
    reason: optionalTextOf(INSURANCE_CLAIM_TEXT_MAX.reason),
    version: versionField('Reload and try again.'),
  })
  .refine((body) => body.status !== 'rejected' || body.reason !== '', {
    path: ['reason'],
    message: INSURANCE_CLAIM_MESSAGES.reasonMissing,
  });
export type UpdateInsuranceClaimStatusBody = z.input<typeof updateInsuranceClaimStatusBodySchema>;

export const listInsuranceClaimsQuerySchema = z
  .strictObject({
    page: pageQueryField,
    pageSize: pageSizeQueryField(),
    status: multiQuery(INSURANCE_CLAIM_STATUSES, 'Filter by draft, submitted, paid or rejected.'),
    clientId: decimal(
      z.coerce
        .number({ error: 'Choose a client to filter by.' })
        .int('Choose a client to filter by.')
        .positive('Choose a client to filter by.')
        .max(INT_MAX, 'Choose a client to filter by.'),
    ).optional(),
    /** Claims made on or after `from` and on or before `to`. */
    from: optionalDateInRange('the first day', DATE_RANGES.report),
    to: optionalDateInRange('the last day', DATE_RANGES.report),
  })
  .refine(...dateOrder('to', 'the last day', 'from', 'the first day'));
export type ListInsuranceClaimsQuery = z.input<typeof listInsuranceClaimsQuerySchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });

export const insuranceClaimsRoutes = defineRoutes({
  listInsuranceClaims: {
    method: 'GET',
    path: '/api/billing-payment/insurance-claims',
    summary: "The practice's insurance claims, newest first: one page, by status, client and date",
    access: ALL_ROLES,
    query: listInsuranceClaimsQuerySchema,
    response: insuranceClaimListSchema,
  },
  getInsuranceClaim: {
    method: 'GET',
    path: '/api/billing-payment/insurance-claim/:id',
    summary: 'One insurance claim',
    access: ALL_ROLES,
    params: idParams,
    response: insuranceClaimSchema,
  },
  getInsuranceClaimDetails: {
    method: 'GET',
    path: '/api/billing-payment/insurance-claim-details/:id',
    summary: 'One insurance claim with its lines',
    access: ALL_ROLES,
    params: idParams,
    response: insuranceClaimDetailsSchema,
  },
  createInsuranceClaim: {
    method: 'POST',
    path: '/api/billing-payment/insurance-claims',
    summary: "Claim an invoice from an insurer: its lines copied, the insurer and the client's policy as they are now",
    access: ALL_ROLES,
    activity: { action: 'create', record: 'insurance_claim' },
    errors: [409],
    body: createInsuranceClaimBodySchema,
    response: insuranceClaimSchema,
  },
  updateInsuranceClaimStatus: {
    method: 'PUT',
    path: '/api/billing-payment/insurance-claim/:id/status',
    summary:
      'Mark a claim submitted, then paid or rejected (send its version; a stale one or another move answers 409)',
    access: ALL_ROLES,
    activity: { action: 'status', record: 'insurance_claim' },
    params: idParams,
    body: updateInsuranceClaimStatusBodySchema,
    response: insuranceClaimSchema,
  },
  deleteInsuranceClaim: {
    method: 'DELETE',
    path: '/api/billing-payment/insurance-claim/:id',
    summary: 'Delete a draft or rejected claim (a submitted or paid one answers 409)',
    access: ALL_ROLES,
    activity: { action: 'delete', record: 'insurance_claim' },
    errors: [409],
    params: idParams,
    response: messageSchema,
  },
  exportInsuranceClaim: {
    method: 'GET',
    path: '/api/billing-payment/insurance-claim-export/:id',
    summary: "One claim as CSV for the insurer's portal: a row per line with the insurer, policy and invoice",
    access: ALL_ROLES,
    params: idParams,
    response: z.unknown(),
    raw: true,
  },
});
