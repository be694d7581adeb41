import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only audit log (QUALITY.md security 10): a trigger added in the migration rejects UPDATE and DELETE.
 * No foreign keys, so entries outlive the rows they describe.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    practiceId: integer('practice_id'),
    userId: integer('user_id'),
    role: text('role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The client whose record this is about (a client's activity log reads these), or null. */
    clientId: integer('client_id'),
    ip: text('ip'),
    outcome: text('outcome').notNull(),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_log_practice_entity_idx').on(t.practiceId, t.entity, t.entityId),
    index('audit_log_practice_client_idx').on(t.practiceId, t.clientId, t.at),
  ],
);
