import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEASURES, TIME_HOLDING_STATUSES, scoreMeasure, type MeasureCode } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import { GENERATED_BASE_DAY } from '../../platform/db/generate-helpers';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { createTestDatabase } from '../../test/database';
import { clients as clientsTable } from '../clients/schema';
import { GENERATED_TABLES, generatePractice, practiceRowCounts, teamSize, type GenerateOptions } from './generator';

/** The clinical tables, whose every column (times included) the generator sets: compared row by row between runs. */
const CLINICAL_TABLES = GENERATED_TABLES.slice(GENERATED_TABLES.indexOf('client_sessions'));

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** One md5 per clinical table over its rows in id order: equal digests, equal rows. */
async function digests(db: Db, practiceId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of CLINICAL_TABLES) {
    const [row] = await rows<{ digest: string | null }>(
      db,
      sql`select md5(string_agg(t::text, '|' order by t.id)) as digest from ${sql.identifier(table)} t
          where t.practice_id = ${practiceId}`,
    );
    out[table] = row?.digest ?? '';
  }
  return out;
}

type Options = Partial<Pick<GenerateOptions, 'today' | 'clinicalRecords'>>;

async function generate(clients: number, seed: number, options: Options = {}) {
  const database = await createTestDatabase();
  try {
    const started = performance.now();
    const practice = await generatePractice(database.db, {
      clients,
      seed,
      passwordHash: 'not-a-real-hash',
      ...options,
    });
    const seconds = (performance.now() - started) / 1000;
    const list = await database.db
      .select({
        kind: clientsTable.kind,
        status: clientsTable.status,
        firstName: clientsTable.firstName,
        lastName: clientsTable.lastName,
      })
      .from(clientsTable)
      .where(eq(clientsTable.practiceId, practice.practiceId))
      .orderBy(asc(clientsTable.id));
    const counts = await practiceRowCounts(database.db, practice.practiceId);
    console.info(`generated ${clients} clients in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
    return {
      name: practice.name,
      members: practice.members.map(({ userId: _id, ...rest }) => rest),
      clients: list,
      counts,
      digests: await digests(database.db, practice.practiceId),
    };
  } finally {
    await database.close();
  }
}

describe('the practice generator', { timeout: 90_000 }, () => {
  it('given the same seed twice, then it makes the same practice and clinical records; another seed makes another', async () => {
    const first = await generate(60, 11);
    expect(first.counts.client_sessions).toBeGreaterThan(0);
    expect(await generate(60, 11)).toEqual(first);
    const other = await generate(60, 12);
    expect(other.clients).not.toEqual(first.clients);
    expect(other.digests.client_sessions).not.toBe(first.digests.client_sessions);
  });

  it('given a large practice (5,000 clients) without clinical records, then the team has 20 members with every role', async () => {
    expect(teamSize(5000)).toBe(20);
    const large = await generate(5000, 3, { clinicalRecords: false });
    expect(large.members).toHaveLength(20);
    expect(new Set(large.members.map((m) => m.role))).toEqual(new Set(['Admin', 'Therapist', 'Assistant']));
    expect(new Set(large.members.map((m) => m.email)).size).toBe(20);
    // 5,000 clients, one in twenty a couple, family or group; every individual has details, an address and contacts.
    expect(large.counts.clients).toBe(5000);
    const individuals = large.clients.filter((c) => c.kind === 'individual').length;
    expect(individuals).toBe(4750);
    expect(large.counts.client_details).toBe(individuals);
    expect(large.counts.client_addresses).toBe(individuals);
    expect(large.counts.client_reminder_preferences).toBe(individuals);
    expect(large.counts.client_relationships).toBeGreaterThanOrEqual(individuals);
    expect(large.counts.client_activity_entries).toBeGreaterThanOrEqual(individuals);
    expect(large.counts.client_insurance).toBeGreaterThan(individuals * 0.25);
    expect(large.counts.client_members).toBeGreaterThanOrEqual(250 * 2);
    expect(new Set(large.clients.map((c) => c.status))).toEqual(
      new Set(['enquiry', 'waitlist', 'active', 'on hold', 'discharged', 'archived']),
    );
    expect(large.counts.client_sessions).toBe(0);
  });
});

describe('the clinical records of a generated practice', { timeout: 90_000 }, () => {
  // A practice whose records lead up to a given day, as the demo's lead up to today.
  const today = new Date('2026-03-11T15:30:00Z');
  const base = Date.UTC(2026, 2, 11);

  async function withPractice(check: (db: Db, practiceId: number) => Promise<void>) {
    const database = await createTestDatabase();
    try {
      const practice = await generatePractice(database.db, {
        clients: 100,
        seed: 7,
        passwordHash: 'not-a-real-hash',
        today,
      });
      await check(database.db, practice.practiceId);
    } finally {
      await database.close();
    }
  }

  it('given 100 clients, then sessions fit each status, sit in working hours, never double-book a therapist, and notes follow them', async () => {
    await withPractice(async (db, practiceId) => {
      const perStatus = await rows<{ status: string; clients: number; sessions: number; future: number }>(
        db,
        sql`select c.status, count(distinct c.id)::int as clients, count(s.id)::int as sessions,
              count(distinct s.client_id) filter (where s.starts_at >= ${new Date(base)} and s.status = 'scheduled')::int as future
            from clients c left join client_sessions s on s.client_id = c.id
            where c.practice_id = ${practiceId} group by c.status`,
      );
      const by = Object.fromEntries(perStatus.map((r) => [r.status, r]));
      const total = perStatus.reduce((sum, r) => sum + r.sessions, 0);
      // QUALITY.md's large practice: about 30 sessions per client (150,000 for 5,000).
      expect(total / 100).toBeGreaterThan(20);
      expect(total / 100).toBeLessThan(40);
      expect(by.enquiry?.sessions ?? 0).toBe(0);
      expect(by.waitlist?.sessions ?? 0).toBe(0);
      // Active clients have sessions still to come; nobody else does.
      expect(by.active!.future).toBeGreaterThan(by.active!.clients * 0.6);
      for (const status of ['on hold', 'discharged', 'archived']) expect(by[status]?.future ?? 0).toBe(0);

      // The statuses that hold a therapist's time are the diary's (the contract's), which the generator books by.
      const holding = sql.join(
        TIME_HOLDING_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      );
      const [checks] = await rows<Record<string, number>>(
        db,
        sql`select
              (select count(*) from client_sessions a join client_sessions b
                 on a.therapist_id = b.therapist_id and a.id < b.id
                 and a.starts_at < b.ends_at and b.starts_at < a.ends_at
               where a.practice_id = ${practiceId} and b.practice_id = ${practiceId}
                 and a.status in (${holding}) and b.status in (${holding}))::int as double_booked,
              (select count(*) from client_sessions where practice_id = ${practiceId}
                 and (extract(hour from starts_at at time zone 'Europe/London') not between 8 and 20
                   or extract(isodow from starts_at at time zone 'Europe/London') = 7))::int as out_of_hours,
              (select count(*) from client_sessions where practice_id = ${practiceId}
                 and starts_at >= ${new Date(base)} and status not in ('scheduled', 'cancelled'))::int as future_marked,
              (select count(*) from client_sessions s where practice_id = ${practiceId} and s.status in ('attended', 'late')
                 and not exists (select 1 from session_notes n where n.session_id = s.id))::int as attended_without_note,
              (select count(*) from session_notes n join client_sessions s on s.id = n.session_id
               where n.practice_id = ${practiceId} and (s.ends_at >= ${new Date(base)} or s.status in ('scheduled', 'cancelled')))::int as notes_not_due,
              (select count(*) from session_notes where practice_id = ${practiceId} and status = 'signed'
                 and (signed_at is null or signed_by is null or version < 2 or signed_at < created_at or signed_at >= ${new Date(base)}))::int as bad_signed,
              (select count(*) from session_notes where practice_id = ${practiceId} and status = 'draft'
                 and (signed_at is not null or signed_by is not null))::int as bad_draft,
              (select count(*) from session_notes where practice_id = ${practiceId} and status = 'draft')::int as drafts,
              (select count(*) from session_notes where practice_id = ${practiceId})::int as notes,
              (select count(*) from session_notes where practice_id = ${practiceId} and session_id is null)::int as general_notes,
              (select count(*) from session_note_addenda a join session_notes n on n.id = a.note_id
               where a.practice_id = ${practiceId} and (n.status <> 'signed' or a.created_at <= n.signed_at))::int as bad_addenda,
              (select count(*) from session_note_addenda where practice_id = ${practiceId})::int as addenda,
              (select count(*) from client_sessions s where practice_id = ${practiceId}
                 and (s.status = 'cancelled') <> exists (select 1 from session_cancellations c where c.session_id = s.id))::int as bad_cancellations,
              (select count(*) from session_cancellations where practice_id = ${practiceId})::int as cancellations,
              (select count(*) from private_session_notes where practice_id = ${practiceId})::int as private_notes,
              (select count(*) from client_sessions where practice_id = ${practiceId} and series_id is not null)::int as in_series,
              (select count(*) from client_sessions s join clients c on c.id = s.client_id
               where s.practice_id = ${practiceId} and (s.starts_at < c.created_at or s.created_at > s.starts_at
                 or s.updated_at < s.created_at or s.created_at >= ${new Date(base)}))::int as out_of_order`,
      );
      expect(checks).toMatchObject({
        double_booked: 0,
        out_of_hours: 0,
        future_marked: 0,
        attended_without_note: 0,
        notes_not_due: 0,
        bad_signed: 0,
        bad_draft: 0,
        bad_addenda: 0,
        bad_cancellations: 0,
        out_of_order: 0,
      });
      // Mostly signed, a few recent drafts; the rarer records are there too.
      expect(checks!.drafts).toBeGreaterThan(0);
      expect(checks!.drafts).toBeLessThan(Number(checks!.notes) * 0.05);
      for (const key of ['general_notes', 'addenda', 'cancellations', 'private_notes', 'in_series'])
        expect(checks![key], key).toBeGreaterThan(0);
    });
  });

  it('given 100 clients, then plans, risk assessments and safety plans are numbered from 1 without gaps, one plan is current, and the client shows the latest risk level', async () => {
    await withPractice(async (db, practiceId) => {
      const versions = (table: string, column: string) =>
        rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from (
                select client_id from ${sql.identifier(table)} where practice_id = ${practiceId}
                group by client_id
                having min(${sql.identifier(column)}) <> 1 or max(${sql.identifier(column)}) <> count(*)
                  or count(distinct ${sql.identifier(column)}) <> count(*)) broken`,
        );
      expect(await versions('treatment_plans', 'treatment_plan_version')).toEqual([{ n: 0 }]);
      expect(await versions('risk_assessments', 'version')).toEqual([{ n: 0 }]);
      expect(await versions('safety_plans', 'version')).toEqual([{ n: 0 }]);

      const [checks] = await rows<Record<string, number>>(
        db,
        sql`select
              (select count(distinct client_id) from treatment_plans where practice_id = ${practiceId})::int as with_plans,
              (select count(*) from treatment_plans where practice_id = ${practiceId})::int as plans,
              (select count(*) from (select client_id from treatment_plans where practice_id = ${practiceId}
                 group by client_id having count(*) filter (where is_current_version) <> 1) x)::int as not_one_current,
              (select count(*) from treatment_plans p where practice_id = ${practiceId} and is_current_version
                 and exists (select 1 from treatment_plans q where q.client_id = p.client_id
                   and q.treatment_plan_version > p.treatment_plan_version))::int as current_not_newest,
              (select count(*) from treatment_plans p left join treatment_plans q on q.id = p.based_on_plan_id
               where p.practice_id = ${practiceId} and p.treatment_plan_version > 1
                 and (q.id is null or q.client_id <> p.client_id
                   or q.treatment_plan_version <> p.treatment_plan_version - 1))::int as bad_based_on,
              (select count(*) from treatment_plans p where practice_id = ${practiceId}
                 and not exists (select 1 from treatment_plan_goals g where g.plan_id = p.id))::int as plans_without_goals,
              (select count(*) from treatment_plan_reviews r where practice_id = ${practiceId}
                 and exists (select 1 from jsonb_array_elements(r.goal_progress) e
                   where not exists (select 1 from treatment_plan_goals g
                     where g.id = (e->>'goalId')::int and g.plan_id = r.plan_id)))::int as review_foreign_goals,
              (select count(*) from treatment_plan_reviews where practice_id = ${practiceId})::int as reviews,
              (select count(*) from clients c where practice_id = ${practiceId}
                 and exists (select 1 from risk_assessments r where r.client_id = c.id)
                 and c.risk_level <> (select r.overall_level from risk_assessments r where r.client_id = c.id
                   order by r.version desc limit 1))::int as risk_level_mismatch,
              (select count(*) from risk_assessments where practice_id = ${practiceId})::int as risk_assessments,
              (select count(*) from safety_plans s join clients c on c.id = s.client_id
               where s.practice_id = ${practiceId} and c.risk_level not in ('medium', 'high'))::int as safety_plans_for_low_risk,
              (select count(distinct s.client_id) from safety_plans s where practice_id = ${practiceId})::int as with_safety_plan,
              (select count(*) from clients c where practice_id = ${practiceId} and c.risk_level in ('medium', 'high')
                 and exists (select 1 from risk_assessments r where r.client_id = c.id))::int as assessed_at_risk,
              (select count(*) from risk_log_items where practice_id = ${practiceId})::int as risk_items`,
      );
      expect(checks).toMatchObject({
        not_one_current: 0,
        current_not_newest: 0,
        bad_based_on: 0,
        plans_without_goals: 0,
        review_foreign_goals: 0,
        risk_level_mismatch: 0,
        safety_plans_for_low_risk: 0,
      });
      expect(checks!.with_plans).toBeGreaterThan(60);
      expect(checks!.plans).toBeGreaterThan(Number(checks!.with_plans));
      expect(checks!.with_safety_plan).toBe(checks!.assessed_at_risk);
      for (const key of ['reviews', 'risk_assessments', 'risk_items']) expect(checks![key], key).toBeGreaterThan(0);
    });
  });

  it('given 100 clients, then PHQ-9, GAD-7 and ORS are scored with the contract and change over time, and each client in care has an assessment, a profile and a diagnosis', async () => {
    await withPractice(async (db, practiceId) => {
      const found = await rows<{
        client_id: number;
        measure: MeasureCode;
        answers: number[];
        score: number;
        band: string;
      }>(
        db,
        sql`select client_id, measure, answers, score, band from assessments
            where practice_id = ${practiceId} order by client_id, measure, completed_on, id`,
      );
      expect(new Set(found.map((a) => a.measure))).toEqual(new Set(['phq9', 'gad7', 'ors']));
      for (const a of found) {
        const scored = scoreMeasure(a.measure, a.answers);
        expect(scored.complete).toBe(true);
        expect({ score: a.score, band: a.band }).toEqual({ score: scored.total, band: scored.band!.label });
      }
      // Series over time that show change: some clients improve reliably on the PHQ-9, some do not.
      const phq = new Map<number, number[]>();
      for (const a of found) if (a.measure === 'phq9') phq.set(a.client_id, [...(phq.get(a.client_id) ?? []), a.score]);
      const long = [...phq.values()].filter((scores) => scores.length >= 4);
      expect(long.length).toBeGreaterThan(20);
      const threshold = MEASURES.phq9.reliableChange!;
      expect(long.some((s) => s[0]! - s[s.length - 1]! >= threshold)).toBe(true);
      expect(long.some((s) => s[0]! - s[s.length - 1]! < threshold)).toBe(true);
      // On the ORS higher is better: some clients rise reliably.
      const ors = new Map<number, number[]>();
      for (const a of found) if (a.measure === 'ors') ors.set(a.client_id, [...(ors.get(a.client_id) ?? []), a.score]);
      expect(ors.size).toBeGreaterThan(10);
      expect(
        [...ors.values()].some((s) => s.length >= 4 && s[s.length - 1]! - s[0]! >= MEASURES.ors.reliableChange!),
      ).toBe(true);

      const [checks] = await rows<Record<string, number>>(
        db,
        sql`with seen as (
              select distinct c.id from clients c join client_sessions s on s.client_id = c.id
              where c.practice_id = ${practiceId} and c.kind = 'individual' and s.starts_at < ${new Date(base)})
            select
              (select count(*) from seen)::int as seen,
              (select count(*) from seen where not exists (select 1 from initial_assessments i where i.client_id = seen.id))::int as without_initial,
              (select count(*) from seen where not exists (select 1 from assessments a where a.client_id = seen.id))::int as without_measures,
              (select count(*) from seen where not exists (select 1 from clinical_profile_sections p where p.client_id = seen.id))::int as without_profile,
              (select count(*) from seen where not exists (select 1 from diagnoses d where d.client_id = seen.id and d.is_primary))::int as without_diagnosis,
              (select count(*) from (select client_id from diagnoses where practice_id = ${practiceId} and is_primary
                 group by client_id having count(*) > 1) x)::int as two_primaries,
              (select count(*) from client_documents d join stored_files f on f.id = d.file_id
               where d.practice_id = ${practiceId} and f.practice_id = d.practice_id)::int as documents,
              (select count(*) from stored_files where practice_id = ${practiceId} and not in_cloud_storage)::int as files,
              (select count(*) from client_documents d join clients c on c.id = d.client_id
               where d.practice_id = ${practiceId} and (d.created_at < c.created_at or d.created_at >= ${new Date(base)}))::int as documents_out_of_time`,
      );
      expect(checks).toMatchObject({
        without_initial: 0,
        without_measures: 0,
        without_profile: 0,
        without_diagnosis: 0,
        two_primaries: 0,
        documents_out_of_time: 0,
      });
      expect(checks!.seen).toBeGreaterThan(50);
      // QUALITY.md: 50,000 documents for 5,000 clients, about ten each, each with its stored file's metadata.
      expect(checks!.documents).toBe(checks!.files);
      expect(Number(checks!.documents) / 100).toBeGreaterThan(6);
      expect(Number(checks!.documents) / 100).toBeLessThan(14);
    });
  });

  it('given 100 clients, then billing has twelve months of invoices and payments, an overdue invoice, a credit note, insurance claims and expenses', async () => {
    await withPractice(async (db, practiceId) => {
      const [books] = await rows<{
        invoice_months: number;
        payment_months: number;
        overdue: number;
        credit_notes: number;
        claims: number;
        claim_statuses: string;
        claims_whole: boolean;
        expense_months: number;
        numbers_unique: boolean;
        extra_allocations: number;
      }>(
        db,
        sql`select
              (select count(distinct date_trunc('month', issue_date))::int from invoices
                where practice_id = ${practiceId} and kind = 'invoice') as invoice_months,
              (select count(distinct date_trunc('month', date))::int from payments
                where practice_id = ${practiceId}) as payment_months,
              (select count(*)::int from invoices i where i.practice_id = ${practiceId} and i.kind = 'invoice'
                and i.due_date < '2026-03-11' and i.gross_minor >
                  coalesce((select sum(a.amount_minor) from payment_allocations a where a.invoice_id = i.id), 0)
                  + coalesce((select sum(cn.gross_minor) from invoices cn where cn.credits_invoice_id = i.id), 0))
                as overdue,
              (select count(*)::int from invoices where practice_id = ${practiceId} and kind = 'credit_note')
                as credit_notes,
              (select count(*)::int from insurance_claims where practice_id = ${practiceId}) as claims,
              (select string_agg(distinct status, ',' order by status) from insurance_claims
                where practice_id = ${practiceId}) as claim_statuses,
              (select bool_and(c.total_minor = (select sum(l.gross_minor) from insurance_claim_lines l
                  where l.claim_id = c.id) and c.total_minor = i.gross_minor)
                from insurance_claims c join invoices i on i.id = c.invoice_id
                where c.practice_id = ${practiceId}) as claims_whole,
              (select count(distinct date_trunc('month', spent_on))::int from expenses
                where practice_id = ${practiceId}) as expense_months,
              (select count(*) = count(distinct (kind, number)) from invoices where practice_id = ${practiceId})
                as numbers_unique,
              (select count(*)::int from payment_allocations where practice_id = ${practiceId})
                - (select count(*)::int from payments where practice_id = ${practiceId}) as extra_allocations`,
      );
      // One number per invoice, and each generated payment settles the one invoice it names.
      expect(books).toMatchObject({
        invoice_months: 12,
        credit_notes: 1,
        claims_whole: true,
        numbers_unique: true,
        extra_allocations: 0,
      });
      expect(books!.payment_months).toBeGreaterThanOrEqual(12);
      expect(books!.overdue).toBeGreaterThan(0);
      expect(books!.claims).toBeGreaterThan(0);
      expect(books!.claim_statuses).toBe('paid,submitted');
      expect(books!.expense_months).toBeGreaterThanOrEqual(12);
    });
  });

  it('given no day, then records lead up to the fixed base day, so a seed always makes the same rows', async () => {
    const database = await createTestDatabase();
    try {
      const practice = await generatePractice(database.db, { clients: 40, seed: 2, passwordHash: 'not-a-real-hash' });
      const [span] = await rows<{ last_past: string; first_future: string }>(
        database.db,
        sql`select max(ends_at) filter (where status in ('attended', 'late')) as last_past,
                   min(starts_at) filter (where status = 'scheduled' and starts_at >= ${new Date(GENERATED_BASE_DAY)}) as first_future
            from client_sessions where practice_id = ${practice.practiceId}`,
      );
      expect(new Date(span!.last_past).getTime()).toBeLessThan(GENERATED_BASE_DAY);
      expect(new Date(span!.first_future).getTime() - GENERATED_BASE_DAY).toBeLessThan(14 * 86_400_000);
    } finally {
      await database.close();
    }
  });
});

