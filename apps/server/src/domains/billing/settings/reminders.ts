import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_SETTINGS_MESSAGES,
  REMINDER_RULES_MAX,
  type InvoiceReminder,
  type Message,
  type createInvoiceReminderBodySchema,
  type updateInvoiceReminderBodySchema,
} from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { hasSqlState } from '../../../platform/db/rows';
import { conflict, notFound } from '../../../platform/errors';
import { missedEdit, nextVersion, ownedAt, ownedRow, stampsOf } from './shared';
import { invoiceReminderRules } from './schema';

type Row = typeof invoiceReminderRules.$inferSelect;
type CreateBody = z.output<typeof createInvoiceReminderBodySchema>;
type UpdateBody = z.output<typeof updateInvoiceReminderBodySchema>;

const M = BILLING_SETTINGS_MESSAGES;

function toReminder(row: Row): InvoiceReminder {
  return {
    id: row.id,
    offsetDays: row.offsetDays,
    subject: row.subject,
    body: row.body,
    enabled: row.enabled,
    ...stampsOf(row),
  };
}

const byOffset = [asc(invoiceReminderRules.offsetDays), asc(invoiceReminderRules.id)];

/** The practice's reminder rules that are on, by days from the due date (the ledger's reminder job sends them). */
export async function reminderRules(db: Db, practiceId: number): Promise<InvoiceReminder[]> {
  const rows = await db
    .select()
    .from(invoiceReminderRules)
    .where(and(eq(invoiceReminderRules.practiceId, practiceId), eq(invoiceReminderRules.enabled, true)))
    .orderBy(...byOffset);
  return rows.map(toReminder);
}

async function reminderById(db: Db, practiceId: number, id: number): Promise<InvoiceReminder | null> {
  const [row] = await db
    .select()
    .from(invoiceReminderRules)
    .where(ownedRow(invoiceReminderRules, practiceId, id))
    .limit(1);
  return row ? toReminder(row) : null;
}

/** One rule per day offset: a taken offset answers 409 naming it. */
async function oneRulePerOffset<T>(offsetDays: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, '23505')) throw conflict(M.reminderExists(offsetDays));
    throw error;
  }
}

/** Settings > Client-billing, the reminder e-mails for unpaid invoices (days before or after the due date). */
export class InvoiceRemindersService {
  constructor(private readonly db: Db) {}

  async list(practiceId: number): Promise<{ items: InvoiceReminder[] }> {
    const rows = await this.db
      .select()
      .from(invoiceReminderRules)
      .where(eq(invoiceReminderRules.practiceId, practiceId))
      .orderBy(...byOffset);
    return { items: rows.map(toReminder) };
  }

  async one(practiceId: number, id: number): Promise<InvoiceReminder> {
    const reminder = await reminderById(this.db, practiceId, id);
    if (!reminder) throw notFound(M.reminderNotFound);
    return reminder;
  }

  async create(practiceId: number, body: CreateBody): Promise<InvoiceReminder> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceReminderRules)
      .where(eq(invoiceReminderRules.practiceId, practiceId));
    if ((count?.n ?? 0) >= REMINDER_RULES_MAX) throw conflict(M.tooManyReminders);
    const [row] = await oneRulePerOffset(body.offsetDays, () =>
      this.db
        .insert(invoiceReminderRules)
        .values({ practiceId, ...body })
        .returning(),
    );
    return toReminder(row!);
  }

  async update(practiceId: number, id: number, body: UpdateBody): Promise<InvoiceReminder> {
    const { version, ...fields } = body;
    const [row] = await oneRulePerOffset(body.offsetDays, () =>
      this.db
        .update(invoiceReminderRules)
        .set({ ...fields, ...nextVersion(invoiceReminderRules) })
        .where(ownedAt(invoiceReminderRules, practiceId, id, version))
        .returning(),
    );
    if (row) return toReminder(row);
    return missedEdit(() => reminderById(this.db, practiceId, id), M.reminderNotFound, M.reminderChanged);
  }

  async remove(practiceId: number, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(invoiceReminderRules)
      .where(ownedRow(invoiceReminderRules, practiceId, id))
      .returning({ id: invoiceReminderRules.id });
    if (deleted.length === 0) throw notFound(M.reminderNotFound);
    return { detail: M.reminderDeleted };
  }
}
