import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_CURRENCY,
  EXPENSE_MESSAGES,
  RECEIPT_TYPES,
  type Expense,
  type ExpenseCategory,
  type ExpenseDetails,
  type ExpenseList,
  type Message,
  type Routes,
} from '@halcyon/api/contract';
import { lineTax } from '@halcyon/api/money';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import { iso, rowsOf, type Db } from '../../../platform/db';
import { cappedPage, cappedTotalSql, containsPattern } from '../../../platform/db/paging';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import type { RouteInput } from '../../../platform/http/contract';
import { storedFiles } from '../../files/schema';
import { expenses } from './schema';

type In<N extends keyof Routes> = RouteInput<Routes[N]>['body'];
type Query = RouteInput<Routes['listExpenses']>['query'];

interface ExpenseSqlRow {
  id: number;
  spent_on: string;
  category: ExpenseCategory;
  supplier: string;
  description: string;
  amount_minor: number;
  currency: string;
  tax_rate_bp: number;
  tax_minor: number;
  version: number;
  created_at: unknown;
  updated_at: unknown;
  file_id: string | null;
  file_name: string | null;
  file_size: number | string | null;
  file_type: string | null;
  created_by_name?: string | null;
  updated_by_name?: string | null;
}

/** An expense with its receipt's metadata: one row per expense (the receipt is at most one file). */
const EXPENSE_COLUMNS = sql`e.id, e.spent_on::text as spent_on, e.category, e.supplier, e.description, e.amount_minor,
  e.currency, e.tax_rate_bp, e.tax_minor, e.version, e.created_at, e.updated_at,
  f.id::text as file_id, f.name as file_name, f.size as file_size, f.type as file_type`;
const RECEIPT_JOIN = sql`left join stored_files f on f.id = e.receipt_file_id`;
const MEMBER_NAME = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

