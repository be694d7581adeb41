import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { practices } from '../../practice/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });

const stamps = () => ({
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the practice sells (Settings > Services): a kind of session ('individual', 'couple', 'group', 'assessment', with
 * its length) or an other service ('other': a report, a letter; no length). Money is minor units of `currency`; the tax
 * rate is basis points (2000 = 20%). `bookable_online` puts a session on the public booking page; `archived` keeps a
 * service for what names it but leaves it out of the pickers. Names are unique in a practice, whatever their case.
 */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    bookableOnline: boolean('bookable_online').notNull().default(false),
    colour: text('colour').notNull(),
    archived: boolean('archived').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('services_practice_name_idx').on(t.practiceId, sql`lower(${t.name})`),
    check('services_price_range', sql`${t.priceMinor} >= 0`),
    check('services_tax_rate_range', sql`${t.taxRateBp} between 0 and 10000`),
    check(
      'services_duration_of_sessions',
      sql`(${t.kind} = 'other' and ${t.durationMinutes} is null) or (${t.kind} <> 'other' and ${t.durationMinutes} > 0)`,
    ),
  ],
);

/**
 * How the practice's invoices are numbered and worded (Settings > Client-billing): one row per practice, absent until
 * first saved (the contract's DEFAULT_BILLING_SETTINGS stand in). The numbers themselves are the ledger's counters.
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    practiceId: integer('practice_id')
      .primaryKey()
      .references(() => practices.id, { onDelete: 'cascade' }),
    numberPrefix: text('number_prefix').notNull(),
    creditNotePrefix: text('credit_note_prefix').notNull(),
    numberPadding: integer('number_padding').notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    defaultTaxRateBp: integer('default_tax_rate_bp').notNull(),
    taxLabel: text('tax_label').notNull(),
    footer: text('footer').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    check('billing_settings_terms_range', sql`${t.paymentTermsDays} between 0 and 365`),
    check('billing_settings_tax_rate_range', sql`${t.defaultTaxRateBp} between 0 and 10000`),
  ],
);

/**
 * An account clients pay into, printed on invoices in its `currency`: UK details (sort code, account number), an IBAN
 * and BIC, or written instructions. One default per practice and currency, held by the partial unique index: the
 * default account of a currency is the one invoices in it use unless another is chosen.
 */
export const invoiceAccounts = pgTable(
  'invoice_accounts',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    accountHolder: text('account_holder').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    sortCode: text('sort_code').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    iban: text('iban').notNull().default(''),
    bic: text('bic').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('invoice_accounts_one_default_idx')
      .on(t.practiceId, t.currency)
      .where(sql`${t.isDefault}`),
    index('invoice_accounts_practice_idx').on(t.practiceId, t.currency),
  ],
);

/**
 * A reminder e-mail for an unpaid invoice, `offset_days` from its due date (negative: before it), with a subject and
 * body whose merge fields ({{invoice.number}}, as in a payment-reminder e-mail template) the reminder job fills in.
 * One rule per offset in a practice.
 */
export const invoiceReminderRules = pgTable(
  'invoice_reminder_rules',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    offsetDays: integer('offset_days').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('invoice_reminder_rules_offset_idx').on(t.practiceId, t.offsetDays)],
);

/** An insurer the practice bills (Settings > Insurance): its payer id, address, contact and Healthcode code. */
export const insuranceProviders = pgTable(
  'insurance_providers',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    name: text('name').notNull(),
    payerId: text('payer_id').notNull().default(''),
    address: text('address').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    healthcodeProviderCode: text('healthcode_provider_code').notNull().default(''),
    ...stamps(),
  },
  (t) => [index('insurance_providers_practice_idx').on(t.practiceId, sql`lower(${t.name})`)],
);

/** The practice's Healthcode account (UK electronic insurance claims): one row per practice, absent until saved. */
export const healthcodeAccounts = pgTable('healthcode_accounts', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  practitionerId: text('practitioner_id').notNull().default(''),
  username: text('username').notNull().default(''),
  enabled: boolean('enabled').notNull().default(false),
  ...stamps(),
});
