import { sql } from 'drizzle-orm';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  type YearlyFigures,
  type YearlySummary,
} from '@halcyon/api/contract';
import { rowsOf, type Db } from '../../../platform/db';
import { keysetByDay } from '../../../platform/db/paging';
import { csvAmount, csvRate, type CsvCell } from '../../../platform/csv';

/** A period of days, first to last, both included (`YYYY-MM-DD`). */
export interface Period {
  from: string;
  to: string;
}

interface ExpenseExportRow {
  day: string;
  id: number;
  category: ExpenseCategory;
  supplier: string;
  description: string;
  amount_minor: number;
  tax_rate_bp: number;
  tax_minor: number;
  currency: string;
  receipt: string | null;
}

export const EXPENSES_CSV_HEADER = [
  'Date',
  'Category',
  'Supplier',
  'Description',
  'Net',
  'Tax rate %',
  'Tax',
  'Total',
  'Currency',
  'Receipt',
] as const;

/** The expenses of a period as CSV rows (the header first), oldest first. */
export async function* expenseCsvRows(db: Db, practiceId: number, period: Period): AsyncGenerator<CsvCell[]> {
  yield [...EXPENSES_CSV_HEADER];
  const rows = keysetByDay<ExpenseExportRow>(
    db,
    (after, limit) => sql`select * from (
        select e.spent_on::text as day, e.id, e.category, e.supplier, e.description, e.amount_minor, e.tax_rate_bp,
               e.tax_minor, e.currency, f.name as receipt
        from expenses e left join stored_files f on f.id = e.receipt_file_id
        where e.practice_id = ${practiceId} and e.spent_on between ${period.from}::date and ${period.to}::date) x
      where ${after} order by day, id limit ${limit}`,
  );
  for await (const row of rows) {
    const money = (minor: number) => csvAmount(minor, row.currency);
    yield [
      row.day,
      EXPENSE_CATEGORY_LABELS[row.category],
      row.supplier,
      row.description,
      money(row.amount_minor),
      csvRate(row.tax_rate_bp),
      money(row.tax_minor),
      money(row.amount_minor + row.tax_minor),
      row.currency,
      row.receipt,
    ];
  }
}

// ---- the yearly summary -----------------------------------------------------------------------------------------------

type Figure = keyof YearlyFigures;
const FIGURES: readonly Figure[] = [
  'invoicedNetMinor',
  'invoicedTaxMinor',
  'invoicedGrossMinor',
  'receivedMinor',
  'expensesNetMinor',
  'expensesTaxMinor',
  'expensesTotalMinor',
];
const none = (): YearlyFigures => Object.fromEntries(FIGURES.map((figure) => [figure, 0])) as YearlyFigures;

/** One month's sums of one currency, as a statement answers them: `month` 1-12, each figure a number or numeric text. */
export type MonthFigures = { currency: string; month: number } & Partial<Record<Figure, number | string>>;

/**
 * The figures of a year other areas add (the ledger's invoices and payments): one row per currency and month. The
 * composition (billing/routes.ts) passes the ledger's.
 */
export type IncomeFigures = (db: Db, practiceId: number, year: number) => Promise<MonthFigures[]>;

async function expenseFigures(db: Db, practiceId: number, year: number): Promise<MonthFigures[]> {
  return rowsOf<MonthFigures>(
    db,
    sql`select e.currency, extract(month from e.spent_on)::int as month,
               sum(e.amount_minor)::bigint as "expensesNetMinor", sum(e.tax_minor)::bigint as "expensesTaxMinor",
               sum(e.amount_minor + e.tax_minor)::bigint as "expensesTotalMinor"
        from expenses e
        where e.practice_id = ${practiceId} and e.spent_on >= make_date(${year}, 1, 1) and e.spent_on < make_date(${year + 1}, 1, 1)
        group by 1, 2`,
  );
}

async function expensesByCategory(db: Db, practiceId: number, year: number) {
  return rowsOf<{ currency: string; category: ExpenseCategory; net: number | string; tax: number | string }>(
    db,
    sql`select e.currency, e.category, sum(e.amount_minor)::bigint as net, sum(e.tax_minor)::bigint as tax
        from expenses e
        where e.practice_id = ${practiceId} and e.spent_on >= make_date(${year}, 1, 1) and e.spent_on < make_date(${year + 1}, 1, 1)
        group by 1, 2`,
  );
}

/** A calendar year in figures, per currency and month (income from `income`, expenses from the expenses), and totals. */
export async function yearlySummary(
  db: Db,
  practiceId: number,
  year: number,
  income: IncomeFigures,
): Promise<YearlySummary> {
  const [incomeRows, expenseRows, categories] = await Promise.all([
    income(db, practiceId, year),
    expenseFigures(db, practiceId, year),
    expensesByCategory(db, practiceId, year),
  ]);
  const byCurrency = new Map<string, YearlyFigures[]>();
  for (const row of [...incomeRows, ...expenseRows]) {
    const months = byCurrency.get(row.currency) ?? Array.from({ length: 12 }, none);
    byCurrency.set(row.currency, months);
    const month = months[row.month - 1]!;
    for (const figure of FIGURES) month[figure] += Number(row[figure] ?? 0);
  }
  const currencies = [...byCurrency.keys()].sort();
  return {
    year,
    currencies: currencies.map((currency) => {
      const months = byCurrency.get(currency)!;
      const totals = none();
      for (const month of months) for (const figure of FIGURES) totals[figure] += month[figure];
      return {
        currency,
        months: months.map((figures, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, ...figures })),
        totals,
        expensesByCategory: EXPENSE_CATEGORIES.flatMap((category) => {
          const row = categories.find((c) => c.currency === currency && c.category === category);
          if (!row) return [];
          const netMinor = Number(row.net);
          const taxMinor = Number(row.tax);
          return [{ category, netMinor, taxMinor, totalMinor: netMinor + taxMinor }];
        }),
      };
    }),
  };
}

export const SUMMARY_CSV_HEADER = [
  'Currency',
  'Month',
  'Invoiced (net)',
  'Invoiced tax',
  'Invoiced (total)',
  'Received',
  'Expenses (net)',
  'Expenses tax',
  'Expenses (total)',
] as const;

/** The yearly summary as CSV rows: a row per currency and month, each currency's total, then expenses by category. */
export function summaryCsvRows(summary: YearlySummary): CsvCell[][] {
  const rows: CsvCell[][] = [[...SUMMARY_CSV_HEADER]];
  for (const block of summary.currencies) {
    const money = (minor: number) => csvAmount(minor, block.currency);
    const line = (label: string, f: YearlyFigures): CsvCell[] => [
      block.currency,
      label,
      ...FIGURES.map((k) => money(f[k])),
    ];
    for (const month of block.months) rows.push(line(month.month, month));
    rows.push(line(`Total ${summary.year}`, block.totals));
  }
  rows.push([]);
  rows.push(['Currency', 'Expense category', 'Net', 'Tax', 'Total']);
  for (const block of summary.currencies) {
    const money = (minor: number) => csvAmount(minor, block.currency);
    for (const c of block.expensesByCategory) {
      rows.push([
        block.currency,
        EXPENSE_CATEGORY_LABELS[c.category],
        money(c.netMinor),
        money(c.taxMinor),
        money(c.totalMinor),
      ]);
    }
  }
  return rows;
}
