import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });

/**
 * A claim of an invoice from an insurer (Billing > Insurance claims): the invoice it claims (a sent invoice, which is
 * never deleted: voided, it keeps its row), the client, the insurer and the client's policy as they were when the claim
 * was made (the insurer's row may change or go: `insurance_provider_id` has no foreign key, like the client's
 * insurance), the totals of its lines, and its status: draft, submitted, then paid or rejected. One claim per invoice
 * that is not rejected (a rejected claim may be followed by a new one).
 */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    invoiceId: integer('invoice_id').notNull(),
    invoiceNumber: text('invoice_number'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    insuranceProviderId: integer('insurance_provider_id'),
    providerName: text('provider_name').notNull(),
    payerId: text('payer_id').notNull().default(''),
    healthcodeProviderCode: text('healthcode_provider_code').notNull().default(''),
    policyNumber: text('policy_number').notNull().default(''),
    membershipNumber: text('membership_number').notNull().default(''),
    authorisationCode: text('authorisation_code').notNull().default(''),
    status: text('status').notNull().default('draft'),
    currency: text('currency').notNull(),
    netMinor: integer('net_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('insurance_claims_practice_created_idx').on(t.practiceId, t.createdAt.desc(), t.id.desc()),
    index('insurance_claims_client_idx').on(t.practiceId, t.clientId, t.createdAt.desc()),
    uniqueIndex('insurance_claims_open_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.status} <> 'rejected'`),
  ],
);

/** A line of a claim: a copy of an invoice line (its words, day, quantity, price, tax and totals) as claimed. */
export const insuranceClaimLines = pgTable(
  'insurance_claim_lines',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => insuranceClaims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    serviceDate: date('service_date'),
    quantity: integer('quantity').notNull(),
    unitMinor: integer('unit_minor').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    netMinor: integer('net_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    grossMinor: integer('gross_minor').notNull(),
  },
  (t) => [index('insurance_claim_lines_claim_idx').on(t.claimId, t.position)],
);
