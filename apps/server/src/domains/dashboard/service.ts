import { eq, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_COUNT_CAP,
  DASHBOARD_LIMITS,
  DEFAULT_TIME_ZONE,
  parseDiaryEventId,
  SESSION_MAX_MINUTES,
  COMPLIANCE_REMINDER_DAYS,
  DASHBOARD_FIGURES_TTL_SECONDS,
  type Insights,
  type OverdueInvoices,
  type ComplianceExpiring,
  type ComplianceKind,
  type HighRiskClients,
  type NotesDue,
  type PendingRequests,
  TASKS_DUE_DAYS_AHEAD,
  type SessionStatus,
  type TaskStatus,
  type TasksDue,
  type TodaySessions,
} from '@halcyon/api/contract';
import { dayBounds } from '@halcyon/api/time';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import { iso, preparedOnce, preparedShapes, type Db, type PreparedRows } from '../../platform/db';
import { practiceDetails } from '../account/schema';
import { PRACTICE_TODAY } from '../clients/list';
import { diaryEvents } from '../scheduling/diary';
import { priorityOf, tasks } from '../workspace/tasks';
import { FigureCache } from './cache';
import { insights, overdueInvoices } from './insights';

/** A client's name as the practice calls them: the preferred (or first) name and the last name. */
const CLIENT_NAME = sql`trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name)`;
const THERAPIST_NAME = sql`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`;
/** The client list's name order (the expression of the `clients_..._sort_name_idx` indexes). */
const CLIENT_ORDER = sql`lower(coalesce(nullif(c.last_name, ''), c.first_name)), lower(c.first_name), c.id`;

/** The practice's time zone, prepared once (`preparedOnce`): today's sessions ask for it on every visit. */
const timeZoneStatement = preparedOnce((db) =>
  db
    .select({ timeZone: practiceDetails.timeZone })
    .from(practiceDetails)
    .where(eq(practiceDetails.practiceId, sql.placeholder('practiceId')))
    .limit(1)
    .prepare('dashboard_practice_time_zone'),
);

interface Counted {
  total: number | string | null;
  id: number | null;
}

/** The values of a card's statement: placeholders, as each card's statement is prepared once (`cardStatement`). */
const CARD = {
  practiceId: sql.placeholder('practiceId'),
  userId: sql.placeholder('userId'),
  at: sql.placeholder('at'),
  over: sql.placeholder('over'),
} as const;

/**
 * One card's rows in one statement: `matched` picks the matching ids in index order with their rank (`rn`); `m` reads
 * its first `limit` (the shown rows, which `detail` reads with their names) and the count reads it again up to the count
 * cap and no further, ids alone (no rank, nothing held), so an index-only scan counts. With `kept`, the exact number of
 * matches kept elsewhere (a counter row), nothing is counted.
 */
interface Card {
  matched: SQL;
  detail: SQL;
  limit: number;
  kept?: SQL;
}

function cardSql({ matched, detail, limit, kept }: Card): SQL {
  const counted = kept ?? sql`select count(*) from (${matched} limit ${DASHBOARD_COUNT_CAP + 1}) counted`;
  return sql`with m as (${matched} limit ${limit}),
             total as (select (${counted})::int as total)
        select total.total, x.* from total left join (${detail}) x on true
        order by x.rn`;
}

/** `and <column> = the caller` in a Therapist's card (`own`), nothing in the cards of the roles that see the practice. */
const ownOnly = (own: boolean, column: SQL): SQL => (own ? sql`and ${column} = ${CARD.userId}` : sql``);

/**
 * A card's statement in each view (`preparedShapes`): a Therapist's own (`own`), and the practice's. /Dashboard asks for
 * every card on each visit, and building a card's statement cost the server more than PostgreSQL running it.
 */
function cardStatement<R>(card: (own: boolean) => Card): (db: Db, own: boolean) => PreparedRows<R & Counted> {
  return preparedShapes<R & Counted, boolean>(
    (own) => (own ? 'own' : 'practice'),
    (own) => cardSql(card(own)),
  );
}

/** A card's rows for the caller, and how many match up to DASHBOARD_COUNT_CAP; `values` fills the card's own placeholders. */
async function cardList<R>(
  statement: ReturnType<typeof cardStatement<R>>,
  db: Db,
  auth: AuthContext,
  values: Partial<Record<Exclude<keyof typeof CARD, 'practiceId' | 'userId'>, unknown>> = {},
): Promise<{ rows: R[]; total: number; totalCapped: boolean }> {
  const own = auth.role === 'Therapist';
  const rows = await statement(db, own).rows({ practiceId: auth.practiceId, userId: auth.userId, ...values });
  const matchedCount = Number(rows[0]?.total ?? 0);
  const totalCapped = matchedCount > DASHBOARD_COUNT_CAP;
  return {
    rows: rows.filter((row) => row.id !== null),
    total: totalCapped ? DASHBOARD_COUNT_CAP : matchedCount,
    totalCapped,
  };
}

