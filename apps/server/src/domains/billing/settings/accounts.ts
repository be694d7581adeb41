import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_SETTINGS_MESSAGES,
  type InvoiceAccount,
  type Message,
  type createInvoiceAccountBodySchema,
  type updateInvoiceAccountBodySchema,
} from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { hasSqlState } from '../../../platform/db/rows';
import { conflict, notFound } from '../../../platform/errors';
import { nextVersion, ownedRow, stampsOf } from './shared';
import { invoiceAccounts } from './schema';

type Row = typeof invoiceAccounts.$inferSelect;
type CreateBody = z.output<typeof createInvoiceAccountBodySchema>;
type UpdateBody = z.output<typeof updateInvoiceAccountBodySchema>;

const M = BILLING_SETTINGS_MESSAGES;

export function toInvoiceAccount(row: Row): InvoiceAccount {
  return {
    id: row.id,
    name: row.name,
    accountCurrency: row.currency,
    isDefault: row.isDefault,
    accountHolder: row.accountHolder,
    bankName: row.bankName,
    sortCode: row.sortCode,
    accountNumber: row.accountNumber,
    iban: row.iban,
    bic: row.bic,
    instructions: row.instructions,
    ...stampsOf(row),
  };
}

const fieldsOf = (body: CreateBody) => ({
  name: body.name,
  currency: body.accountCurrency,
  accountHolder: body.accountHolder,
  bankName: body.bankName,
  sortCode: body.sortCode,
  accountNumber: body.accountNumber,
  iban: body.iban,
  bic: body.bic,
  instructions: body.instructions,
});

/** The default account of a currency, or null when the practice has none in it (the ledger's invoices use it). */
export async function defaultAccount(db: Db, practiceId: number, currency: string): Promise<InvoiceAccount | null> {
  const [row] = await db
    .select()
    .from(invoiceAccounts)
    .where(
      and(
        eq(invoiceAccounts.practiceId, practiceId),
        eq(invoiceAccounts.currency, currency),
        eq(invoiceAccounts.isDefault, true),
      ),
    )
    .limit(1);
  return row ? toInvoiceAccount(row) : null;
}

/** One invoice account of the practice, or null. */
export async function invoiceAccountById(db: Db, practiceId: number, id: number): Promise<InvoiceAccount | null> {
  const [row] = await db
    .select()
    .from(invoiceAccounts)
    .where(ownedRow(invoiceAccounts, practiceId, id))
    .limit(1);
  return row ? toInvoiceAccount(row) : null;
}

/** Other accounts of the practice in a currency than `exceptId`: how many. */
async function othersIn(db: Db, practiceId: number, currency: string, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceAccounts)
    .where(
      and(
        eq(invoiceAccounts.practiceId, practiceId),
        eq(invoiceAccounts.currency, currency),
        ne(invoiceAccounts.id, exceptId),
      ),
    );
  return row?.count ?? 0;
}

/** Clears the default of a currency (before another account takes it, in the same transaction). */
async function clearDefault(db: Db, practiceId: number, currency: string): Promise<void> {
  await db
    .update(invoiceAccounts)
    .set({ isDefault: false, ...nextVersion(invoiceAccounts) })
    .where(
      and(
        eq(invoiceAccounts.practiceId, practiceId),
        eq(invoiceAccounts.currency, currency),
        eq(invoiceAccounts.isDefault, true),
      ),
    );
}

/**
 * The one-default rule meets a concurrent change (two first accounts of a currency saved at once): the partial unique
 * index refuses the second, which answers 409 instead of a database error.
 */
async function oneDefault<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, '23505')) throw conflict(M.accountChanged);
    throw error;
  }
}

/**
 * Settings > Client-billing, the accounts clients pay into: one default per currency (the database holds the rule with
 * a partial unique index; this service keeps it true on every write). The first account of a currency is its default;
 * making another the default moves it there; the default cannot be unset or deleted while its currency has others.
 */