describe('generated records through the API', { timeout: 90_000 }, () => {
  it('given a generated practice, then an Admin reads every kind of clinical record of each client (the answers match the contract)', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 20, seed: 5 });
    const headers = bearer(await sessionFor(t, memberOf(practice, 'Admin')));
    const get = async <T>(url: string): Promise<T> => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json<T>();
    };
    const perClient = [
      'sessions/retrieve',
      'sessions/summary',
      'sessions/generic-notes/retrieve',
      'other-services/retrieve',
      'treatment-plan-list/retrieve',
      'treatment-plan-review-list/retrieve',
      'risk-assessment/retrieve',
      'risk-assessment-versions/retrieve',
      'risk-log/retrieve',
      'safety-plan/retrieve',
      'safety-plan-versions/retrieve',
      'initial-assessment/retrieve',
      'assessments/retrieve',
      'assessment-insights/retrieve',
      'clinical-profile/retrieve',
      'diagnosis/retrieve',
      'documents/retrieve',
      'document-tags/retrieve',
    ];
    let notes = 0;
    let plans = 0;
    for (const clientId of practice.clientIds) {
      for (const route of perClient) await get(`/api/clients/${route}/${clientId}`);
      const sessions = await get<{ items: { sessionNotes: { id: number }[] }[] }>(
        `/api/clients/sessions/retrieve/${clientId}`,
      );
      for (const session of sessions.items.slice(0, 3)) {
        for (const note of session.sessionNotes) {
          await get(`/api/clients/sessions/note/retrieve/${note.id}`);
          notes += 1;
        }
      }
      const planList = await get<{ items: { id: number }[] }>(`/api/clients/treatment-plan-list/retrieve/${clientId}`);
      for (const plan of planList.items) {
        await get(`/api/clients/treatment-plan/retrieve/${plan.id}`);
        plans += 1;
      }
    }
    expect(notes).toBeGreaterThan(10);
    expect(plans).toBeGreaterThan(10);
  });
});
