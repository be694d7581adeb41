import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import {
  amountMinorField,
  cappedPageOf,
  idField,
  idParam,
  multiQuery,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  pageOf,
  pageQueryField,
  pageSizeQueryField,
  queryIdField,
  text,
  textOf,
  tokenField,
  versionField,
} from './common';
import { DATE_RANGES, dateOrder, instantInRange, optionalDateInRange } from '../dates';
import { contactEmailField, phoneField } from './account';
import { BILL_TO_KINDS } from './billing';
import type { FormUsageContext } from './templates';

/**
 * Clients (SPEC.md §3, §7; CATALOG.md Clients): the list, a client, details, insurance, address, reminder preferences, portal,
 * relationships (contacts) and the activity log. Every route is for Admin and Therapist only (SPEC.md §6: an Assistant gets 403).
 * Mutable records carry `version`; an update with a stale version answers 409 and changes nothing.
 */

// ---- shared values --------------------------------------------------------------------------------------------------

export const CLIENT_KINDS = ['individual', 'couple', 'family', 'group'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const CLIENT_KIND_LABELS: Readonly<Record<ClientKind, string>> = {
  individual: 'Individual',
  couple: 'Couple',
  family: 'Family',
  group: 'Group',
};

/** CATALOG.md /Clients filter: enquiry, waitlist, active, on hold, discharged, archived. */
export const CLIENT_STATUSES = ['enquiry', 'waitlist', 'active', 'on hold', 'discharged', 'archived'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Readonly<Record<ClientStatus, string>> = {
  enquiry: 'Enquiry',
  waitlist: 'Waitlist',
  active: 'Active',
  'on hold': 'On hold',
  discharged: 'Discharged',
  archived: 'Archived',
};

export const CLIENT_RISK_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type ClientRiskLevel = (typeof CLIENT_RISK_LEVELS)[number];
export const CLIENT_RISK_LEVEL_LABELS: Readonly<Record<ClientRiskLevel, string>> = {
  none: 'None',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** SPEC.md §5/§9: the search field takes at most 320 characters. */
export const CLIENT_SEARCH_MAX = 320;
export const CLIENT_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;
export const CLIENT_PAGE_SIZE_MAX = PAGE_SIZE_MAX;
export const CLIENT_TAG_MAX = 40;
export const CLIENT_TAGS_MAX = 20;
/** The most member clients a couple, family or group holds. */
export const CLIENT_MEMBERS_MAX = 50;
/** The longest text of fields the forms limit too (`maxLength`). */
export const CLIENT_TEXT_MAX = { portalMessage: 1000, activitySummary: 200 } as const;

/** Optional free text: trimmed; an empty string clears the value (answers null). */
function optionalText(max: number, label: string) {
  return textOf(max, { error: `Enter ${label} as text.` })
    .trim()
    .max(max, `Use at most ${max} characters for ${label}.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

const versionOpened = versionField('Send the version you loaded; reload the client and try again.', 0);

export const dateOfBirthField = optionalDateInRange('the date of birth', DATE_RANGES.birth);

const clientNameField = (label: string) =>
  text({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(100, `Use at most 100 characters for ${label}.`);

export const clientTagField = text({ error: 'Enter a tag as text.' })
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(CLIENT_TAG_MAX, `Use at most ${CLIENT_TAG_MAX} characters per tag.`);

export const clientTagsField = z
  .array(clientTagField, { error: 'Send the tags as a list.' })
  .max(CLIENT_TAGS_MAX, `Use at most ${CLIENT_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);

const clientIdField = idField('Choose a client.');

export const memberIdsField = z
  .array(clientIdField, { error: 'Send the members as a list of client ids.' })
  .max(CLIENT_MEMBERS_MAX, `Add at most ${CLIENT_MEMBERS_MAX} members.`)
  .transform((ids) => [...new Set(ids)]);

const therapistIdField = idField('Choose a therapist.').nullable().optional();

const kindField = z.enum(CLIENT_KINDS, { error: 'Choose individual, couple, family or group.' });
const statusField = z.enum(CLIENT_STATUSES, {
  error: 'Choose enquiry, waitlist, active, on hold, discharged or archived.',
});

/** Path parameters: `:id` of a client (or of a record, where the route says so), `:clientId` of a client. */
export const clientIdParams = z.strictObject({ id: idParam });
export const clientIdPathParams = z.strictObject({ clientId: idParam });
const recordIdParams = z.strictObject({ id: idParam });
/** The single-use token of an e-mailed portal invitation link. */
const portalTokenParams = z.strictObject({ token: tokenField });

const pageQuery = pageQueryField;
const pageSizeQuery = pageSizeQueryField(CLIENT_PAGE_SIZE_DEFAULT, CLIENT_PAGE_SIZE_MAX);

/**
 * The usage contexts of the forms offered as intake forms at onboarding (the practice's own of these contexts in
 * Settings > Template-library, or the built-in one of each), sent before therapy starts.
 */
export const INTAKE_FORM_USAGE_CONTEXTS = [
  'onboarding',
  'before-first-session',
] as const satisfies readonly FormUsageContext[];
export type IntakeUsageContext = (typeof INTAKE_FORM_USAGE_CONTEXTS)[number];

export const isIntakeUsageContext = (context: string): context is IntakeUsageContext =>
  (INTAKE_FORM_USAGE_CONTEXTS as readonly string[]).includes(context);

/** At most this many intake forms go with one portal invitation. */
export const CLIENT_INTAKE_FORMS_MAX = 10;

export const CLIENT_MESSAGES = {
  staleClient:
    'This client was changed elsewhere since you opened it. Reload to see the latest details, then apply your change again.',
  staleRecord:
    'These details were changed elsewhere since you opened them. Reload to see the latest version, then apply your change again.',
  staleContact:
    'This contact was changed elsewhere since you opened it. Reload to see the latest version, then apply your change again.',
  therapist: 'Choose a therapist from your practice.',
  members: 'Choose members among your practice’s individual clients.',
  membersOfIndividual: 'Only a couple, family or group has members; choose that kind or remove the members.',
  lastName: "Enter the client's last name.",
  deleteOnlyEnquiry:
    'Only an enquiry can be deleted. Archive this client instead (set the status to archived), so their records are kept.',
  deleted: 'Client was successfully deleted.',
  contactNotFound: 'Contact not found.',
  contactDeleted: 'Client contact was successfully deleted.',
  portalNeedsEmail: "Add the client's e-mail address before inviting them to the portal.",
  portalActive: 'This client already uses the portal. Revoke their access first if you need to invite them again.',
  portalNotInvited: 'This client has not been invited to the portal, so there is nothing to revoke.',
  emailRemindersNeedEmail: "Add the client's e-mail address before turning on e-mail reminders.",
  smsRemindersNeedPhone: "Add the client's phone number before turning on text message reminders.",
  service: 'Choose one of the practice’s services (Settings > Services).',
  feeNeedsService: 'Choose the service this fee is for.',
  intakeForms: 'Choose intake forms from your template library (Settings > Template-library).',
  intakeFormsNeedInvite: 'Tick “Send a portal invitation” to send intake forms, or clear the forms.',
  intakeFormsMax: `Choose at most ${CLIENT_INTAKE_FORMS_MAX} intake forms.`,
} as const;

// ---- the client -----------------------------------------------------------------------------------------------------

/** A client as the list and the client header show it. Names: a couple/family/group keeps its name in `firstName`. */
export const clientSchema = z.object({
  id: z.number(),
  kind: z.enum(CLIENT_KINDS),
  status: z.enum(CLIENT_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  pronouns: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  therapistId: z.number().nullable(),
  therapistName: z.string().nullable(),
  tags: z.array(z.string()),
  riskLevel: z.enum(CLIENT_RISK_LEVELS),
  /** When the current risk assessment is due for review (ISO date), or null when none is set. */
  riskReviewDue: z.string().nullable(),
  /** True when that review date has passed (the practice's local day): shown in red and filterable. */
  riskReviewOverdue: z.boolean(),
  /** ISO date-times of the next upcoming and the last past session; null when there is none (or no sessions yet). */
  nextSessionAt: z.string().nullable(),
  lastSessionAt: z.string().nullable(),
  /** What the client owes, in minor units of `currency` (0 until billing exists). */
  balanceMinor: z.number(),
  currency: z.string(),
  /** For a couple, family or group: its member clients' ids; empty for an individual. */
  memberIds: z.array(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientMemberSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(CLIENT_KINDS),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
});
export type ClientMemberSummary = z.infer<typeof clientMemberSummarySchema>;

/** The service a client is usually seen for (Settings > Services) and the fee agreed for it, in the service's currency. */
export const clientDefaultServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  feeMinor: z.number(),
  currency: z.string(),
});
export type ClientDefaultService = z.infer<typeof clientDefaultServiceSchema>;

/** One client with its members (for a couple/family/group) and the couples/families/groups it belongs to. */
export const clientDetailSchema = clientSchema.extend({
  /** The client's usual service and agreed fee; null when none was chosen (or the service was deleted). */
  defaultService: clientDefaultServiceSchema.nullable(),
  members: z.array(clientMemberSummarySchema),
  memberOf: z.array(clientMemberSummarySchema),
  /** Portal access at a glance (portal/retrieve gives the whole record). */
  portalStatus: z.enum(['not invited', 'invited', 'active', 'revoked']),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const CLIENT_SORTS = [
  'name',
  '-name',
  'status',
  '-status',
  'nextSession',
  '-nextSession',
  'lastSession',
  '-lastSession',
  'createdAt',
  '-createdAt',
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const listClientsQuerySchema = z.strictObject({
  page: pageQuery,
  pageSize: pageSizeQuery,
  /** Matches first, last and preferred name and e-mail (any word, case-insensitive). */
  search: text({ error: 'Enter the search as text.' })
    .max(CLIENT_SEARCH_MAX, `Search with at most ${CLIENT_SEARCH_MAX} characters.`)
    .transform((value) => value.trim())
    .optional(),
  /** A field, ascending; prefix with "-" for descending (`-lastSession`). Ties are broken by name, then id. */
  sort: z
    .enum(CLIENT_SORTS, {
      error: 'Sort by name, status, nextSession, lastSession or createdAt (prefix "-" for descending).',
    })
    .default('name'),
  /** Left out: every status except archived (archived clients appear only when asked for). */
  status: multiQuery(CLIENT_STATUSES, 'Filter by enquiry, waitlist, active, on hold, discharged or archived.'),
  kind: multiQuery(CLIENT_KINDS, 'Filter by individual, couple, family or group.'),
  riskLevel: multiQuery(CLIENT_RISK_LEVELS, 'Filter by risk level none, low, medium or high.'),
  /** `true`: only clients whose risk review date has passed. */
  riskReviewOverdue: z
    .enum(['true', 'false'], { error: 'Filter overdue risk reviews with true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  therapistId: queryIdField('Choose a therapist to filter by.').optional(),
  tag: text({ error: 'Enter the tag as text.' })
    .trim()
    .max(CLIENT_TAG_MAX, `A tag has at most ${CLIENT_TAG_MAX} characters.`)
    .optional(),
});
export type ListClientsQuery = z.input<typeof listClientsQuerySchema>;

/**
 * A page of the client list. `total` is exact unless `totalCapped`: with a therapist, tag or search filter the server
 * counts matches only so far past the page (a page costs what a page costs), and then there are more than `total`.
 */
export const clientListSchema = cappedPageOf(clientSchema);
export type ClientList = z.infer<typeof clientListSchema>;

/** At most this many names answer one name lookup. */
export const CLIENT_NAMES_MAX = 8;

/** GET /api/clients/names: clients by name, for every role (SPEC.md §6: an Assistant books and bills for clients by name). */
export const clientNamesQuerySchema = z.strictObject({
  /** Every word must match the first, last or preferred name (case-insensitive). */
  search: text({ error: 'Enter the search as text.' })
    .max(CLIENT_SEARCH_MAX, `Search with at most ${CLIENT_SEARCH_MAX} characters.`)
    .transform((value) => value.trim())
    .default(''),
  /**
   * One client by id instead (archived too): the name of a client a list is filtered by, e.g. /Billing?clientId=12 after
   * a reload. Another practice's client answers no items.
   */
  id: queryIdField('Choose a client.').optional(),
});
export type ClientNamesQuery = z.input<typeof clientNamesQuerySchema>;

/** A client as a name only: no contact, clinical or billing detail, so any role of the practice may see it. */
export const clientNameSchema = z.object({ id: z.number().int().positive(), name: z.string() });
export type ClientName = z.infer<typeof clientNameSchema>;
export const clientNamesSchema = z.object({ items: z.array(clientNameSchema) });
export type ClientNames = z.infer<typeof clientNamesSchema>;

/**
 * An intake form to send at onboarding: a template of the practice's library by id, or the built-in form of an intake
 * usage context (so a new practice can send one before making its own).
 */
export const intakeFormField = z.union(
  [
    z.strictObject({ id: idField(CLIENT_MESSAGES.intakeForms) }),
    z.strictObject({ builtIn: z.enum(INTAKE_FORM_USAGE_CONTEXTS, { error: CLIENT_MESSAGES.intakeForms }) }),
  ],
  { error: CLIENT_MESSAGES.intakeForms },
);
export type IntakeForm = z.output<typeof intakeFormField>;

/** One string per intake form ("id:7", "builtIn:onboarding"): the same form chosen twice has the same key. */
export const intakeFormKey = (form: IntakeForm): string => ('id' in form ? `id:${form.id}` : `builtIn:${form.builtIn}`);

/** POST /api/clients (CATALOG.md client-onboarding). */
export const createClientBodySchema = z
  .strictObject({
    kind: kindField.default('individual'),
    status: statusField.default('active'),
    /** An individual's first name, or the name of a couple, family or group ("The Okafor family"). */
    firstName: clientNameField("the client's first name"),
    /** Required for an individual; send an empty string for a couple, family or group. */
    lastName: text({ error: CLIENT_MESSAGES.lastName })
      .trim()
      .max(100, "Use at most 100 characters for the client's last name."),
    preferredName: optionalText(100, 'the preferred name'),
    pronouns: optionalText(40, 'the pronouns'),
    dateOfBirth: dateOfBirthField,
    email: contactEmailField,
    phone: phoneField,
    therapistId: therapistIdField,
    /** The individual clients who make up a couple, family or group. */
    memberIds: memberIdsField.optional(),
    tags: clientTagsField.optional(),
    /** The client's usual service (Settings > Services): its price is the fee unless `feeMinor` says otherwise. */
    serviceId: idField(CLIENT_MESSAGES.service).nullable().optional(),
    /** The fee agreed with the client for that service, in minor units of the service's currency. */
    feeMinor: amountMinorField('the fee').nullable().optional(),
    /** E-mail the client an invitation to the client portal (needs an e-mail address). */
    sendPortalInvite: z.boolean({ error: 'Choose whether to send a portal invitation.' }).default(false),
    /**
     * The forms of an intake usage context (INTAKE_FORM_USAGE_CONTEXTS) the client is asked to fill in with the portal
     * invitation: the practice's own templates by id, or Halcyon's built-in ones by usage context.
     */
    intakeForms: z
      .array(intakeFormField)
      .max(CLIENT_INTAKE_FORMS_MAX, CLIENT_MESSAGES.intakeFormsMax)
      .refine((forms) => new Set(forms.map(intakeFormKey)).size === forms.length, CLIENT_MESSAGES.intakeForms)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'individual' && body.lastName === '') {
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: CLIENT_MESSAGES.lastName });
    }
    if (body.kind === 'individual' && (body.memberIds?.length ?? 0) > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['memberIds'],
        message: CLIENT_MESSAGES.membersOfIndividual,
      });
    }
    if (body.sendPortalInvite && !body.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: "Enter the client's e-mail address to send a portal invitation.",
      });
    }
    if (body.feeMinor !== null && body.feeMinor !== undefined && !body.serviceId) {
      ctx.addIssue({ code: 'custom', path: ['serviceId'], message: CLIENT_MESSAGES.feeNeedsService });
    }
    if (!body.sendPortalInvite && (body.intakeForms?.length ?? 0) > 0) {
      ctx.addIssue({ code: 'custom', path: ['intakeForms'], message: CLIENT_MESSAGES.intakeFormsNeedInvite });
    }
  });
export type CreateClientBody = z.input<typeof createClientBodySchema>;

/** PATCH /api/clients/single-client/:id: only the fields sent change; `version` is the one loaded. */
export const updateClientBodySchema = z.strictObject({
  version: versionOpened,
  kind: kindField.optional(),
  firstName: clientNameField("the client's first name").optional(),
  lastName: text({ error: CLIENT_MESSAGES.lastName })
    .trim()
    .max(100, "Use at most 100 characters for the client's last name.")
    .optional(),
  preferredName: optionalText(100, 'the preferred name'),
  pronouns: optionalText(40, 'the pronouns'),
  dateOfBirth: dateOfBirthField,
  email: contactEmailField,
  phone: phoneField,
  therapistId: therapistIdField,
  memberIds: memberIdsField.optional(),
  tags: clientTagsField.optional(),
  riskLevel: z.enum(CLIENT_RISK_LEVELS, { error: 'Choose a risk level: none, low, medium or high.' }).optional(),
});
export type UpdateClientBody = z.input<typeof updateClientBodySchema>;

export const updateClientStatusBodySchema = z.strictObject({
  status: statusField,
  version: versionOpened,
});
export type UpdateClientStatusBody = z.input<typeof updateClientStatusBodySchema>;

// ---- details --------------------------------------------------------------------------------------------------------

/** Personal and practical details beside the client record (CATALOG.md edit-client-info: personal, GP, emergency). */
export const clientDetailsSchema = z.object({
  clientId: z.number(),
  gender: z.string().nullable(),
  occupation: z.string().nullable(),
  /** Preferred language, and whether an interpreter is needed. */
  language: z.string().nullable(),
  interpreterNeeded: z.boolean(),
  accessibilityNeeds: z.string().nullable(),
  referralSource: z.string().nullable(),
  referralDate: z.string().nullable(),
  gpName: z.string().nullable(),
  gpPractice: z.string().nullable(),
  gpPhone: z.string().nullable(),
  gpAddress: z.string().nullable(),
  /** What to do and whom to call in an emergency (the contacts themselves are relationships). */
  emergencyNotes: z.string().nullable(),
  /** 0 until the details are first saved. */
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

export const updateClientDetailsBodySchema = z.strictObject({
  version: versionOpened,
  gender: optionalText(60, 'the gender'),
  occupation: optionalText(100, 'the occupation'),
  language: optionalText(60, 'the language'),
  interpreterNeeded: z.boolean({ error: 'Choose whether an interpreter is needed.' }).optional(),
  accessibilityNeeds: optionalText(1000, 'the accessibility needs'),
  referralSource: optionalText(200, 'the referral source'),
  referralDate: optionalDateInRange('the referral date', DATE_RANGES.history),
  gpName: optionalText(100, "the GP's name"),
  gpPractice: optionalText(200, "the GP's practice"),
  gpPhone: phoneField,
  gpAddress: optionalText(500, "the GP's address"),
  emergencyNotes: optionalText(2000, 'the emergency notes'),
});
export type UpdateClientDetailsBody = z.input<typeof updateClientDetailsBodySchema>;

// ---- insurance ------------------------------------------------------------------------------------------------------

export const CLIENT_POLICY_HOLDER_RELATIONSHIPS = ['self', 'spouse or partner', 'parent', 'employer', 'other'] as const;

export const clientInsuranceSchema = z.object({
  clientId: z.number(),
  /** The insurer from Settings > Insurance, when chosen there; `providerName` is shown either way. */
  insuranceProviderId: z.number().nullable(),
  providerName: z.string().nullable(),
  policyNumber: z.string().nullable(),
  membershipNumber: z.string().nullable(),
  authorisationCode: z.string().nullable(),
  policyHolderName: z.string().nullable(),
  policyHolderRelationship: z.enum(CLIENT_POLICY_HOLDER_RELATIONSHIPS).nullable(),
  sessionsAuthorised: z.number().nullable(),
  /** The part of each session the client pays themselves, in minor units of the practice currency. */
  excessMinor: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type ClientInsurance = z.infer<typeof clientInsuranceSchema>;

export const updateClientInsuranceBodySchema = z
  .strictObject({
    version: versionOpened,
    insuranceProviderId: idField('Choose an insurer from the list.').nullable().optional(),
    providerName: optionalText(200, "the insurer's name"),
    policyNumber: optionalText(60, 'the policy number'),
    membershipNumber: optionalText(60, 'the membership number'),
    authorisationCode: optionalText(60, 'the authorisation code'),
    policyHolderName: optionalText(200, "the policy holder's name"),
    policyHolderRelationship: z
      .enum(CLIENT_POLICY_HOLDER_RELATIONSHIPS, {
        error: 'Choose self, spouse or partner, parent, employer or other.',
      })
      .nullable()
      .optional(),
    sessionsAuthorised: z
      .number({ error: 'Enter the number of sessions authorised.' })
      .int('Enter a whole number of sessions.')
      .min(0, 'Enter 0 or more sessions.')
      .max(1000, 'Enter at most 1000 sessions.')
      .nullable()
      .optional(),
    excessMinor: z
      .number({ error: 'Enter the excess as an amount.' })
      .int('Enter the excess in minor units (pence, cents).')
      .min(0, 'The excess cannot be negative.')
      .max(100_000_000, 'The excess is too large.')
      .nullable()
      .optional(),
    validFrom: optionalDateInRange('the start date', DATE_RANGES.cover),
    validUntil: optionalDateInRange('the end date', DATE_RANGES.cover),
    notes: optionalText(2000, 'the notes'),
  })
  .refine(...dateOrder('validUntil', 'the end date', 'validFrom', 'the start date'));
export type UpdateClientInsuranceBody = z.input<typeof updateClientInsuranceBodySchema>;

// ---- billing details ------------------------------------------------------------------------------------------------

/**
 * How a client is billed (edit-client-info's billing details): whom their invoices go to by default (the client, one
 * of their contacts, or their insurer), the service they are usually seen for and the fee agreed, and notes for whoever
 * does the billing. A new invoice for the client starts from these.
 */
export const clientBillingSchema = z.object({
  clientId: z.number(),
  invoiceTo: z.enum(BILL_TO_KINDS),
  /** The contact (Contacts tab) invoices go to when `invoiceTo` is contact. */
  contactId: z.number().nullable(),
  /** That contact's name, to show. */
  contactName: z.string().nullable(),
  /** The insurer of the client's insurance (Settings > Insurance), which invoices go to when `invoiceTo` is insurer. */
  insurerId: z.number().nullable(),
  /** The insurer's name as the client's insurance holds it, to show. */
  insurerName: z.string().nullable(),
  /** The client's usual service and agreed fee (as `defaultService` on the client). */
  serviceId: z.number().nullable(),
  feeMinor: z.number().nullable(),
  notes: z.string().nullable(),
  /** 0 until saved once. */
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type ClientBilling = z.infer<typeof clientBillingSchema>;

export const updateClientBillingBodySchema = z
  .strictObject({
    version: versionOpened,
    invoiceTo: z.enum(BILL_TO_KINDS, {
      error: 'Choose whom invoices go to: the client, one of their contacts or their insurer.',
    }),
    contactId: idField('Choose the contact invoices go to.').nullable().optional(),
    serviceId: idField(CLIENT_MESSAGES.service).nullable().optional(),
    feeMinor: amountMinorField('the fee').nullable().optional(),
    notes: optionalText(1000, 'the billing notes'),
  })
  .superRefine((body, ctx) => {
    if (body.invoiceTo === 'contact' && !body.contactId) {
      ctx.addIssue({ code: 'custom', path: ['contactId'], message: 'Choose the contact invoices go to.' });
    }
    if (body.feeMinor !== null && body.feeMinor !== undefined && !body.serviceId) {
      ctx.addIssue({ code: 'custom', path: ['serviceId'], message: CLIENT_MESSAGES.feeNeedsService });
    }
  });
export type UpdateClientBillingBody = z.input<typeof updateClientBillingBodySchema>;

// ---- address --------------------------------------------------------------------------------------------------------

export const clientAddressSchema = z.object({
  clientId: z.number(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type ClientAddress = z.infer<typeof clientAddressSchema>;

export const updateClientAddressBodySchema = z.strictObject({
  version: versionOpened,
  line1: optionalText(200, 'the address'),
  line2: optionalText(200, 'the address'),
  city: optionalText(100, 'the town or city'),
  region: optionalText(100, 'the county, state or province'),
  postcode: optionalText(20, 'the postcode'),
  country: optionalText(100, 'the country'),
});
export type UpdateClientAddressBody = z.input<typeof updateClientAddressBodySchema>;

// ---- reminder preferences (notifications) ---------------------------------------------------------------------------

export const REMINDER_CONSENT_METHODS = ['verbal', 'written', 'e-mail', 'portal'] as const;
export const CLIENT_REMINDER_LEAD_TIME_MIN_HOURS = 1;
export const CLIENT_REMINDER_LEAD_TIME_MAX_HOURS = 168;

export const clientReminderPreferencesSchema = z.object({
  clientId: z.number(),
  emailReminders: z.boolean(),
  smsReminders: z.boolean(),
  /** How long before a session the reminder goes. */
  leadTimeHours: z.number(),
  /** The consent record: whether the client agreed to be contacted this way, how, when and who recorded it. */
  consentGiven: z.boolean(),
  consentMethod: z.enum(REMINDER_CONSENT_METHODS).nullable(),
  consentRecordedAt: z.string().nullable(),
  consentRecordedById: z.number().nullable(),
  consentRecordedByName: z.string().nullable(),
  consentNotes: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type ClientReminderPreferences = z.infer<typeof clientReminderPreferencesSchema>;

export const updateClientReminderPreferencesBodySchema = z
  .strictObject({
    version: versionOpened,
    emailReminders: z.boolean({ error: 'Choose whether to send e-mail reminders.' }),
    smsReminders: z.boolean({ error: 'Choose whether to send text message reminders.' }),
    leadTimeHours: z
      .number({ error: 'Enter how many hours before the session the reminder goes.' })
      .int('Enter a whole number of hours.')
      .min(
        CLIENT_REMINDER_LEAD_TIME_MIN_HOURS,
        `Send reminders at least ${CLIENT_REMINDER_LEAD_TIME_MIN_HOURS} hour before.`,
      )
      .max(
        CLIENT_REMINDER_LEAD_TIME_MAX_HOURS,
        `Send reminders at most ${CLIENT_REMINDER_LEAD_TIME_MAX_HOURS} hours (7 days) before.`,
      ),
    consentGiven: z.boolean({ error: 'Record whether the client consented.' }),
    consentMethod: z
      .enum(REMINDER_CONSENT_METHODS, { error: 'Choose how consent was given: verbal, written, e-mail or portal.' })
      .nullable()
      .optional(),
    consentNotes: optionalText(1000, 'the consent notes'),
  })
  .superRefine((body, ctx) => {
    if ((body.emailReminders || body.smsReminders) && !body.consentGiven) {
      ctx.addIssue({
        code: 'custom',
        path: ['consentGiven'],
        message: 'Record the client’s consent before turning reminders on.',
      });
    }
    if (body.consentGiven && !body.consentMethod) {
      ctx.addIssue({
        code: 'custom',
        path: ['consentMethod'],
        message: 'Choose how consent was given: verbal, written, e-mail or portal.',
      });
    }
  });
export type UpdateClientReminderPreferencesBody = z.input<typeof updateClientReminderPreferencesBodySchema>;

// ---- portal ---------------------------------------------------------------------------------------------------------

export const CLIENT_PORTAL_STATUSES = ['not invited', 'invited', 'active', 'revoked'] as const;
export type ClientPortalStatus = (typeof CLIENT_PORTAL_STATUSES)[number];
/** How long a portal invitation link works. */
export const CLIENT_PORTAL_INVITE_TTL_DAYS = 7;

export const clientPortalAccessSchema = z.object({
  clientId: z.number(),
  status: z.enum(CLIENT_PORTAL_STATUSES),
  /** The address the latest invitation went to. */
  email: z.string().nullable(),
  invitedAt: z.string().nullable(),
  invitedByName: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
});
export type ClientPortalAccess = z.infer<typeof clientPortalAccessSchema>;

export const inviteClientPortalBodySchema = z.strictObject({
  /** A short personal line added to the invitation. */
  message: optionalText(CLIENT_TEXT_MAX.portalMessage, 'the message'),
});
export type InviteClientPortalBody = z.input<typeof inviteClientPortalBodySchema>;

/** The states of a portal invitation link the public acceptance page shows (an unknown link answers 404). */
export const PORTAL_INVITATION_STATES = ['valid', 'used', 'expired', 'revoked'] as const;
export type PortalInvitationState = (typeof PORTAL_INVITATION_STATES)[number];

/** The sentences of the public invitation link: the server answers them, the acceptance page shows them. */
export const PORTAL_INVITATION_MESSAGES = {
  unknown:
    'This portal invitation link is not valid. Check that you copied the whole address from the e-mail, or ask your practice to send a new invitation.',
  used: 'This invitation has already been accepted, so the link no longer works. Ask your practice to send a new invitation if you need one.',
  expired: 'This invitation has expired. Ask your practice to send a new invitation.',
  revoked: 'Your practice has withdrawn this invitation. Ask your practice to send a new invitation.',
  accepted:
    'Your portal access is active. Your practice will send you forms, documents and secure messages by e-mail link, and you can sign in to your portal at any time to see everything in one place.',
} as const;

/** What the acceptance page shows: the practice, the client's first name, and whether the link still works. */
export const portalInvitationSchema = z.object({
  practiceName: z.string(),
  clientFirstName: z.string(),
  state: z.enum(PORTAL_INVITATION_STATES),
  expiresAt: z.string().nullable(),
});
export type PortalInvitation = z.infer<typeof portalInvitationSchema>;

export const acceptPortalInvitationBodySchema = z.strictObject({
  agree: z.literal(true, {
    error: 'Tick the box to agree to receive documents and forms from your practice online.',
  }),
});
export type AcceptPortalInvitationBody = z.input<typeof acceptPortalInvitationBodySchema>;

export const portalAcceptanceSchema = z.object({
  detail: z.string(),
  acceptedAt: z.string(),
});
export type PortalAcceptance = z.infer<typeof portalAcceptanceSchema>;

// ---- relationships (contacts) ---------------------------------------------------------------------------------------

export const CLIENT_RELATIONSHIP_TYPES = [
  'emergency_contact',
  'gp',
  'next_of_kin',
  'parent_guardian',
  'referrer',
  'solicitor',
  'other',
] as const;
export type ClientRelationshipType = (typeof CLIENT_RELATIONSHIP_TYPES)[number];
export const CLIENT_RELATIONSHIP_TYPE_LABELS: Readonly<Record<ClientRelationshipType, string>> = {
  emergency_contact: 'Emergency contact',
  gp: 'GP',
  next_of_kin: 'Next of kin',
  parent_guardian: 'Parent or guardian',
  referrer: 'Referrer',
  solicitor: 'Solicitor',
  other: 'Other',
};

export const clientRelationshipSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  name: z.string(),
  relationshipType: z.enum(CLIENT_RELATIONSHIP_TYPES),
  /** In the client's words: "Sister", "Mother", "Family solicitor". */
  relationshipDetail: z.string().nullable(),
  organisation: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  consentToContact: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type ClientRelationship = z.infer<typeof clientRelationshipSchema>;

const relationshipFields = {
  name: text({ error: "Enter the contact's name." })
    .trim()
    .min(1, "Enter the contact's name.")
    .max(200, "Use at most 200 characters for the contact's name."),
  relationshipType: z.enum(CLIENT_RELATIONSHIP_TYPES, {
    error:
      'Choose a relationship: emergency contact, GP, next of kin, parent or guardian, referrer, solicitor or other.',
  }),
  relationshipDetail: optionalText(100, 'the relationship'),
  organisation: optionalText(200, 'the organisation'),
  phone: phoneField,
  email: contactEmailField,
  address: optionalText(500, 'the address'),
  consentToContact: z.boolean({ error: 'Record whether the client consents to this contact being contacted.' }),
  notes: optionalText(2000, 'the notes'),
};

export const createClientRelationshipBodySchema = z.strictObject(relationshipFields);
export type CreateClientRelationshipBody = z.input<typeof createClientRelationshipBodySchema>;

export const updateClientRelationshipBodySchema = z.strictObject({
  version: versionOpened,
  ...relationshipFields,
});
export type UpdateClientRelationshipBody = z.input<typeof updateClientRelationshipBodySchema>;

export const clientRelationshipListSchema = z.object({ items: z.array(clientRelationshipSchema) });

// ---- activity log ---------------------------------------------------------------------------------------------------

/** Entries a person adds by hand (CATALOG.md activity-log: call, e-mail, letter, meeting; plus a plain note). */
export const CLIENT_MANUAL_ACTIVITY_KINDS = ['call', 'email', 'letter', 'meeting', 'note'] as const;
export type ClientManualActivityKind = (typeof CLIENT_MANUAL_ACTIVITY_KINDS)[number];
/** Every kind the log shows: manual entries, plus changes and views recorded by the audit log. */
export const CLIENT_ACTIVITY_KINDS = [...CLIENT_MANUAL_ACTIVITY_KINDS, 'change', 'view'] as const;
export type ClientActivityKind = (typeof CLIENT_ACTIVITY_KINDS)[number];
export const CLIENT_ACTIVITY_KIND_LABELS: Readonly<Record<ClientActivityKind, string>> = {
  call: 'Call',
  email: 'E-mail',
  letter: 'Letter',
  meeting: 'Meeting',
  note: 'Note',
  change: 'Change',
  view: 'Viewed',
};
export const CLIENT_ACTIVITY_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const CLIENT_ACTIVITY_SOURCES = ['manual', 'audit'] as const;
export type ClientActivitySource = (typeof CLIENT_ACTIVITY_SOURCES)[number];

export const clientActivityEntrySchema = z.object({
  /** Unique within its source: fetch one with single-activity-log/retrieve/:id?source=... */
  id: z.number(),
  source: z.enum(CLIENT_ACTIVITY_SOURCES),
  clientId: z.number(),
  kind: z.enum(CLIENT_ACTIVITY_KINDS),
  /** When it happened (a manual entry's date and time; the audit entry's time). */
  at: z.string(),
  /** One line: "Phoned about rescheduling", "Changed the client's address". */
  summary: z.string(),
  /** A manual entry's notes; null for audit entries. */
  body: z.string().nullable(),
  direction: z.enum(CLIENT_ACTIVITY_DIRECTIONS).nullable(),
  durationMinutes: z.number().nullable(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  /** For audit entries: the recorded action and outcome (success, denied, not_found, failed, invalid). */
  action: z.string().nullable(),
  outcome: z.string().nullable(),
});
export type ClientActivityEntry = z.infer<typeof clientActivityEntrySchema>;

export const listClientActivityQuerySchema = z.strictObject({
  page: pageQuery,
  pageSize: pageSizeQuery,
  /** Left out: every kind except `view` (each opening of a client records views; ask for them with kind=view). */
  kind: multiQuery(CLIENT_ACTIVITY_KINDS, 'Filter by call, email, letter, meeting, note, change or view.'),
});
export type ListClientActivityQuery = z.input<typeof listClientActivityQuerySchema>;

export const clientActivityListSchema = pageOf(clientActivityEntrySchema);
export type ClientActivityList = z.infer<typeof clientActivityListSchema>;

export const singleClientActivityQuerySchema = z.strictObject({
  source: z.enum(CLIENT_ACTIVITY_SOURCES, { error: 'The source is manual or audit.' }).default('manual'),
});

export const createClientActivityBodySchema = z.strictObject({
  kind: z.enum(CLIENT_MANUAL_ACTIVITY_KINDS, { error: 'Choose call, e-mail, letter, meeting or note.' }),
  /** ISO date-time; now when left out. At most a day ahead (a planned call belongs in tasks). */
  occurredAt: instantInRange(
    'the date it happened',
    DATE_RANGES.happened,
    'Enter the date and time it happened.',
  ).optional(),
  direction: z.enum(CLIENT_ACTIVITY_DIRECTIONS, { error: 'Choose incoming or outgoing.' }).nullable().optional(),
  summary: text({ error: 'Enter a short summary.' })
    .trim()
    .min(1, 'Enter a short summary.')
    .max(CLIENT_TEXT_MAX.activitySummary, `Use at most ${CLIENT_TEXT_MAX.activitySummary} characters for the summary.`),
  body: optionalText(10_000, 'the notes'),
  durationMinutes: z
    .number({ error: 'Enter the duration in minutes.' })
    .int('Enter a whole number of minutes.')
    .min(0, 'Enter 0 or more minutes.')
    .max(1440, 'Enter at most 1440 minutes (a day).')
    .nullable()
    .optional(),
});
export type CreateClientActivityBody = z.input<typeof createClientActivityBodySchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

export const clientsRoutes = defineRoutes({
  lookupClientNames: {
    method: 'GET',
    path: '/api/clients/names',
    summary: 'Looked up clients by name',
    access: ALL_ROLES,
    query: clientNamesQuerySchema,
    response: clientNamesSchema,
  },
  listClients: {
    method: 'GET',
    path: '/api/clients',
    summary: 'Clients of the practice: one page, searched, filtered and sorted',
    access: CLINICAL_ROLES,
    query: listClientsQuerySchema,
    response: clientListSchema,
  },
  createClient: {
    method: 'POST',
    path: '/api/clients',
    summary: 'Add a client (client onboarding); optionally e-mail them a portal invitation',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'client' },
    body: createClientBodySchema,
    response: clientDetailSchema,
  },
  getClient: {
    method: 'GET',
    path: '/api/clients/single-client/:id',
    summary: 'Viewed the client',
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: clientDetailSchema,
  },
  updateClient: {
    method: 'PATCH',
    path: '/api/clients/single-client/:id',
    summary: "Changed the client's personal and contact details",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'client' },
    params: clientIdParams,
    body: updateClientBodySchema,
    response: clientDetailSchema,
  },
  updateClientStatus: {
    method: 'PATCH',
    path: '/api/clients/single-client/status/:id',
    summary: "Changed the client's status (archive with status archived)",
    access: CLINICAL_ROLES,
    activity: { action: 'status', record: 'client' },
    params: clientIdParams,
    body: updateClientStatusBodySchema,
    response: clientDetailSchema,
  },
  deleteClient: {
    method: 'DELETE',
    path: '/api/clients/single-client/:id',
    summary: 'Deleted an enquiry (any other client is archived instead, so the record is kept)',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'delete', record: 'client' },
    params: clientIdParams,
    response: z.object({ detail: z.string() }),
  },

  getClientDetails: {
    method: 'GET',
    path: '/api/clients/details/retrieve/:id',
    summary: "Viewed the client's personal details",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: clientDetailsSchema,
  },
  updateClientDetails: {
    method: 'PUT',
    path: '/api/clients/details/:id',
    summary: "Changed the client's personal details",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'client_details', target: 'client' },
    params: clientIdParams,
    body: updateClientDetailsBodySchema,
    response: clientDetailsSchema,
  },
  getClientInsurance: {
    method: 'GET',
    path: '/api/clients/insurance/retrieve/:id',
    summary: "Viewed the client's insurance",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: clientInsuranceSchema,
  },
  updateClientInsurance: {
    method: 'PUT',
    path: '/api/clients/insurance/:id',
    summary: "Changed the client's insurance",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'client_insurance', target: 'client' },
    params: clientIdParams,
    body: updateClientInsuranceBodySchema,
    response: clientInsuranceSchema,
  },
  getClientBilling: {
    method: 'GET',
    path: '/api/clients/billing/retrieve/:id',
    summary: "Viewed the client's billing details",
    access: ALL_ROLES,
    params: clientIdParams,
    response: clientBillingSchema,
  },
  updateClientBilling: {
    method: 'PUT',
    path: '/api/clients/billing/:id',
    summary: "Changed the client's billing details",
    access: ALL_ROLES,
    activity: { action: 'update', record: 'client_billing', target: 'client' },
    params: clientIdParams,
    body: updateClientBillingBodySchema,
    response: clientBillingSchema,
  },
  getClientAddress: {
    method: 'GET',
    path: '/api/clients/address/retrieve/:id',
    summary: "Viewed the client's address",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: clientAddressSchema,
  },
  updateClientAddress: {
    method: 'PUT',
    path: '/api/clients/address/:id',
    summary: "Changed the client's address",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'client_address', target: 'client' },
    params: clientIdParams,
    body: updateClientAddressBodySchema,
    response: clientAddressSchema,
  },
  getClientNotifications: {
    method: 'GET',
    path: '/api/clients/notifications/retrieve/:id',
    summary: "Viewed the client's reminder preferences and consent",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: clientReminderPreferencesSchema,
  },
  updateClientNotifications: {
    method: 'PUT',
    path: '/api/clients/notifications/:id',
    summary: "Changed the client's reminder preferences and consent",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'client_reminders', target: 'client' },
    params: clientIdParams,
    body: updateClientReminderPreferencesBodySchema,
    response: clientReminderPreferencesSchema,
  },
  getClientPortal: {
    method: 'GET',
    path: '/api/clients/portal/retrieve/:id',
    summary: "Viewed the client's portal access",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: clientPortalAccessSchema,
  },
  inviteClientPortal: {
    method: 'POST',
    path: '/api/clients/portal/invite/:id',
    summary: 'E-mailed the client an invitation to the client portal',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'invite', record: 'portal', target: 'client' },
    params: clientIdParams,
    body: inviteClientPortalBodySchema,
    response: clientPortalAccessSchema,
  },
  revokeClientPortal: {
    method: 'POST',
    path: '/api/clients/portal/revoke/:id',
    summary: "Revoked the client's portal access",
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'revoke', record: 'portal', target: 'client' },
    params: clientIdParams,
    response: clientPortalAccessSchema,
  },
  portalInvitationRetrieve: {
    method: 'GET',
    path: '/api/portal/invitation/:token',
    summary: 'The portal invitation a link is for: the practice, the client’s first name and whether it still works',
    access: 'public',
    errors: [410],
    params: portalTokenParams,
    response: portalInvitationSchema,
  },
  acceptPortalInvitation: {
    method: 'POST',
    path: '/api/portal/accept/:token',
    summary: 'Portal invitation accepted',
    access: 'public',
    errors: [410],
    params: portalTokenParams,
    body: acceptPortalInvitationBodySchema,
    response: portalAcceptanceSchema,
  },

  listClientRelationships: {
    method: 'GET',
    path: '/api/clients/relationships/retrieve/:clientId',
    summary: "Viewed the client's contacts",
    access: CLINICAL_ROLES,
    params: clientIdPathParams,
    response: clientRelationshipListSchema,
  },
  getClientRelationship: {
    method: 'GET',
    path: '/api/clients/single-relationship/retrieve/:id',
    summary: 'Viewed a contact of the client',
    access: CLINICAL_ROLES,
    params: recordIdParams,
    response: clientRelationshipSchema,
  },
  createClientRelationship: {
    method: 'POST',
    path: '/api/clients/relationships/:clientId',
    summary: 'Added a contact of the client',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'relationship' },
    params: clientIdPathParams,
    body: createClientRelationshipBodySchema,
    response: clientRelationshipSchema,
  },
  updateClientRelationship: {
    method: 'PUT',
    path: '/api/clients/single-relationship/:id',
    summary: 'Changed a contact of the client',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'relationship' },
    params: recordIdParams,
    body: updateClientRelationshipBodySchema,
    response: clientRelationshipSchema,
  },
  deleteClientRelationship: {
    method: 'DELETE',
    path: '/api/clients/single-relationship/:id',
    summary: 'Deleted a contact of the client',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'relationship' },
    params: recordIdParams,
    response: z.object({ detail: z.string() }),
  },

  listClientActivity: {
    method: 'GET',
    path: '/api/clients/activity-log/retrieve/:clientId',
    summary: "Viewed the client's activity log",
    access: CLINICAL_ROLES,
    params: clientIdPathParams,
    query: listClientActivityQuerySchema,
    response: clientActivityListSchema,
  },
  getClientActivity: {
    method: 'GET',
    path: '/api/clients/single-activity-log/retrieve/:id',
    summary: "Viewed an entry of the client's activity log",
    access: CLINICAL_ROLES,
    params: recordIdParams,
    query: singleClientActivityQuerySchema,
    response: clientActivityEntrySchema,
  },
  createClientActivity: {
    method: 'POST',
    path: '/api/clients/activity-log/:clientId',
    summary: "Added an entry to the client's activity log",
    access: CLINICAL_ROLES,
    params: clientIdPathParams,
    body: createClientActivityBodySchema,
    response: clientActivityEntrySchema,
  },
});
