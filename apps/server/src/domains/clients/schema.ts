import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { services } from '../billing/settings/schema';
import { practices } from '../practice/schema';
import { users } from '../users/schema';
import { formTemplates } from '../workspace/templates/schema';

export const clientKindEnum = pgEnum('client_kind', ['individual', 'couple', 'family', 'group']);
export const clientStatusEnum = pgEnum('client_status', [
  'enquiry',
  'waitlist',
  'active',
  'on hold',
  'discharged',
  'archived',
]);
export const riskLevelEnum = pgEnum('risk_level', ['none', 'low', 'medium', 'high']);

/** The name order of the client list: sort name (last name, or a couple's, family's or group's name), first name, id. */
const sortName = (t: { lastName: AnyPgColumn; firstName: AnyPgColumn; id: AnyPgColumn }) =>
  [sql`lower(coalesce(nullif(${t.lastName}, ''), ${t.firstName}))`, sql`lower(${t.firstName})`, t.id] as const;

/**
 * A client of the practice (SPEC.md §3). Couples, families and groups are clients of their own kind whose members are
 * individual clients (`client_members`). `risk_level` mirrors the current risk assessment so the list can filter and sort
 * on it; `version` guards concurrent edits (a stale update answers 409).
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    kind: clientKindEnum('kind').notNull().default('individual'),
    status: clientStatusEnum('status').notNull().default('active'),
    /** For a couple, family or group: its name ("The Okafor family"). For an individual: the first name. */
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    preferredName: text('preferred_name'),
    pronouns: text('pronouns'),
    dateOfBirth: date('date_of_birth'),
    email: text('email'),
    phone: text('phone'),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    riskLevel: riskLevelEnum('risk_level').notNull().default('none'),
    /** The current risk assessment's next review date (mirrored like `risk_level`), so the list can flag overdue ones. */
    riskReviewDue: date('risk_review_due'),
    /** The service the client is usually seen for (Settings > Services) and the fee agreed for it (null: its price). */
    defaultServiceId: integer('default_service_id').references(() => services.id, { onDelete: 'set null' }),
    defaultFeeMinor: integer('default_fee_minor'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_practice_created_idx').on(t.practiceId, t.createdAt, t.id),
    // The list's name order: last name, or a couple's, family's or group's name (they have no last name).
    index('clients_practice_sort_name_idx').on(t.practiceId, ...sortName(t)),
    // Sorted by status (then name), and one therapist's clients by name: a page reads its rows in index order.
    index('clients_practice_status_sort_name_idx').on(t.practiceId, t.status, ...sortName(t)),
    index('clients_practice_therapist_sort_name_idx').on(t.practiceId, t.therapistId, ...sortName(t)),
    index('clients_tags_idx').using('gin', t.tags),
    // The "risk review overdue" filter: a range scan over the practice's clients that have a review date.
    index('clients_practice_risk_review_idx')
      .on(t.practiceId, t.riskReviewDue)
      .where(sql`${t.riskReviewDue} is not null`),
    // The dashboard's "clients flagged high-risk", by name: only the (few) high-risk clients are in it.
    index('clients_practice_high_risk_sort_name_idx')
      .on(t.practiceId, ...sortName(t))
      .where(sql`${t.riskLevel} = 'high'`),
    check('clients_default_fee_range', sql`${t.defaultFeeMinor} >= 0`),
  ],
);

/** The individual clients who make up a couple, family or group client. */
export const clientMembers = pgTable(
  'client_members',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    groupClientId: integer('group_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    memberClientId: integer('member_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupClientId, t.memberClientId] }),
    index('client_members_member_idx').on(t.memberClientId),
  ],
);

/**
 * How many clients a practice has, per status, kind and risk level: kept by triggers on `clients` in the same transaction
 * as the change (migration 0016), so the client list's "of N clients" is a sum over a few rows, never a count over the
 * practice's clients.
 */
export const clientCounts = pgTable(
  'client_counts',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    status: clientStatusEnum('status').notNull(),
    kind: clientKindEnum('kind').notNull(),
    riskLevel: riskLevelEnum('risk_level').notNull(),
    clients: integer('clients').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.status, t.kind, t.riskLevel] })],
);

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });
const clientId = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Personal and practical details of a client (one row per client, made on first save): gender, GP, referral, emergency notes. */
export const clientDetails = pgTable(
  'client_details',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    gender: text('gender'),
    occupation: text('occupation'),
    language: text('language'),
    interpreterNeeded: boolean('interpreter_needed').notNull().default(false),
    accessibilityNeeds: text('accessibility_needs'),
    referralSource: text('referral_source'),
    referralDate: date('referral_date'),
    gpName: text('gp_name'),
    gpPractice: text('gp_practice'),
    gpPhone: text('gp_phone'),
    gpAddress: text('gp_address'),
    emergencyNotes: text('emergency_notes'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('client_details_client_idx').on(t.clientId)],
);

