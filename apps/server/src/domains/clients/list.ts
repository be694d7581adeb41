import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  type Client,
  type ClientKind,
  type ClientDefaultService,
  type ClientMemberSummary,
  type ClientRiskLevel,
  type ClientSort,
  type ClientStatus,
} from '@halcyon/api/contract';
import { iso, isoOrNull, preparedOnce, preparedShapes, rowsOf, type Db } from '../../platform/db';
import { clientBalanceSql } from '../billing/ledger';
import { containsPattern } from '../../platform/db/paging';

/**
 * The client list: filters, search, sort and keyset paging in one statement per page, and the lookups of one client and
 * its membership that the domain's other files share.
 */

export interface ClientFilters {
  statuses?: readonly ClientStatus[];
  kinds?: readonly ClientKind[];
  riskLevels?: readonly ClientRiskLevel[];
  /** Only clients whose risk review date is before the practice's local today (index `clients_practice_risk_review_idx`). */
  riskReviewOverdue?: boolean;
  therapistId?: number;
  tag?: string;
  search?: string;
  ids?: readonly number[];
}

/** The search splits into at most this many words; each must match a name or the e-mail. */
const SEARCH_WORDS_MAX = 8;

/** The practice a statement reads: its id, or the placeholder of a statement prepared once (`preparedOnce`). */
type PracticeId = number | Placeholder;

/** The practice's local date today (its time zone, or the default one): a scalar subquery run once per statement. */
export const PRACTICE_TODAY = (practiceId: PracticeId) =>
  sql`(now() at time zone coalesce((select pd.time_zone from practice_details pd where pd.practice_id = ${practiceId}), ${DEFAULT_TIME_ZONE}))::date`;

/** The practice's currency (its details, or the default one): a scalar subquery run once per statement. */
const PRACTICE_CURRENCY = (practiceId: PracticeId) =>
  sql`coalesce((select pd.currency from practice_details pd where pd.practice_id = ${practiceId}), ${DEFAULT_CURRENCY})`;

