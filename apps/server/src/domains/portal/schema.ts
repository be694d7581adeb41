import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/schema';
import { practices } from '../practice/schema';

/**
 * A client's e-mailed sign-in link to their portal home (/Portal/Home/{token}): the token's hash and until when it
 * works. It works only while the client's portal access is active; it can be used again until it expires.
 */
export const portalSignInLinks = pgTable(
  'portal_sign_in_links',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_sign_in_links_token_idx').on(t.tokenHash),
    index('portal_sign_in_links_client_idx').on(t.clientId),
  ],
);
