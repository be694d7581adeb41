import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db';
import type { ClinicalGeneration } from '../../clients/generate';

/**
 * The ledger of a generated (and the demo) practice, set-based so it scales to the large practice: for the twelve months
 * before the base day's month, one invoice per client and month of their attended, priced sessions (numbered in order,
 * sent at the month's end, due 30 days later; four digits at least, more past INV-9999, as the ledger numbers them),
 * each session a line. Nine in ten are paid by card, bank transfer or
 * cash some days after issue; the others are left owing, so the practice has overdue invoices. The sessions of the base
 * month stay unbilled (work to invoice), and so do the fees. The first invoice is partly credited by a credit note,
 * which moves part of its payment to the client's credit. Every timestamp comes from the base day: the same seed makes
 * the same rows.
 */
export async function generateLedger({ db, practiceId, base }: ClinicalGeneration): Promise<void> {
  const baseDay = new Date(base).toISOString().slice(0, 10);
  const at = (column: string) => sql.raw(`(${column}::timestamp at time zone 'UTC' + interval '17 hours')`);
  await db.execute(sql`
    with months as (
      select s.client_id, date_trunc('month', s.starts_at at time zone 'UTC')::date as month
      from client_sessions s
      where s.practice_id = ${practiceId} and s.status in ('attended', 'late') and s.price_minor is not null
        and s.starts_at >= (date_trunc('month', ${baseDay}::date) - interval '12 months')
        and s.starts_at < date_trunc('month', ${baseDay}::date)
      group by 1, 2),
    numbered as (
      select m.*, row_number() over (order by m.month, m.client_id) as seq,
        (m.month + interval '1 month' - interval '1 day')::date as issue_date
      from months m)
    insert into invoices (practice_id, client_id, kind, status, number_seq, number, bill_to_kind, bill_to_name,
      bill_to_email, currency, account_id, issue_date, due_date, sent_at, created_at, updated_at)
    select ${practiceId}, n.client_id, 'invoice', 'sent', n.seq, 'INV-' || lpad(n.seq::text, greatest(4, length(n.seq::text)), '0'), 'client',
      trim(c.first_name || ' ' || coalesce(c.last_name, '')), c.email, 'GBP',
      (select a.id from invoice_accounts a where a.practice_id = ${practiceId} and a.currency = 'GBP' and a.is_default limit 1),
      n.issue_date,
      (n.issue_date + 30), ${at('n.issue_date')}, ${at('n.issue_date')}, ${at('n.issue_date')}
    from numbered n join clients c on c.id = n.client_id
    order by n.seq`);
  await db.execute(sql`
    insert into invoice_lines (practice_id, invoice_id, position, source_kind, source_id, holds_source, service_date,
      description, quantity, unit_minor, tax_rate_bp, net_minor, tax_minor, gross_minor)
    select ${practiceId}, i.id,
      (row_number() over (partition by i.id order by s.starts_at, s.id) - 1)::int, 'session', s.id, true,
      (s.starts_at at time zone 'UTC')::date,
      s.service_name || ', ' || to_char(s.starts_at at time zone 'UTC', 'FMDD Mon YYYY'),
      1, s.price_minor, 0, s.price_minor, 0, s.price_minor
    from invoices i
    join client_sessions s on s.client_id = i.client_id and s.practice_id = i.practice_id
      and s.status in ('attended', 'late') and s.price_minor is not null
      and date_trunc('month', s.starts_at at time zone 'UTC')::date = date_trunc('month', i.issue_date)::date
    where i.practice_id = ${practiceId}
    order by i.id, s.starts_at, s.id`);
  await db.execute(sql`
    update invoices i set net_minor = t.net, gross_minor = t.net
    from (select invoice_id, sum(net_minor)::int as net from invoice_lines where practice_id = ${practiceId}
          group by invoice_id) t
    where t.invoice_id = i.id`);
  await db.execute(sql`
    insert into invoice_number_counters (practice_id, kind, next)
    select ${practiceId}, 'invoice', coalesce(max(number_seq), 0) + 1 from invoices where practice_id = ${practiceId}
    on conflict (practice_id, kind) do update set next = excluded.next`);
  // Nine in ten are paid, 3 to 22 days after issue and never after the base day; the reference names the invoice.
  await db.execute(sql`
    insert into payments (practice_id, client_id, kind, method, reference, amount_minor, currency, date, created_at,
      updated_at)
    select ${practiceId}, i.client_id, 'payment', (array['card', 'bank transfer', 'cash'])[1 + i.number_seq % 3],
      i.number, i.gross_minor, 'GBP', least(i.issue_date + 3 + i.number_seq % 20, ${baseDay}::date - 1),
      ${at(`least(i.issue_date + 3 + i.number_seq % 20, '${baseDay}'::date - 1)`)},
      ${at(`least(i.issue_date + 3 + i.number_seq % 20, '${baseDay}'::date - 1)`)}
    from invoices i
    where i.practice_id = ${practiceId} and i.number_seq % 10 <> 7 and i.gross_minor > 0
    order by i.id`);
  await db.execute(sql`
    insert into payment_allocations (practice_id, payment_id, invoice_id, amount_minor, created_at)
    select ${practiceId}, p.id, i.id, p.amount_minor, p.created_at
    from payments p join invoices i on i.practice_id = p.practice_id and i.number = p.reference
    where p.practice_id = ${practiceId}
    order by p.id`);
  await db.execute(sql`
    insert into invoice_events (practice_id, invoice_id, kind, at, description, recipient)
    select ${practiceId}, e.invoice_id, e.kind, e.at, e.description, e.recipient
    from (
      select i.id as invoice_id, 1 as step, 'created' as kind, i.created_at as at,
        'Draft created for ' || i.bill_to_name as description, null as recipient
      from invoices i where i.practice_id = ${practiceId}
      union all
      select i.id, 2, 'sent', i.sent_at, 'Invoice ' || i.number || ' sent to ' || i.bill_to_name
        || coalesce(' (' || i.bill_to_email || ')', ''), i.bill_to_email
      from invoices i where i.practice_id = ${practiceId}
      union all
      select a.invoice_id, 3, 'paid', a.created_at, 'Invoice ' || i.number || ' paid in full', null
      from payment_allocations a join invoices i on i.id = a.invoice_id where a.practice_id = ${practiceId}) e
    order by e.invoice_id, e.step`);
  await creditFirstInvoice(db, practiceId);
}