function whereOf(practiceId: PracticeId, f: ClientFilters): SQL {
  const parts: SQL[] = [sql`c.practice_id = ${practiceId}`];
  const inList = (column: SQL, values: readonly string[], type: string) =>
    sql`${column} in (${sql.join(
      values.map((v) => sql`${v}::${sql.raw(type)}`),
      sql`, `,
    )})`;
  if (f.ids) {
    if (f.ids.length === 0) return sql`false`;
    parts.push(
      sql`c.id in (${sql.join(
        f.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (f.statuses && f.statuses.length > 0) parts.push(inList(sql`c.status`, f.statuses, 'client_status'));
  if (f.kinds && f.kinds.length > 0) parts.push(inList(sql`c.kind`, f.kinds, 'client_kind'));
  if (f.riskLevels && f.riskLevels.length > 0) parts.push(inList(sql`c.risk_level`, f.riskLevels, 'risk_level'));
  if (f.riskReviewOverdue) parts.push(sql`c.risk_review_due < ${PRACTICE_TODAY(practiceId)}`);
  if (f.therapistId !== undefined) parts.push(sql`c.therapist_id = ${f.therapistId}`);
  if (f.tag) parts.push(sql`c.tags @> array[${f.tag}]::text[]`);
  const words = (f.search ?? '').split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX);
  for (const word of words) {
    const pattern = containsPattern(word);
    parts.push(
      sql`(c.first_name ilike ${pattern} or c.last_name ilike ${pattern} or c.preferred_name ilike ${pattern} or c.email ilike ${pattern})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The name a client sorts by: the last name, or for a couple, family or group (no last name) its name; the index
 * `clients_practice_sort_name_idx` holds exactly this expression, so sorting by name reads the index in order.
 */
const SORT_NAME = sql`lower(coalesce(nullif(c.last_name, ''), c.first_name))`;

/**
 * Next and last session of client `c`, each one probe of a partial index of `client_sessions` that holds only the
 * sessions it can be (`client_sessions_next_idx`: scheduled ones; `client_sessions_last_idx`: scheduled, attended or
 * late), walked from now forwards or backwards and stopped at the first: the next is the earliest scheduled session from
 * now on; the last is the latest past one that was not cancelled and not missed.
 */
const NEXT_SESSION = sql`(select s.starts_at from client_sessions s
  where s.practice_id = c.practice_id and s.client_id = c.id and s.status = 'scheduled' and s.starts_at >= now()
  order by s.starts_at asc limit 1)`;
const LAST_SESSION = sql`(select s.starts_at from client_sessions s
  where s.practice_id = c.practice_id and s.client_id = c.id and s.status in ('scheduled', 'attended', 'late')
    and s.starts_at < now()
  order by s.starts_at desc limit 1)`;

interface ClientOrder {
  /** Joined to `clients c` when the order needs a value from elsewhere (`k.at`). */
  join: SQL;
  order: SQL;
}

function orderOf(sort: ClientSort): ClientOrder {
  const desc = sort.startsWith('-');
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const name = sql`${SORT_NAME} ${dir}, lower(c.first_name) ${dir}, c.id ${dir}`;
  const plain = (order: SQL): ClientOrder => ({ join: sql``, order });
  // By a session date: computed once per client (a lateral join, one index probe), in date order either way, and the
  // clients without one last whichever the direction; ties by name.
  const bySession = (at: SQL): ClientOrder => ({
    join: sql`left join lateral (select ${at} as at) k on true`,
    order: sql`k.at ${dir} nulls last, ${name}`,
  });
  switch (sort.replace(/^-/, '')) {
    case 'status':
      return plain(sql`c.status ${dir}, ${name}`);
    case 'createdAt':
      return plain(sql`c.created_at ${dir}, c.id ${dir}`);
    case 'nextSession':
      return bySession(NEXT_SESSION);
    case 'lastSession':
      return bySession(LAST_SESSION);
    default:
      return plain(name);
  }
}

interface ClientSqlRow {
  total: number | string | null;
  currency: string;
  id: number | null;
  kind: ClientKind;
  status: ClientStatus;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  pronouns: string | null;
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  therapist_id: number | null;
  therapist_name: string | null;
  tags: string[] | string;
  risk_level: ClientRiskLevel;
  risk_review_due: string | null;
  risk_review_overdue: boolean | null;
  version: number;
  created_at: unknown;
  updated_at: unknown;
  member_ids: number[] | string | null;
  next_session_at: unknown;
  last_session_at: unknown;
  balance_minor: number | string | null;
}

/** A Postgres array literal (`{1,2}`) if a driver answers one as text; arrays pass through. */
function arrayOf<T>(value: T[] | string | null, map: (item: string) => T): T[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  return inner.split(',').map((item) => map(item.replace(/^"|"$/g, '')));
}

function toClient(row: ClientSqlRow): Client {
  return {
    id: row.id!,
    kind: row.kind,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    preferredName: row.preferred_name,
    pronouns: row.pronouns,
    dateOfBirth: row.date_of_birth,
    email: row.email,
    phone: row.phone,
    therapistId: row.therapist_id,
    therapistName: row.therapist_name,
    tags: arrayOf(row.tags, (s) => s),
    riskLevel: row.risk_level,
    riskReviewDue: row.risk_review_due,
    riskReviewOverdue: row.risk_review_overdue === true,
    nextSessionAt: isoOrNull(row.next_session_at),
    lastSessionAt: isoOrNull(row.last_session_at),
    balanceMinor: Number(row.balance_minor ?? 0),
    currency: row.currency,
    memberIds: arrayOf(row.member_ids, Number).map(Number),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

export interface ClientPage {
  items: Client[];
  /** Every matching client, or (when `totalCapped`) as many as were counted: there are more. */
  total: number;
  totalCapped: boolean;
}

/** The filters `client_counts` answers exactly; any other filter counts the matching clients, up to a cap. */
const COUNTED_FILTERS: ReadonlySet<string> = new Set(['statuses', 'kinds', 'riskLevels']);

/**
 * With a filter `client_counts` cannot answer (a therapist, a tag, a search), the count reads at most this many matching
 * clients past the page's first row, so a page never costs more than a bounded count: "of more than 1,025 clients".
 */
export const CLIENT_COUNT_AHEAD = 1000;

/** The exact count of the practice's clients of these statuses, kinds and risk levels, from the counter rows. */
function countedTotal(practiceId: PracticeId, f: ClientFilters): SQL {
  const parts: SQL[] = [sql`cc.practice_id = ${practiceId}`];
  const inList = (column: SQL, values: readonly string[] | undefined, type: string) => {
    if (values && values.length > 0)
      parts.push(
        sql`${column} in (${sql.join(
          values.map((v) => sql`${v}::${sql.raw(type)}`),
          sql`, `,
        )})`,
      );
  };
  inList(sql`cc.status`, f.statuses, 'client_status');
  inList(sql`cc.kind`, f.kinds, 'client_kind');
  inList(sql`cc.risk_level`, f.riskLevels, 'risk_level');
  return sql`(select coalesce(sum(cc.clients), 0)::int from client_counts cc where ${sql.join(parts, sql` and `)})`;
}

export interface PageQuery {
  filters: ClientFilters;
  sort: ClientSort;
  /** Numbers, or the placeholders of a statement prepared once. */
  limit: number | Placeholder;
  offset: number | Placeholder;
  /** The total column: a count, or null when only the rows are wanted (one client). */
  total: SQL;
}

/**
 * One page of clients in a single statement: the page's ids are picked in index order (limit and offset over the index of
 * the sort), and the per-row parts (therapist, members, next and last session) are computed for the page's rows only.
 */
async function pageOfClients(db: Db, practiceId: number, q: PageQuery): Promise<ClientSqlRow[]> {
  return rowsOf<ClientSqlRow>(db, pageOfClientsSql(practiceId, q));
}

/**
 * The columns of `clients` a client row reads (`clientColumns`): the page picks them with its ids, as the index walk of
 * the page reads each client's row anyway (its status, the filters), so the page's rows are not looked up again.
 */
const PAGE_COLUMNS = sql.raw(`c.id, c.practice_id, c.kind, c.status, c.first_name, c.last_name, c.preferred_name,
  c.pronouns, c.date_of_birth, c.email, c.phone, c.therapist_id, c.tags, c.risk_level, c.risk_review_due, c.version,
  c.created_at, c.updated_at`);

/** The statement of `pageOfClients` (exported so a test can read its plan). */
export function pageOfClientsSql(practiceId: PracticeId, q: PageQuery): SQL {
  const where = whereOf(practiceId, q.filters);
  const { join, order } = orderOf(q.sort);
  return sql`with page as (
          select ${PAGE_COLUMNS}, row_number() over (order by ${order}) as rn
          from clients c ${join} where ${where}
          order by ${order} limit ${q.limit} offset ${q.offset}
        ),
        total as (
          select ${q.total} as total, ${PRACTICE_CURRENCY(practiceId)} as currency
        )
        select total.total, total.currency, x.* from total left join (
          select c.rn, ${clientColumns(practiceId)}
          from page c left join users u on u.id = c.therapist_id
        ) x on true
        order by x.rn`;
}

/**
 * The columns of a client row (`ClientSqlRow`, but `total` and `currency`) of client `c` (a row of `clients`, or of a
 * page's `PAGE_COLUMNS`) joined to its therapist `u`: the list's page and the client page read the same.
 */
function clientColumns(practiceId: PracticeId): SQL {
  return sql`c.id, c.kind, c.status, c.first_name, c.last_name, c.preferred_name, c.pronouns,
    c.date_of_birth::text as date_of_birth, c.email, c.phone, c.therapist_id,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as therapist_name,
    c.tags, c.risk_level, c.risk_review_due::text as risk_review_due,
    c.risk_review_due < ${PRACTICE_TODAY(practiceId)} as risk_review_overdue, c.version, c.created_at, c.updated_at,
    case when c.kind = 'individual' then '{}'::int[]
         else array(select m.member_client_id from client_members m
                    where m.group_client_id = c.id order by m.member_client_id) end as member_ids,
    ${NEXT_SESSION} as next_session_at, ${LAST_SESSION} as last_session_at,
    ${clientBalanceSql(practiceId, sql`c.id`, PRACTICE_CURRENCY(practiceId))} as balance_minor`;
}

/** The clients of a page's rows (a page with no client answers one row with the total alone). */
const clientsOf = (rows: ClientSqlRow[]) => rows.filter((row) => row.id !== null).map(toClient);

/**
 * The page statements of the list as it opens (filtered by status alone, the counters giving the total), one per order
 * and set of statuses (at most 63 sets times the orders), each rendered once per database (`preparedShapes`): building
 * the page's statement cost the server more than the page's rows.
 */
const openingPage = preparedShapes<ClientSqlRow, { statuses: readonly ClientStatus[]; sort: ClientSort }>(
  ({ statuses, sort }) => `${sort} ${statuses.join(',')}`,
  ({ statuses, sort }) => {
    const practiceId = sql.placeholder('practiceId');
    const filters = { statuses };
    return pageOfClientsSql(practiceId, {
      filters,
      sort,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      total: countedTotal(practiceId, filters),
    });
  },
);

/**
 * One page of clients and how many match. With filters `client_counts` answers (status, kind, risk level: the list as it
 * opens), the total is exact and costs a few counter rows; with any other filter it counts the matching clients up to
 * `CLIENT_COUNT_AHEAD` past the page's first row and says so (`totalCapped`).
 */
export async function findClients(
  db: Db,
  practiceId: number,
  filters: ClientFilters,
  sort: ClientSort,
  limit: number,
  offset: number,
): Promise<ClientPage> {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  if (filters.statuses && filters.statuses.length > 0 && given.length === 1) {
    const statuses = [...new Set(filters.statuses)].sort();
    const rows = await openingPage(db, { statuses, sort }).rows({ practiceId, limit, offset });
    return { items: clientsOf(rows), total: Number(rows[0]?.total ?? 0), totalCapped: false };
  }
  const counted = given.every(([name]) => COUNTED_FILTERS.has(name));
  const cap = offset + CLIENT_COUNT_AHEAD;
  const total = counted
    ? countedTotal(practiceId, filters)
    : sql`(select count(*)::int from (select 1 from clients c where ${whereOf(practiceId, filters)} limit ${cap + 1}) m)`;
  const rows = await pageOfClients(db, practiceId, { filters, sort, limit, offset, total });
  const matched = Number(rows[0]?.total ?? 0);
  const totalCapped = !counted && matched > cap;
  return { items: clientsOf(rows), total: totalCapped ? cap : matched, totalCapped };
}

const MEMBER_JSON =
  sql.raw(`json_build_object('id', m_c.id, 'kind', m_c.kind, 'status', m_c.status, 'firstName', m_c.first_name,
  'lastName', m_c.last_name, 'preferredName', m_c.preferred_name)`);

export interface ClientWithMembership {
  client: Client;
  members: ClientMemberSummary[];
  memberOf: ClientMemberSummary[];
  /** Null when the client was never invited to the portal. */
  portalStatus: string | null;
  defaultService: ClientDefaultService | null;
}

type ClientWithMembershipRow = ClientSqlRow & {
  members: ClientMemberSummary[];
  member_of: ClientMemberSummary[];
  portal_status: string | null;
  default_service: ClientDefaultService | null;
};

/**
 * The statement of one client with its membership, prepared once (`preparedOnce`): the client page asks for it on every
 * visit, and building it cost the server more than PostgreSQL running it. The row comes as one JSON value (`row_to_json`):
 * its timestamps as text, which `toClient` reads like the list's.
 */
const clientStatement = preparedOnce((db) => {
  const practiceId = sql.placeholder('practiceId');
  return db
    .select({ row: sql<ClientWithMembershipRow>`row_to_json(x)` })
    .from(
      sql`(select ${PRACTICE_CURRENCY(practiceId)} as currency, ${clientColumns(practiceId)},
          coalesce((select json_agg(${MEMBER_JSON} order by lower(m_c.last_name), lower(m_c.first_name), m_c.id)
                    from client_members m join clients m_c on m_c.id = m.member_client_id
                    where m.group_client_id = c.id and m.practice_id = c.practice_id), '[]'::json) as members,
          coalesce((select json_agg(${MEMBER_JSON} order by lower(m_c.first_name), m_c.id)
                    from client_members m join clients m_c on m_c.id = m.group_client_id
                    where m.member_client_id = c.id and m.practice_id = c.practice_id), '[]'::json) as member_of,
          (select a.status from client_portal_access a
           where a.client_id = c.id and a.practice_id = c.practice_id limit 1) as portal_status,
          (select json_build_object('id', s.id, 'name', s.name, 'feeMinor', coalesce(c.default_fee_minor, s.price_minor),
                                    'currency', s.currency)
           from services s where s.id = c.default_service_id and s.practice_id = c.practice_id) as default_service
        from clients c left join users u on u.id = c.therapist_id
        where c.id = ${sql.placeholder('clientId')} and c.practice_id = ${practiceId}) x`,
    )
    .prepare('single_client');
});

/**
 * One client of the practice (null for any other id) with the members of a couple, family or group, the couples,
 * families and groups it belongs to, and its portal status: one statement, since the client page asks for them on every
 * visit (QUALITY.md read budgets: one round trip).
 */
export async function findClient(db: Db, practiceId: number, clientId: number): Promise<ClientWithMembership | null> {
  const [found] = await clientStatement(db).execute({ practiceId, clientId });
  if (!found) return null;
  const { row } = found;
  return {
    client: toClient(row),
    members: row.members,
    memberOf: row.member_of,
    portalStatus: row.portal_status,
    defaultService: row.default_service,
  };
}
