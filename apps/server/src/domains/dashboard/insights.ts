import { sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_STATUSES,
  INSIGHT_MONTHS,
  INSIGHT_WEEKS,
  MEASURE_CODES,
  shiftDate,
  type ClientStatus,
  type Insights,
  type MeasureCode,
  type OverdueInvoices,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { rowsOf, type Db } from '../../platform/db';
import { CREDITED_SQL, OPEN_SQL, PAID_SQL, practiceFacts } from '../billing/ledger/figures';
import { CpdService } from '../workspace/learning/cpd';

/**
 * The dashboard figures that sum over the whole practice (CATALOG.md Dashboards): the overdue invoices' total and the
 * /Dashboard2 charts. Each chart is one grouped query over a bounded window (12 months, 12 weeks) read through the
 * domain's index on practice and date; the service keeps the answers for a short while (DASHBOARD_FIGURES_TTL_SECONDS).
 */

const OWED = sql`(i.gross_minor - ${PAID_SQL(sql.raw('i.id'))} - ${CREDITED_SQL(sql.raw('i.id'))})`;

/** The practice's issued invoices past their due date that still owe something, per currency. */
export async function overdueInvoices(db: Db, practiceId: number, now = new Date()): Promise<OverdueInvoices> {
  const { today } = await practiceFacts(db, practiceId, now);
  const rows = await rowsOf<{ currency: string; count: number; total: number | string }>(
    db,
    sql`select currency, count(*)::int as count, sum(owed)::bigint as total from (
          select i.currency, ${OWED} as owed from invoices i
          where i.practice_id = ${practiceId} and ${OPEN_SQL('i')} and i.due_date < ${today}::date) o
        where owed > 0 group by currency order by currency`,
  );
  return {
    items: rows.map((row) => ({ currency: row.currency, count: Number(row.count), totalMinor: Number(row.total) })),
    computedAt: now.toISOString(),
  };
}

/** `YYYY-MM` of the `count` months ending with `today`'s, oldest first. */
export function monthsEnding(today: string, count: number): string[] {
  const first = `${today.slice(0, 7)}-01`;
  return Array.from({ length: count }, (_, i) => shiftDate(first, { months: i - count + 1 }).slice(0, 7));
}

/** The Mondays (`YYYY-MM-DD`) of the `count` weeks ending with `today`'s, oldest first. */
export function weeksEnding(today: string, count: number): string[] {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = shiftDate(today, { days: -weekday });
  return Array.from({ length: count }, (_, i) => shiftDate(monday, { days: 7 * (i - count + 1) }));
}

/** A local timestamp column's month (`YYYY-MM`) or Monday (`YYYY-MM-DD`) in the practice's time zone. */
const monthOf = (column: SQL, timeZone: string) =>
  sql`to_char(date_trunc('month', ${column} at time zone ${timeZone}), 'YYYY-MM')`;
const mondayOf = (column: SQL, timeZone: string) =>
  sql`to_char(date_trunc('week', ${column} at time zone ${timeZone}), 'YYYY-MM-DD')`;
/** The instant local midnight of `day` is in the practice's time zone. */
const localMidnight = (day: string, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone})`;

const round = (value: number, places = 2) => Number(value.toFixed(places));

export class Insight {
  private readonly own: boolean;

  constructor(
    private readonly db: Db,
    private readonly auth: AuthContext,
    private readonly timeZone: string,
    private readonly today: string,
  ) {
    this.own = auth.role === 'Therapist';
  }

  /** `and <column> = the caller` for a Therapist (their own clients and sessions), nothing for the practice's roles. */
  private ownOnly(column: SQL): SQL {
    return this.own ? sql`and ${column} = ${this.auth.userId}` : sql``;
  }

  /** Payments received per month, and what each month's issued invoices still owe today, per currency. */
  async income(months: string[]): Promise<Insights['income']> {
    const from = `${months[0]}-01`;
    const { practiceId } = this.auth;
    const rows = await rowsOf<{
      currency: string;
      month: string;
      income: string | number;
      outstanding: string | number;
    }>(
      this.db,
      sql`with paid as (
            select currency, to_char(date, 'YYYY-MM') as month, sum(amount_minor) as income from payments
            where practice_id = ${practiceId} and date >= ${from}::date and date <= ${this.today}::date
            group by 1, 2),
          owed as (
            select i.currency, to_char(i.issue_date, 'YYYY-MM') as month, sum(greatest(${OWED}, 0)) as outstanding
            from invoices i
            where i.practice_id = ${practiceId} and ${OPEN_SQL('i')}
              and i.issue_date >= ${from}::date and i.issue_date <= ${this.today}::date
            group by 1, 2)
          select coalesce(p.currency, o.currency) as currency, coalesce(p.month, o.month) as month,
                 coalesce(p.income, 0)::bigint as income, coalesce(o.outstanding, 0)::bigint as outstanding
          from paid p full join owed o on o.currency = p.currency and o.month = p.month`,
    );
    const currencies = [...new Set(rows.map((row) => row.currency))].sort();
    return currencies.map((currency) => ({
      currency,
      months: months.map((month) => {
        const row = rows.find((r) => r.currency === currency && r.month === month);
        return { month, incomeMinor: Number(row?.income ?? 0), outstandingMinor: Number(row?.outstanding ?? 0) };
      }),
    }));
  }

  /** Sessions per week by attendance, with the no-show rate: did not attend over attended, late and did not attend. */
  async sessionsPerWeek(weeks: string[]): Promise<Insights['sessionsPerWeek']> {
    const start = localMidnight(weeks[0]!, this.timeZone);
    const end = localMidnight(shiftDate(weeks[weeks.length - 1]!, { days: 7 }), this.timeZone);
    const rows = await rowsOf<{ week: string; attended: number; dna: number; cancelled: number; scheduled: number }>(
      this.db,
      sql`select ${mondayOf(sql`s.starts_at`, this.timeZone)} as week,
                 count(*) filter (where s.status in ('attended', 'late'))::int as attended,
                 count(*) filter (where s.status = 'did not attend')::int as dna,
                 count(*) filter (where s.status in ('cancelled', 'late cancellation'))::int as cancelled,
                 count(*) filter (where s.status = 'scheduled')::int as scheduled
          from client_sessions s
          where s.practice_id = ${this.auth.practiceId} ${this.ownOnly(sql`s.therapist_id`)}
            and s.starts_at >= ${start} and s.starts_at < ${end}
          group by 1`,
    );
    return weeks.map((weekStart) => {
      const row = rows.find((r) => r.week === weekStart);
      const attended = Number(row?.attended ?? 0);
      const didNotAttend = Number(row?.dna ?? 0);
      const due = attended + didNotAttend;
      return {
        weekStart,
        attended,
        didNotAttend,
        cancelled: Number(row?.cancelled ?? 0),
        scheduled: Number(row?.scheduled ?? 0),
        noShowRate: due === 0 ? null : round(didNotAttend / due, 4),
      };
    });
  }

  /** Clients per status: the practice's from the kept counts (`client_counts`), a Therapist's own by their index. */
  async clientsByStatus(): Promise<NonNullable<Insights['clientsByStatus']>> {
    const rows = this.own
      ? await rowsOf<{ status: ClientStatus; count: number }>(
          this.db,
          sql`select c.status, count(*)::int as count from clients c
              where c.practice_id = ${this.auth.practiceId} and c.therapist_id = ${this.auth.userId} group by 1`,
        )
      : await rowsOf<{ status: ClientStatus; count: number }>(
          this.db,
          sql`select status, sum(clients)::int as count from client_counts
              where practice_id = ${this.auth.practiceId} group by 1`,
        );
    return CLIENT_STATUSES.map((status) => ({
      status,
      count: Number(rows.find((row) => row.status === status)?.count ?? 0),
    }));
  }

  /** Clients added per month (`clients_practice_created_idx`). */
  async newReferrals(months: string[]): Promise<NonNullable<Insights['newReferrals']>> {
    const rows = await rowsOf<{ month: string; count: number }>(
      this.db,
      sql`select ${monthOf(sql`c.created_at`, this.timeZone)} as month, count(*)::int as count from clients c
          where c.practice_id = ${this.auth.practiceId} ${this.ownOnly(sql`c.therapist_id`)}
            and c.created_at >= ${localMidnight(`${months[0]}-01`, this.timeZone)}
          group by 1`,
    );
    return months.map((month) => ({ month, count: Number(rows.find((row) => row.month === month)?.count ?? 0) }));
  }

  /**
   * Per measure, over the clients with two or more submitted scores completed in the window: the average first and
   * latest score and the average change (latest minus first).
   */
  async outcomeChange(months: string[]): Promise<NonNullable<Insights['outcomeChange']>> {
    const rows = await rowsOf<{ measure: MeasureCode; clients: number; first: number; latest: number }>(
      this.db,
      sql`with scored as (
            select a.client_id, a.measure, a.score,
                   row_number() over (partition by a.client_id, a.measure order by a.completed_on, a.id) as from_first,
                   row_number() over (partition by a.client_id, a.measure order by a.completed_on desc, a.id desc) as from_last
            from assessments a ${this.own ? sql`join clients c on c.id = a.client_id and c.therapist_id = ${this.auth.userId}` : sql``}
            where a.practice_id = ${this.auth.practiceId} and a.status = 'submitted' and a.score is not null
              and a.measure in (${sql.join(
                MEASURE_CODES.map((code) => sql`${code}`),
                sql`, `,
              )})
              and a.completed_on >= ${`${months[0]}-01`}::date and a.completed_on <= ${this.today}::date),
          pairs as (
            select f.measure, f.score as first, l.score as latest from scored f
            join scored l on l.client_id = f.client_id and l.measure = f.measure and l.from_last = 1
            where f.from_first = 1 and f.from_last > 1)
          select measure, count(*)::int as clients, avg(first)::float8 as first, avg(latest)::float8 as latest
          from pairs group by measure order by measure`,
    );
    return rows.map((row) => ({
      measure: row.measure,
      clients: Number(row.clients),
      averageFirst: round(Number(row.first)),
      averageLatest: round(Number(row.latest)),
      averageChange: round(Number(row.latest) - Number(row.first)),
    }));
  }

  /** The member's CPD hours per month of this year, with the running total and their target (the CPD log's figures). */
  async cpd(): Promise<NonNullable<Insights['cpd']>> {
    const year = Number(this.today.slice(0, 4));
    const log = await new CpdService(this.db).year(this.auth, year);
    const months = monthsEnding(`${year}-12-01`, 12);
    let cumulative = 0;
    return {
      year,
      targetHours: log.targetHours,
      months: months.map((month) => {
        const hours = log.items
          .filter((item) => item.date.startsWith(month))
          .reduce((sum, item) => sum + item.hours, 0);
        cumulative += hours;
        return { month, hours: round(hours), cumulativeHours: round(cumulative) };
      }),
    };
  }
}

/** Every /Dashboard2 figure the member's role may see (SPEC.md §6: none of the clients' or learning's for an Assistant). */
export async function insights(db: Db, auth: AuthContext, now = new Date()): Promise<Insights> {
  const { timeZone, today } = await practiceFacts(db, auth.practiceId, now);
  const months = monthsEnding(today, INSIGHT_MONTHS);
  const insight = new Insight(db, auth, timeZone, today);
  const clinical = auth.role !== 'Assistant';
  const [income, sessionsPerWeek, clientsByStatus, newReferrals, outcomeChange, cpd] = await Promise.all([
    insight.income(months),
    insight.sessionsPerWeek(weeksEnding(today, INSIGHT_WEEKS)),
    clinical ? insight.clientsByStatus() : null,
    clinical ? insight.newReferrals(months) : null,
    clinical ? insight.outcomeChange(months) : null,
    clinical ? insight.cpd() : null,
  ]);
  return {
    computedAt: now.toISOString(),
    income,
    sessionsPerWeek,
    clientsByStatus,
    newReferrals,
    outcomeChange,
    cpd,
  };
}