export class InvoiceAccountsService {
  constructor(private readonly db: Db) {}

  async list(practiceId: number): Promise<{ items: InvoiceAccount[] }> {
    const rows = await this.db
      .select()
      .from(invoiceAccounts)
      .where(eq(invoiceAccounts.practiceId, practiceId))
      .orderBy(
        asc(invoiceAccounts.currency),
        desc(invoiceAccounts.isDefault),
        asc(sql`lower(${invoiceAccounts.name})`),
        asc(invoiceAccounts.id),
      );
    return { items: rows.map(toInvoiceAccount) };
  }

  async one(practiceId: number, id: number): Promise<InvoiceAccount> {
    const account = await invoiceAccountById(this.db, practiceId, id);
    if (!account) throw notFound(M.accountNotFound);
    return account;
  }

  async defaultOf(practiceId: number, currency: string): Promise<InvoiceAccount> {
    const account = await defaultAccount(this.db, practiceId, currency);
    if (!account) throw notFound(M.noDefaultAccount(currency));
    return account;
  }

  async create(practiceId: number, body: CreateBody): Promise<InvoiceAccount> {
    const row = await oneDefault(() =>
      this.db.transaction(async (tx) => {
        const first = (await othersIn(tx, practiceId, body.accountCurrency, 0)) === 0;
        const isDefault = first || body.isDefault;
        if (isDefault) await clearDefault(tx, practiceId, body.accountCurrency);
        const [inserted] = await tx
          .insert(invoiceAccounts)
          .values({ practiceId, ...fieldsOf(body), isDefault })
          .returning();
        return inserted!;
      }),
    );
    return toInvoiceAccount(row);
  }

  async update(practiceId: number, id: number, body: UpdateBody): Promise<InvoiceAccount> {
    const row = await oneDefault(() =>
      this.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(invoiceAccounts)
          .where(ownedRow(invoiceAccounts, practiceId, id))
          .for('update');
        if (!current) throw notFound(M.accountNotFound);
        if (current.version !== body.version) throw conflict(M.accountChanged);
        const moved = current.currency !== body.accountCurrency;
        // The default of its currency stays the default unless another takes it; moving it to another currency leaves
        // its old currency without one, so only when no other account is in it.
        if (current.isDefault && (moved || !body.isDefault)) {
          if ((await othersIn(tx, practiceId, current.currency, id)) > 0) {
            throw conflict(M.keepOneDefault(current.currency));
          }
        }
        // The only account of a currency is its default, whatever the form said.
        const stays = current.isDefault && !moved;
        const isDefault = stays || body.isDefault || (await othersIn(tx, practiceId, body.accountCurrency, id)) === 0;
        if (isDefault && !stays) await clearDefault(tx, practiceId, body.accountCurrency);
        const [updated] = await tx
          .update(invoiceAccounts)
          .set({ ...fieldsOf(body), isDefault, ...nextVersion(invoiceAccounts) })
          .where(ownedRow(invoiceAccounts, practiceId, id))
          .returning();
        return updated!;
      }),
    );
    return toInvoiceAccount(row);
  }

  async remove(practiceId: number, id: number): Promise<Message> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(invoiceAccounts)
        .where(ownedRow(invoiceAccounts, practiceId, id))
        .for('update');
      if (!current) throw notFound(M.accountNotFound);
      if (current.isDefault && (await othersIn(tx, practiceId, current.currency, id)) > 0) {
        throw conflict(M.deleteDefault(current.currency));
      }
      try {
        await tx.delete(invoiceAccounts).where(ownedRow(invoiceAccounts, practiceId, id));
      } catch (error) {
        // An invoice names the account (the ledger's foreign key): it stays.
        if (hasSqlState(error, '23503')) throw conflict(M.accountInUse);
        throw error;
      }
    });
    return { detail: M.accountDeleted };
  }
}