/** A client's insurance policy (one per client). */
export const clientInsurance = pgTable(
  'client_insurance',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    /** The insurer of Settings > Insurance, when chosen there (no foreign key: that list may change independently). */
    insuranceProviderId: integer('insurance_provider_id'),
    providerName: text('provider_name'),
    policyNumber: text('policy_number'),
    membershipNumber: text('membership_number'),
    authorisationCode: text('authorisation_code'),
    policyHolderName: text('policy_holder_name'),
    policyHolderRelationship: text('policy_holder_relationship'),
    sessionsAuthorised: integer('sessions_authorised'),
    excessMinor: integer('excess_minor'),
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('client_insurance_client_idx').on(t.clientId)],
);

/**
 * How a client is billed (one per client): whom invoices go to by default and notes for the billing. The usual service
 * and agreed fee stay on `clients` (the client's `defaultService`), where onboarding sets them.
 */
export const clientBilling = pgTable(
  'client_billing',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    /** A BILL_TO_KINDS value: client, contact or insurer. */
    invoiceTo: text('invoice_to').notNull().default('client'),
    contactId: integer('contact_id').references(() => clientRelationships.id, { onDelete: 'set null' }),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('client_billing_client_idx').on(t.clientId)],
);

/** A client's postal address (one per client). */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    region: text('region'),
    postcode: text('postcode'),
    country: text('country'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('client_addresses_client_idx').on(t.clientId)],
);

/** How and when a client is reminded of sessions, and the record of their consent. */
export const clientReminderPreferences = pgTable(
  'client_reminder_preferences',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    emailReminders: boolean('email_reminders').notNull().default(false),
    smsReminders: boolean('sms_reminders').notNull().default(false),
    leadTimeHours: integer('lead_time_hours').notNull().default(24),
    consentGiven: boolean('consent_given').notNull().default(false),
    consentMethod: text('consent_method'),
    consentRecordedAt: timestamp('consent_recorded_at', { withTimezone: true }),
    consentRecordedBy: integer('consent_recorded_by').references(() => users.id, { onDelete: 'set null' }),
    consentNotes: text('consent_notes'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('client_reminder_preferences_client_idx').on(t.clientId)],
);

/** A client's access to the client portal: invited (a single-use link, stored hashed), active, revoked. */
export const clientPortalAccess = pgTable(
  'client_portal_access',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    status: text('status').notNull().default('not invited'),
    email: text('email'),
    inviteTokenHash: text('invite_token_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('client_portal_access_client_idx').on(t.clientId),
    uniqueIndex('client_portal_access_token_idx').on(t.inviteTokenHash),
  ],
);

/** A client's contacts (relationships): emergency contact, GP, next of kin, parent or guardian, referrer, solicitor, other. */
export const clientRelationships = pgTable(
  'client_relationships',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    name: text('name').notNull(),
    relationshipType: text('relationship_type').notNull(),
    relationshipDetail: text('relationship_detail'),
    organisation: text('organisation'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    consentToContact: boolean('consent_to_contact').notNull().default(false),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [index('client_relationships_client_idx').on(t.clientId, t.id)],
);

/** Entries added by hand to a client's activity log (calls, e-mails, letters, meetings, notes); changes come from audit_log. */
export const clientActivityEntries = pgTable(
  'client_activity_entries',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    kind: text('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    direction: text('direction'),
    summary: text('summary').notNull(),
    body: text('body'),
    durationMinutes: integer('duration_minutes'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [index('client_activity_entries_client_idx').on(t.clientId, t.occurredAt)],
);

/**
 * The intake forms (form templates of INTAKE_FORM_USAGE_CONTEXTS) chosen for a client at onboarding, to send with the
 * portal invitation. `sent_at` stays null until a form-sending path has sent the form to the client.
 */
export const clientIntakeForms = pgTable(
  'client_intake_forms',
  {
    practiceId: practiceId(),
    clientId: clientId(),
    formTemplateId: integer('form_template_id')
      .notNull()
      .references(() => formTemplates.id, { onDelete: 'cascade' }),
    chosenBy: integer('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.formTemplateId] })],
);