interface NoteDueRow {
  id: number;
  client_id: number;
  client_name: string;
  therapist_name: string | null;
  service_name: string;
  starts_at: unknown;
  status: SessionStatus;
  has_note: boolean;
}

interface HighRiskRow {
  id: number;
  name: string;
  therapist_name: string | null;
  risk_review_due: string | null;
  risk_review_overdue: boolean | null;
}

interface PendingRequestRow {
  id: number;
  name: string;
  service_name: string;
  starts_at: unknown;
  created_at: unknown;
  therapist_name: string | null;
}

interface ExpiringComplianceRow {
  id: number;
  kind: ComplianceKind;
  body: string;
  expiry_date: string;
  expired: boolean;
}

interface DueTaskRow {
  id: number;
  title: string;
  due_date: string;
  overdue: boolean;
  priority: number;
  status: TaskStatus;
  client_id: number | null;
  client_name: string | null;
}

/**
 * Sessions that took place (attended, or still scheduled and already over) without a signed note, newest first: read
 * from the partial index of sessions without a signed note (`client_sessions_note_due_idx` and its therapist twin).
 * A session lasts at most SESSION_MAX_MINUTES, so one that started longer ago than that (`over`) is over: those are
 * matched from the index alone (an index-only scan, no row read to count them); only the sessions since then read their
 * status and end. The two ranges meet in start order (a merge of two index scans).
 */
const notesDueCard = cardStatement<NoteDueRow>((own) => {
  const order = sql`s.starts_at desc, s.id desc`;
  const due = sql`s.practice_id = ${CARD.practiceId} ${ownOnly(own, sql`s.therapist_id`)}
      and s.status in ('scheduled', 'attended', 'late') and not s.note_signed`;
  const at = sql`${CARD.at}::timestamptz`;
  const over = sql`${CARD.over}::timestamptz`;
  return {
    matched: sql`select id, row_number() over (order by starts_at desc, id desc) as rn from (
            (select s.id, s.starts_at from client_sessions s
             where ${due} and s.starts_at <= ${at} and s.starts_at > ${over}
               and (s.status <> 'scheduled' or s.ends_at <= ${at})
             order by ${order} limit ${DASHBOARD_COUNT_CAP + 1})
            union all
            (select s.id, s.starts_at from client_sessions s where ${due} and s.starts_at <= ${over}
             order by ${order} limit ${DASHBOARD_COUNT_CAP + 1})
          ) due order by starts_at desc, id desc`,
    detail: sql`select m.rn, s.id, s.client_id, ${CLIENT_NAME} as client_name, ${THERAPIST_NAME} as therapist_name,
                 s.service_name, s.starts_at, s.status,
                 exists (select 1 from session_notes n where n.session_id = s.id) as has_note
          from m join client_sessions s on s.id = m.id
          join clients c on c.id = s.client_id and c.practice_id = s.practice_id
          left join users u on u.id = s.therapist_id`,
    limit: DASHBOARD_LIMITS.notesDue,
  };
});

/**
 * Clients (not discharged or archived) whose current risk level is high, by name
 * (`clients_practice_high_risk_sort_name_idx`). The practice's are counted by its kept counts (`client_counts`), so
 * only the shown rows are read; a Therapist's own are counted off the index, up to the cap.
 */
const highRiskCard = cardStatement<HighRiskRow>((own) => {
  const seen = sql`c.risk_level = 'high' and c.status not in ('discharged', 'archived')`;
  return {
    matched: sql`select c.id, row_number() over (order by ${CLIENT_ORDER}) as rn from clients c
          where c.practice_id = ${CARD.practiceId} and ${seen} ${ownOnly(own, sql`c.therapist_id`)}
          order by ${CLIENT_ORDER}`,
    detail: sql`select m.rn, c.id, ${CLIENT_NAME} as name, ${THERAPIST_NAME} as therapist_name,
                 c.risk_review_due::text as risk_review_due,
                 c.risk_review_due < ${PRACTICE_TODAY(CARD.practiceId)} as risk_review_overdue
          from m join clients c on c.id = m.id left join users u on u.id = c.therapist_id`,
    limit: DASHBOARD_LIMITS.highRisk,
    ...(!own && {
      kept: sql`select coalesce(sum(cc.clients), 0) from client_counts cc
              where cc.practice_id = ${CARD.practiceId} and cc.risk_level = 'high'
                and cc.status not in ('discharged', 'archived')`,
    }),
  };
});

