import { sql } from 'drizzle-orm';
import type { ClinicalGeneration } from '../../clients/generate';

/**
 * Insurance claims of a generated (and the demo) practice, set-based so it scales to the large practice: each client
 * whose insurance names one of the practice's insurers (Settings > Insurance: matched by name) has the last three of
 * their sent invoices that no credit note touches claimed from that insurer, lines copied as the claim service does.
 * A claim of an invoice issued more than 35 days before the base day has been paid (settled 21 days after it was
 * submitted); a later one is submitted, waiting for the insurer. A practice where no insured client has an invoice
 * claims its most recent such invoice from its first insurer, so every practice shows a claim. Every timestamp comes
 * from the base day: the same seed makes the same rows.
 */
export async function generateClaims({ db, practiceId, base }: ClinicalGeneration): Promise<void> {
  const baseDay = new Date(base).toISOString().slice(0, 10);
  const at = (column: string, days: number) =>
    sql.raw(`(${column}::timestamp at time zone 'UTC' + interval '${days} days 10 hours')`);
  const claimable = sql`i.practice_id = ${practiceId} and i.kind = 'invoice' and i.status = 'sent'
    and not exists (select 1 from invoices cn where cn.credits_invoice_id = i.id)`;
  await db.execute(sql`
    with insured as (
      select ci.client_id, ci.policy_number, ci.membership_number, ci.authorisation_code, ip.id as insurer_id,
        ip.name, ip.payer_id, ip.healthcode_provider_code
      from client_insurance ci
      join insurance_providers ip on ip.practice_id = ci.practice_id and lower(ip.name) = lower(ci.provider_name)
      where ci.practice_id = ${practiceId}),
    chosen as (
      select i.id, i.number, i.client_id, i.currency, i.issue_date, i.net_minor, i.tax_minor, i.gross_minor,
        ins.insurer_id, ins.name, ins.payer_id, ins.healthcode_provider_code, ins.policy_number,
        ins.membership_number, ins.authorisation_code,
        row_number() over (partition by i.client_id order by i.issue_date desc, i.id desc) as recent
      from invoices i join insured ins on ins.client_id = i.client_id
      where ${claimable}),
    fallback as (
      select i.id, i.number, i.client_id, i.currency, i.issue_date, i.net_minor, i.tax_minor, i.gross_minor,
        ip.id as insurer_id, ip.name, ip.payer_id, ip.healthcode_provider_code, '' as policy_number,
        '' as membership_number, '' as authorisation_code, 1::bigint as recent
      from invoices i
      cross join lateral (select * from insurance_providers p where p.practice_id = ${practiceId}
        order by p.id limit 1) ip
      where ${claimable} and not exists (select 1 from chosen)
      order by i.issue_date desc, i.id desc limit 1),
    claims as (
      select * from chosen where recent <= 3
      union all select * from fallback)
    insert into insurance_claims (practice_id, invoice_id, invoice_number, client_id, insurance_provider_id,
      provider_name, payer_id, healthcode_provider_code, policy_number, membership_number, authorisation_code, status,
      currency, net_minor, tax_minor, total_minor, submitted_at, settled_at, created_at, updated_at)
    select ${practiceId}, c.id, c.number, c.client_id, c.insurer_id, c.name, c.payer_id, c.healthcode_provider_code,
      coalesce(c.policy_number, ''), coalesce(c.membership_number, ''), coalesce(c.authorisation_code, ''),
      case when c.issue_date < ${baseDay}::date - 35 then 'paid' else 'submitted' end,
      c.currency, c.net_minor, c.tax_minor, c.gross_minor, ${at('c.issue_date', 2)},
      case when c.issue_date < ${baseDay}::date - 35 then ${at('c.issue_date', 23)} end,
      ${at('c.issue_date', 1)},
      case when c.issue_date < ${baseDay}::date - 35 then ${at('c.issue_date', 23)} else ${at('c.issue_date', 2)} end
    from claims c
    order by c.issue_date, c.id`);
  await db.execute(sql`
    insert into insurance_claim_lines (practice_id, claim_id, position, description, service_date, quantity, unit_minor,
      tax_rate_bp, net_minor, tax_minor, gross_minor)
    select ${practiceId}, c.id, l.position, l.description, l.service_date, l.quantity, l.unit_minor, l.tax_rate_bp,
      l.net_minor, l.tax_minor, l.gross_minor
    from insurance_claims c join invoice_lines l on l.invoice_id = c.invoice_id
    where c.practice_id = ${practiceId}
    order by c.id, l.position`);
}