/** A credit note for the first line of the practice's first paid invoice of more than one line. */
async function creditFirstInvoice(db: ClinicalGeneration['db'], practiceId: number): Promise<void> {
  const [invoice] = await rowsOf<{ id: number; issue_date: string }>(
    db,
    sql`select i.id, i.issue_date::text as issue_date from invoices i
        where i.practice_id = ${practiceId} and (select count(*) from invoice_lines l where l.invoice_id = i.id) > 1
          and exists (select 1 from payment_allocations a where a.invoice_id = i.id)
        order by i.id limit 1`,
  );
  if (!invoice) return;
  const credited = sql`(select l.* from invoice_lines l where l.invoice_id = ${invoice.id} order by l.position limit 1)`;
  await db.execute(sql`
    with line as ${credited},
    note as (
      insert into invoices (practice_id, client_id, kind, status, number_seq, number, bill_to_kind, bill_to_name,
        bill_to_email, currency, account_id, issue_date, due_date, credits_invoice_id, net_minor, gross_minor, reason,
        created_at, updated_at)
      select i.practice_id, i.client_id, 'credit_note', 'saved', 1, 'CN-0001', i.bill_to_kind, i.bill_to_name,
        i.bill_to_email, i.currency, i.account_id, i.issue_date + 14, i.issue_date + 14, i.id, line.net_minor, line.gross_minor,
        'Session charged twice', i.created_at + interval '14 days', i.created_at + interval '14 days'
      from invoices i, line where i.id = ${invoice.id}
      returning id)
    insert into invoice_lines (practice_id, invoice_id, position, source_kind, source_id, holds_source, service_date,
      description, quantity, unit_minor, tax_rate_bp, net_minor, tax_minor, gross_minor, credits_line_id)
    select ${practiceId}, note.id, 0, line.source_kind, line.source_id, false, line.service_date, line.description,
      line.quantity, line.unit_minor, line.tax_rate_bp, line.net_minor, line.tax_minor, line.gross_minor, line.id
    from note, line`);
  await db.execute(sql`update invoice_lines set holds_source = false where id = (select id from ${credited} c)`);
  // The invoice was paid in full: the credited amount of its payment becomes the client's credit.
  await db.execute(sql`
    update payment_allocations a set amount_minor = a.amount_minor - cn.gross_minor
    from invoices cn where cn.credits_invoice_id = ${invoice.id} and a.invoice_id = ${invoice.id}`);
  await db.execute(sql`
    insert into invoice_events (practice_id, invoice_id, kind, at, description, amount_minor, currency)
    select ${practiceId}::int, cn.credits_invoice_id, 'credited', cn.created_at,
      'Credited by credit note CN-0001: Session charged twice', cn.gross_minor, cn.currency
    from invoices cn where cn.credits_invoice_id = ${invoice.id}
    union all
    select ${practiceId}::int, cn.id, 'created', cn.created_at,
      'Credit note CN-0001 issued for invoice ' || i.number || ': Session charged twice', cn.gross_minor, cn.currency
    from invoices cn join invoices i on i.id = cn.credits_invoice_id where cn.credits_invoice_id = ${invoice.id}`);
  await db.execute(sql`
    insert into invoice_number_counters (practice_id, kind, next) values (${practiceId}, 'credit_note', 2)
    on conflict (practice_id, kind) do update set next = 2`);
}