/**
 * The signed-in member's open tasks (to do or in progress) overdue or due within TASKS_DUE_DAYS_AHEAD days, by due date
 * (`tasks_open_assignee_due_idx`): every role sees their own, an Assistant included (SPEC.md §6 keeps the task manager
 * from them, not their tasks).
 */
const tasksDueCard = cardStatement<DueTaskRow>(() => {
  const today = PRACTICE_TODAY(CARD.practiceId);
  const order = sql`t.due_date asc, t.priority desc, t.id asc`;
  return {
    matched: sql`select t.id, row_number() over (order by ${order}) as rn from ${tasks} t
          where t.practice_id = ${CARD.practiceId} and t.assignee_id = ${CARD.userId}
            and t.status in ('to do', 'in progress') and t.due_date <= ${today} + ${TASKS_DUE_DAYS_AHEAD}::int
          order by ${order}`,
    detail: sql`select m.rn, t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') as due_date,
                 t.due_date < ${today} as overdue, t.priority, t.status, t.client_id,
                 case when c.id is null then null else ${CLIENT_NAME} end as client_name
          from m join ${tasks} t on t.id = m.id left join clients c on c.id = t.client_id`,
    limit: DASHBOARD_LIMITS.tasksDue,
  };
});

/**
 * Session requests waiting for the team's answer (pending; an amended one waits on the requester), by the time asked
 * for (`session_requests_open_idx`): a Therapist's own, the practice's for the Admin and the Assistant (they book for
 * the team), as the appointments count counts them.
 */
const pendingRequestsCard = cardStatement<PendingRequestRow>((own) => {
  const order = sql`r.starts_at asc, r.id asc`;
  return {
    matched: sql`select r.id, row_number() over (order by ${order}) as rn from session_requests r
          where r.practice_id = ${CARD.practiceId} and r.status = 'pending' ${ownOnly(own, sql`r.therapist_id`)}
          order by ${order}`,
    detail: sql`select m.rn, r.id, r.name, r.service_name, r.starts_at, r.created_at, ${THERAPIST_NAME} as therapist_name
          from m join session_requests r on r.id = m.id left join users u on u.id = r.therapist_id`,
    limit: DASHBOARD_LIMITS.pendingRequests,
  };
});

/**
 * The member's own licence and compliance records expired or expiring within COMPLIANCE_REMINDER_DAYS of today (the
 * practice's day), soonest first (`compliance_items_member_idx`): the records /Learning-development keeps.
 */
const complianceExpiringCard = cardStatement<ExpiringComplianceRow>(() => {
  const today = PRACTICE_TODAY(CARD.practiceId);
  const order = sql`ci.expiry_date asc, ci.id asc`;
  return {
    matched: sql`select ci.id, row_number() over (order by ${order}) as rn from compliance_items ci
          where ci.practice_id = ${CARD.practiceId} and ci.user_id = ${CARD.userId}
            and ci.expiry_date <= ${today} + ${COMPLIANCE_REMINDER_DAYS}::int
          order by ${order}`,
    detail: sql`select m.rn, ci.id, ci.kind, ci.body, ci.expiry_date::text as expiry_date, ci.expiry_date < ${today} as expired
          from m join compliance_items ci on ci.id = m.id`,
    limit: DASHBOARD_LIMITS.complianceExpiring,
  };
});

/**
 * The /Dashboard cards of the clients vertical (CATALOG.md Dashboards). Every read is the caller's practice's; a
 * Therapist's cards hold their own sessions and clients, an Admin's (and an Assistant's today's sessions) the practice's.
 * Each is one indexed statement that reads the card's rows and counts matches up to DASHBOARD_COUNT_CAP.
 */
export class DashboardService {
  private readonly overdue = new FigureCache<OverdueInvoices>(DASHBOARD_FIGURES_TTL_SECONDS.overdueInvoices * 1000);
  private readonly insight = new FigureCache<Insights>(DASHBOARD_FIGURES_TTL_SECONDS.insights * 1000);

  constructor(private readonly p: Platform) {}

  /** The practice's overdue invoices, how many and how much per currency (one sum over its issued invoices, kept a minute). */
  overdueInvoices(auth: AuthContext): Promise<OverdueInvoices> {
    return this.overdue.get(String(auth.practiceId), () => overdueInvoices(this.db, auth.practiceId));
  }

