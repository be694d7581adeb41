import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { practices } from '../../practice/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The practice's payment provider account and its online-payment settings (one row per practice, made on the first
 * save or connection). `status` follows the provider: 'not started' (no account), 'pending', 'restricted', 'active'.
 * `account_id` is the provider's id; one account serves one practice.
 */
export const onlinePaymentAccounts = pgTable(
  'online_payment_accounts',
  {
    practiceId: integer('practice_id')
      .primaryKey()
      .references(() => practices.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountId: text('account_id'),
    status: text('status').notNull().default('not started'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    acceptCardPayments: boolean('accept_card_payments').notNull().default(true),
    payLinkDays: integer('pay_link_days').notNull().default(60),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('online_payment_accounts_account_idx')
      .on(t.provider, t.accountId)
      .where(sql`${t.accountId} is not null`),
  ],
);

/**
 * The pay links e-mailed with invoices: public, unguessable and expiring, stored as the SHA-256 of the token (as every
 * link of Halcyon is), so the table alone opens nothing. Each e-mail carries a new link.
 */
export const onlinePayLinks = pgTable(
  'online_pay_links',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    invoiceId: integer('invoice_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('online_pay_links_token_idx').on(t.tokenHash),
    index('online_pay_links_invoice_idx').on(t.practiceId, t.invoiceId),
  ],
);

/**
 * A checkout begun from a pay link: the provider's session for the invoice's balance at that moment. `status`: 'open',
 * 'paid' (the provider's event recorded `payment_id` in the ledger), 'declined' (sandbox), 'expired'.
 */
export const onlineCheckouts = pgTable(
  'online_checkouts',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    invoiceId: integer('invoice_id').notNull(),
    payLinkId: integer('pay_link_id')
      .notNull()
      .references(() => onlinePayLinks.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCheckoutId: text('provider_checkout_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    /** The provider's payment (a Stripe PaymentIntent), for refunds. */
    paymentRef: text('payment_ref'),
    /** The ledger's payment once recorded. */
    paymentId: integer('payment_id'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('online_checkouts_provider_idx').on(t.provider, t.providerCheckoutId),
    index('online_checkouts_invoice_idx').on(t.practiceId, t.invoiceId),
  ],
);

/**
 * Every provider event received, once: the unique (provider, event id) makes a delivery of the same event a no-op,
 * however often the provider retries it. `outcome` says what it did ('payment recorded', 'ignored', ...).
 */
export const onlinePaymentEvents = pgTable(
  'online_payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    checkoutId: integer('checkout_id').references(() => onlineCheckouts.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('online_payment_events_event_idx').on(t.provider, t.eventId)],
);
