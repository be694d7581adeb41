import { sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  CHARGE_KIND_LABELS,
  humanDate,
  type BillableItem,
  type BilledSourceKind,
  type ChargeKind,
  type InvoiceLineInput,
} from '@halcyon/api/contract';
import { dayIn } from '@halcyon/api/time';
import { lineAmounts, type LineAmounts } from '@halcyon/api/money';
import { rowsOf, type Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';

/**
 * The work an invoice bills (issue 15 item 3): a client's attended sessions (priced from `client_sessions.price_minor`,
 * in the practice's currency), chargeable items (late-cancellation and missed-session fees), other services, and free
 * lines. Each session, fee and service is billed once: `holds_source` on the line and a partial unique index
 * (schema.ts); what a line of a draft or issued invoice holds is not offered again.
 */

/** A session counts as worked (and billable) when attended, late or not. */
const WORKED = `('attended', 'late')`;

interface SourceRow {
  source_kind: BilledSourceKind;
  source_id: number;
  session_id: number | null;
  client_id: number;
  day: string;
  starts_at: Date | string | null;
  label: string;
  kind: string | null;
  unit_minor: number | null;
  currency: string | null;
  worked: boolean;
}

/** The lines of work a client has that no line holds: sessions, fees and other services, oldest first. */
const SOURCES_SQL = (practiceId: number, currency: string) => sql`
  select 'session' as source_kind, s.id as source_id, s.id as session_id, s.client_id, null::text as day, s.starts_at, s.service_name as label,
         null::text as kind, s.price_minor as unit_minor, ${currency}::text as currency, s.status in ${sql.raw(WORKED)} as worked
    from client_sessions s where s.practice_id = ${practiceId}
  union all
  select 'chargeable', ch.id, ch.session_id, ch.client_id, null::text, s.starts_at, s.service_name, ch.kind, ch.amount_minor, ch.currency, true
    from chargeable_items ch join client_sessions s on s.id = ch.session_id where ch.practice_id = ${practiceId}
  union all
  select 'service', o.id, null::int, o.client_id, o.date::text, null, o.name, null, o.fee_minor, o.currency, true
    from other_services o where o.practice_id = ${practiceId}`;

const NOT_HELD = (practiceId: number) => sql`not exists (select 1 from invoice_lines l
  where l.practice_id = ${practiceId} and l.holds_source and l.source_kind = w.source_kind and l.source_id = w.source_id)`;

function describe(row: SourceRow, timeZone: string): { date: string; description: string } {
  const date = row.day ?? dayIn(row.starts_at ?? new Date(), timeZone);
  if (row.source_kind === 'chargeable') {
    const label = CHARGE_KIND_LABELS[row.kind as ChargeKind] ?? 'Cancellation';
    return { date, description: `${label} fee: ${row.label}, ${humanDate(date)}` };
  }
  if (row.source_kind === 'session') return { date, description: `${row.label}, ${humanDate(date)}` };
  return { date, description: row.label };
}

/** A client's work not yet billed, oldest first (the invoice modal's "what to invoice"). */
export async function billableItems(
  db: Db,
  practiceId: number,
  clientId: number,
  timeZone: string,
  currency: string,
): Promise<BillableItem[]> {
  const rows = await rowsOf<SourceRow>(
    db,
    sql`select w.* from (${SOURCES_SQL(practiceId, currency)}) w
        where w.client_id = ${clientId} and w.worked and ${NOT_HELD(practiceId)}
        order by coalesce(w.day::date, w.starts_at::date), w.source_kind, w.source_id`,
  );
  return rows.map((row) => ({
    sourceKind: row.source_kind,
    sourceId: Number(row.source_id),
    sessionId: row.session_id === null ? null : Number(row.session_id),
    ...describe(row, timeZone),
    unitMinor: row.unit_minor === null ? null : Number(row.unit_minor),
    currency: row.currency ?? currency,
  }));
}

/** A line ready to store: what it bills, its words, and its figures. */
export interface ResolvedLine extends LineAmounts {
  sourceKind: InvoiceLineInput['sourceKind'];
  sourceId: number | null;
  serviceDate: string | null;
  description: string;
  quantity: number;
  unitMinor: number;
  taxRateBp: number;
}

type LineInput = {
  sourceKind: InvoiceLineInput['sourceKind'];
  sourceId: number | null;
  description?: string | undefined;
  quantity: number;
  unitMinor?: number | undefined;
  taxRateBp?: number | undefined;
};

/**
 * Turns the lines a form sent into stored lines: a sourced line must be the client's work (a session attended, in the
 * invoice's currency), takes its description, day and price from it unless given, and the practice's default tax rate
 * unless given. Anything wrong is a 400 naming the line's field.
 */
export async function resolveLines(
  db: Db,
  practiceId: number,
  input: { clientId: number; currency: string; lines: readonly LineInput[] },
  defaults: { taxRateBp: number; timeZone: string; practiceCurrency: string },
): Promise<ResolvedLine[]> {
  const wanted = input.lines.filter((line) => line.sourceId !== null);
  const sources = new Map<string, SourceRow>();
  if (wanted.length > 0) {
    const keys = wanted.map((line) => `${line.sourceKind}:${line.sourceId}`);
    const rows = await rowsOf<SourceRow>(
      db,
      sql`select w.* from (${SOURCES_SQL(practiceId, defaults.practiceCurrency)}) w
          where (w.source_kind || ':' || w.source_id) = any(${sql.param(keys)}::text[])`,
    );
    for (const row of rows) sources.set(`${row.source_kind}:${row.source_id}`, row);
  }
  const fields: Record<string, string> = {};
  const resolved = input.lines.map((line, index): ResolvedLine | null => {
    const at = (field: string, message: string) => {
      fields[`lines.${index}.${field}`] = message;
      return null;
    };
    const taxRateBp = line.taxRateBp ?? defaults.taxRateBp;
    if (line.sourceKind === 'free' || line.sourceId === null) {
      if (line.description === undefined) return at('description', BILLING_MESSAGES.descriptionMissing);
      if (line.unitMinor === undefined) return at('unitMinor', BILLING_MESSAGES.priceMissing);
      const amounts = lineAmounts({ quantity: line.quantity, unitMinor: line.unitMinor, taxRateBp });
      return {
        sourceKind: 'free',
        sourceId: null,
        serviceDate: null,
        description: line.description,
        quantity: line.quantity,
        unitMinor: line.unitMinor,
        taxRateBp,
        ...amounts,
      };
    }
    const source = sources.get(`${line.sourceKind}:${line.sourceId}`);
    if (!source || Number(source.client_id) !== input.clientId) return at('sourceId', BILLING_MESSAGES.sourceNotFound);
    if (!source.worked) return at('sourceId', BILLING_MESSAGES.sessionNotAttended);
    const sourceCurrency = source.currency ?? defaults.practiceCurrency;
    const words = describe(source, defaults.timeZone);
    if (sourceCurrency !== input.currency) {
      return at('sourceId', BILLING_MESSAGES.lineCurrency(words.description, sourceCurrency, input.currency));
    }
    const unitMinor = line.unitMinor ?? (source.unit_minor === null ? undefined : Number(source.unit_minor));
    if (unitMinor === undefined) return at('unitMinor', BILLING_MESSAGES.priceMissing);
    return {
      sourceKind: line.sourceKind,
      sourceId: line.sourceId,
      serviceDate: words.date,
      description: line.description ?? words.description,
      quantity: line.quantity,
      unitMinor,
      taxRateBp,
      ...lineAmounts({ quantity: line.quantity, unitMinor, taxRateBp }),
    };
  });
  const firstField = Object.keys(fields)[0];
  if (firstField) throw badRequest(fields[firstField]!, fields);
  return resolved.filter((line): line is ResolvedLine => line !== null);
}