export function toExpense(row: ExpenseSqlRow): Expense {
  return {
    id: row.id,
    date: row.spent_on,
    category: row.category,
    supplier: row.supplier,
    description: row.description,
    amountMinor: row.amount_minor,
    currency: row.currency,
    taxRateBp: row.tax_rate_bp,
    taxMinor: row.tax_minor,
    totalMinor: row.amount_minor + row.tax_minor,
    receipt:
      row.file_id === null
        ? null
        : { id: row.file_id, name: row.file_name ?? 'receipt', size: Number(row.file_size), type: row.file_type ?? '' },
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The conditions of the expense list (and the accountant's export): practice, period, categories, supplier words. */
export function expenseFilter(
  practiceId: number,
  f: { from?: string | null; to?: string | null; category?: readonly string[]; search?: string },
): SQL {
  const parts: SQL[] = [sql`e.practice_id = ${practiceId}`];
  if (f.from) parts.push(sql`e.spent_on >= ${f.from}::date`);
  if (f.to) parts.push(sql`e.spent_on <= ${f.to}::date`);
  if (f.category && f.category.length > 0) parts.push(sql`e.category = any(${sql.param([...f.category])}::text[])`);
  for (const word of (f.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = containsPattern(word);
    parts.push(sql`(e.supplier ilike ${pattern} or e.description ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** Files that belong to a client's documents: never a receipt, and never deleted with an expense. */
const FILE_OF_A_DOCUMENT = (fileId: string) =>
  sql`exists (select 1 from client_documents d where d.file_id = ${fileId}::uuid)
   or exists (select 1 from document_templates t where t.file_id = ${fileId}::uuid)
   or exists (select 1 from signature_requests r where r.signed_file_id = ${fileId}::uuid)`;

/**
 * The practice's expenses (Billing > Expenses): a page of them newest first (a page and a bounded count, never a count
 * over the whole practice), one, with who recorded it, and the writes. The tax is computed here with money's one rule
 * and stored beside the amount. The receipt is a file this practice uploaded (POST /api/files, type read from its
 * content) that is a PDF or an image and no other record's. Each write is audited; nothing here is clinical, so every
 * role works it.
 */
export class ExpensesService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  async list(auth: AuthContext, query: Query): Promise<ExpenseList> {
    const where = expenseFilter(auth.practiceId, query);
    const offset = (query.page - 1) * query.pageSize;
    const [rows, counted] = await Promise.all([
      rowsOf<ExpenseSqlRow>(
        this.db,
        sql`select ${EXPENSE_COLUMNS} from expenses e ${RECEIPT_JOIN} where ${where}
            order by e.spent_on desc, e.id desc limit ${query.pageSize} offset ${offset}`,
      ),
      rowsOf<{ n: number | string; currency: string | null }>(
        this.db,
        sql`select ${cappedTotalSql(sql`from expenses e where ${where}`, offset)} as n,
                   (select pd.currency from practice_details pd where pd.practice_id = ${auth.practiceId}) as currency`,
      ),
    ]);
    const [head] = counted;
    return {
      ...cappedPage(rows.map(toExpense), Number(head?.n ?? 0), query, offset),
      currency: head?.currency ?? DEFAULT_CURRENCY,
    };
  }

  private async row(auth: AuthContext, id: number): Promise<ExpenseSqlRow> {
    const [row] = await rowsOf<ExpenseSqlRow>(
      this.db,
      sql`select ${EXPENSE_COLUMNS}, ${MEMBER_NAME('cu')} as created_by_name, ${MEMBER_NAME('uu')} as updated_by_name
          from expenses e ${RECEIPT_JOIN}
          left join users cu on cu.id = e.created_by left join users uu on uu.id = e.updated_by
          where e.id = ${id} and e.practice_id = ${auth.practiceId} limit 1`,
    );
    if (!row) throw notFound(EXPENSE_MESSAGES.notFound);
    return row;
  }

  async one(auth: AuthContext, id: number): Promise<Expense> {
    return toExpense(await this.row(auth, id));
  }

  async details(auth: AuthContext, id: number): Promise<ExpenseDetails> {
    const row = await this.row(auth, id);
    return {
      ...toExpense(row),
      createdByName: row.created_by_name ?? null,
      updatedByName: row.updated_by_name ?? null,
    };
  }

  /** The receipt a write attaches: this practice's file, a PDF or an image, no document's and no other expense's. */
  private async checkReceipt(auth: AuthContext, fileId: string | null, expenseId?: number): Promise<void> {
    if (fileId === null) return;
    const [file] = await rowsOf<{ type: string; used: boolean }>(
      this.db,
      sql`select f.type, (${FILE_OF_A_DOCUMENT(fileId)}
            or exists (select 1 from expenses x where x.receipt_file_id = f.id and x.id <> ${expenseId ?? 0})) as used
          from stored_files f where f.id = ${fileId}::uuid and f.practice_id = ${auth.practiceId} limit 1`,
    );
    const refuse = (message: string) => badRequest(message, { receiptFileId: message });
    if (!file) throw refuse(EXPENSE_MESSAGES.receiptMissing);
    if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) throw refuse(EXPENSE_MESSAGES.receiptType);
    if (file.used) throw refuse(EXPENSE_MESSAGES.receiptInUse);
  }

  private fieldsOf(body: In<'createExpense'>) {
    return {
      spentOn: body.date,
      category: body.category,
      supplier: body.supplier,
      description: body.description,
      amountMinor: body.amountMinor,
      currency: body.currency,
      taxRateBp: body.taxRateBp,
      taxMinor: lineTax(body.amountMinor, body.taxRateBp),
      receiptFileId: body.receiptFileId,
    };
  }

  async create(auth: AuthContext, body: In<'createExpense'>, request: FastifyRequest): Promise<Expense> {
    await this.checkReceipt(auth, body.receiptFileId);
    const [created] = await this.db
      .insert(expenses)
      .values({ practiceId: auth.practiceId, ...this.fieldsOf(body), createdBy: auth.userId, updatedBy: auth.userId })
      .returning({ id: expenses.id });
    await this.audit(request, 'create', created!.id, body);
    return this.one(auth, created!.id);
  }

  async update(auth: AuthContext, id: number, body: In<'updateExpense'>, request: FastifyRequest): Promise<Expense> {
    const before = await this.row(auth, id);
    await this.checkReceipt(auth, body.receiptFileId, id);
    const [updated] = await this.db
      .update(expenses)
      .set({
        ...this.fieldsOf(body),
        updatedBy: auth.userId,
        version: sql`${expenses.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(expenses.id, id), eq(expenses.practiceId, auth.practiceId), eq(expenses.version, body.version)))
      .returning({ id: expenses.id });
    if (!updated) throw conflict(EXPENSE_MESSAGES.changed);
    // A receipt replaced or taken off goes with it (unless a document holds the same file).
    if (before.file_id && before.file_id !== body.receiptFileId) await this.dropFile(auth, before.file_id);
    await this.audit(request, 'update', id, body);
    return this.one(auth, id);
  }

  async remove(auth: AuthContext, id: number, request: FastifyRequest): Promise<Message> {
    const [deleted] = await this.db
      .delete(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.practiceId, auth.practiceId)))
      .returning({ receiptFileId: expenses.receiptFileId });
    if (!deleted) throw notFound(EXPENSE_MESSAGES.notFound);
    if (deleted.receiptFileId) await this.dropFile(auth, deleted.receiptFileId);
    await this.p.audit.record(request, { action: 'delete', entity: 'expense', entityId: id });
    return { detail: EXPENSE_MESSAGES.deleted };
  }

  /** Deletes a receipt no record holds any more: the row, then the bytes (a failure leaves an orphan object only). */
  private async dropFile(auth: AuthContext, fileId: string): Promise<void> {
    const [dropped] = await this.db
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.id, fileId),
          eq(storedFiles.practiceId, auth.practiceId),
          sql`not (${FILE_OF_A_DOCUMENT(fileId)})`,
          sql`not exists (select 1 from expenses x where x.receipt_file_id = ${fileId}::uuid)`,
        ),
      )
      .returning({ key: storedFiles.storageKey });
    if (dropped) await this.p.storage.delete(dropped.key).catch(() => undefined);
  }

  /** The audit row of a write: what changed, in figures (no free text). */
  private audit(request: FastifyRequest, action: 'create' | 'update', id: number, body: In<'createExpense'>) {
    return this.p.audit.record(request, {
      action,
      entity: 'expense',
      entityId: id,
      details: {
        date: body.date,
        category: body.category,
        amount_minor: body.amountMinor,
        currency: body.currency,
        tax_rate_bp: body.taxRateBp,
        receipt: body.receiptFileId !== null,
      },
    });
  }
}