  /**
   * The /Dashboard2 figures, kept a while per view: the practice's for the Admin and the Assistant (each their own CPD
   * and role's charts), a Therapist's own.
   */
  insights(auth: AuthContext): Promise<Insights> {
    const key = `${auth.practiceId}:${auth.role}:${auth.userId}`;
    return this.insight.get(key, () => insights(this.db, auth));
  }

  private get db() {
    return this.p.database.db;
  }

  private async timeZoneOf(practiceId: number): Promise<string> {
    const [row] = await timeZoneStatement(this.db).execute({ practiceId });
    return row?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /**
   * Today's diary (the practice's local day) through the diary's read model: sessions of every status, appointments and
   * blocked time that start today, by start; the rows the card lists and how many there are.
   */
  async todaySessions(auth: AuthContext, now = new Date()): Promise<TodaySessions> {
    const timeZone = await this.timeZoneOf(auth.practiceId);
    const range = dayBounds(now.getTime(), timeZone);
    const events = await diaryEvents(this.db, auth.practiceId, {
      range,
      ...(auth.role === 'Therapist' && { therapistId: auth.userId }),
    });
    const today = events.filter((event) => Date.parse(event.startDateTimeUTC) >= range.start.getTime());
    return {
      items: today.slice(0, DASHBOARD_LIMITS.todaySessions).map((event) => ({
        id: parseDiaryEventId(event.id)!.id,
        eventId: event.id,
        kind: event.kind,
        clientId: event.client?.id ?? null,
        clientName: event.client?.name ?? null,
        therapistId: event.therapist?.id ?? null,
        therapistName: event.therapist?.name ?? null,
        serviceName: event.title,
        startsAt: event.startDateTimeUTC,
        endsAt: event.endDateTimeUTC,
        locationKind: event.locationKind,
        location: event.location,
        videoLink: event.videoLink,
        status: event.status,
      })),
      total: Math.min(today.length, DASHBOARD_COUNT_CAP),
      totalCapped: today.length > DASHBOARD_COUNT_CAP,
      timeZone,
    };
  }

  /** Sessions that took place without a signed note, newest first (`notesDueCard`). */
  async notesDue(auth: AuthContext, now = new Date()): Promise<NotesDue> {
    const { rows, total, totalCapped } = await cardList(notesDueCard, this.db, auth, {
      at: now.toISOString(),
      over: new Date(now.getTime() - SESSION_MAX_MINUTES * 60_000).toISOString(),
    });
    return {
      items: rows.map((row) => ({
        id: row.id,
        clientId: row.client_id,
        clientName: row.client_name,
        therapistName: row.therapist_name,
        serviceName: row.service_name,
        startsAt: iso(row.starts_at),
        status: row.status,
        noteStatus: row.has_note ? 'draft' : 'none',
      })),
      total,
      totalCapped,
    };
  }

  /** Clients whose current risk level is high, by name (`highRiskCard`). */
  async highRisk(auth: AuthContext): Promise<HighRiskClients> {
    const { rows, total, totalCapped } = await cardList(highRiskCard, this.db, auth);
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        therapistName: row.therapist_name,
        riskReviewDue: row.risk_review_due,
        riskReviewOverdue: row.risk_review_overdue === true,
      })),
      total,
      totalCapped,
    };
  }

  /** The signed-in member's open tasks due soon or overdue, by due date (`tasksDueCard`). */
  async tasksDue(auth: AuthContext): Promise<TasksDue> {
    const { rows, total, totalCapped } = await cardList(tasksDueCard, this.db, auth);
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        dueDate: row.due_date,
        overdue: row.overdue,
        priority: priorityOf(Number(row.priority)),
        status: row.status,
        clientId: row.client_id,
        clientName: row.client_name,
      })),
      total,
      totalCapped,
    };
  }

  /** Session requests waiting for the team's answer, by the time asked for (`pendingRequestsCard`). */
  async pendingRequests(auth: AuthContext): Promise<PendingRequests> {
    const { rows, total, totalCapped } = await cardList(pendingRequestsCard, this.db, auth);
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        serviceName: row.service_name,
        startsAt: iso(row.starts_at),
        therapistName: row.therapist_name,
        createdAt: iso(row.created_at),
      })),
      total,
      totalCapped,
    };
  }

  /** The member's own compliance records expired or expiring soon, soonest first (`complianceExpiringCard`). */
  async complianceExpiring(auth: AuthContext): Promise<ComplianceExpiring> {
    const { rows, total, totalCapped } = await cardList(complianceExpiringCard, this.db, auth);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        body: row.body,
        expiryDate: row.expiry_date,
        expired: row.expired,
      })),
      total,
      totalCapped,
    };
  }
}
