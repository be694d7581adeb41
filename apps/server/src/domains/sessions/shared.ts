import { and, asc, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import {
  SESSION_MESSAGES,
  type ClientSession,
  type SessionCancellation,
  type SessionNoteSummary,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import type { Platform } from '../../platform/context';
import { isoSql, jsonObjectSql, preparedOnce, type Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { fullName, fullNameSql, memberName, practiceOf, therapistFor } from '../scheduling/diary';
import { users } from '../users/schema';
import { clientSessions, privateSessionNotes, sessionCancellations, sessionNoteAddenda, sessionNotes } from './schema';

/**
 * What the areas of the sessions domain share (each area is its own file: sessions, attendance, notes, private notes,
 * other services): the lookup of a session, a session as the contract answers it with its note summaries, and the
 * lookups every booking shares (from the diary, which also keeps a therapist's time from being double-booked).
 */

/** What every area's service starts from: the platform (its database, audit log and mailer). */
export abstract class SessionsArea {
  constructor(protected readonly p: Platform) {}

  protected get db() {
    return this.p.database.db;
  }
}

export type SessionRow = typeof clientSessions.$inferSelect;
export type NoteRow = typeof sessionNotes.$inferSelect;
type CancellationRow = typeof sessionCancellations.$inferSelect;

export { fullName, memberName, practiceOf, therapistFor };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns a note summary needs (lists never carry the note's text). */
const NOTE_SUMMARY_COLUMNS = {
  id: sessionNotes.id,
  clientId: sessionNotes.clientId,
  sessionId: sessionNotes.sessionId,
  template: sessionNotes.template,
  title: sessionNotes.title,
  status: sessionNotes.status,
  signedAt: sessionNotes.signedAt,
  version: sessionNotes.version,
  createdAt: sessionNotes.createdAt,
  updatedAt: sessionNotes.updatedAt,
};
type NoteSummaryRow = Pick<NoteRow, keyof typeof NOTE_SUMMARY_COLUMNS>;

export function toSummary(row: NoteSummaryRow, addendaCount: number, signedByName: string | null): SessionNoteSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    sessionId: row.sessionId,
    template: row.template as SessionNoteSummary['template'],
    title: row.title,
    status: row.status as SessionNoteSummary['status'],
    signedAt: iso(row.signedAt),
    signedByName,
    addendaCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Note summaries (no text) with their signer and addenda count, newest first. */
export async function noteSummaries(db: Db, where: SQL | undefined): Promise<SessionNoteSummary[]> {
  const rows = await db
    .select({
      note: NOTE_SUMMARY_COLUMNS,
      first: users.firstName,
      last: users.lastName,
      addenda: sql<number>`(select count(*)::int from ${sessionNoteAddenda} where ${sessionNoteAddenda.noteId} = ${sessionNotes.id})`,
    })
    .from(sessionNotes)
    .leftJoin(users, eq(users.id, sessionNotes.signedBy))
    .where(where)
    .orderBy(desc(sessionNotes.createdAt), desc(sessionNotes.id));
  return rows.map((r) => toSummary(r.note, Number(r.addenda), fullName(r.first, r.last)));
}

/**
 * The name of the member `userId` names (`fullName`), or null: one probe of the users' primary key, which costs a row of
 * JSON less than joining the users to each session's notes or cancellation (a hash of the users per session).
 */
const memberNameSql = (userId: SQLWrapper) => {
  const member = alias(users, 'named_member');
  return sql<string | null>`(select ${fullNameSql(member.firstName, member.lastName)}
    from ${users} as ${sql.identifier('named_member')} where ${member.id} = ${userId})`;
};

/**
 * A session's note summary (no text) in the contract's shape (`toSummary`), as the one-item list the contract answers, of
 * the note joined to the session (`sessionsQuery`: a session has at most one note, `session_notes_session_idx`).
 */
const sessionNotesJson = sql<SessionNoteSummary[]>`case when ${sessionNotes.id} is null then '[]'::json
  else json_build_array(${jsonObjectSql<SessionNoteSummary>({
    ...NOTE_SUMMARY_COLUMNS,
    signedAt: isoSql(sessionNotes.signedAt),
    signedByName: memberNameSql(sessionNotes.signedBy),
    addendaCount: sql`(select count(*) from ${sessionNoteAddenda} where ${sessionNoteAddenda.noteId} = ${sessionNotes.id})`,
    createdAt: isoSql(sessionNotes.createdAt),
    updatedAt: isoSql(sessionNotes.updatedAt),
  })}) end`;

/**
 * A session's cancellation in the contract's shape (`toCancellation`), or null, of the cancellation joined to the session
 * (`sessionsQuery`: at most one, `session_cancellations_session_idx`).
 */
const sessionCancellationJson = sql<SessionCancellation | null>`case when ${sessionCancellations.id} is null then null
  else ${jsonObjectSql<SessionCancellation>({
    id: sessionCancellations.id,
    sessionId: sessionCancellations.sessionId,
    clientId: sessionCancellations.clientId,
    cancelledBy: sessionCancellations.cancelledBy,
    reason: sessionCancellations.reason,
    lateFee: sessionCancellations.lateFee,
    notifyClient: sessionCancellations.notifyClient,
    notifiedAt: isoSql(sessionCancellations.notifiedAt),
    recordedByName: memberNameSql(sessionCancellations.recordedBy),
    createdAt: isoSql(sessionCancellations.createdAt),
  })} end`;

/**
 * A session (joined to its therapist, note, cancellation and private note: `sessionsQuery`) as the contract answers it,
 * built by PostgreSQL as one JSON value: the driver parses it natively, so a page of sessions costs the server no mapping
 * of its rows and columns (QUALITY.md read budgets; the contract still validates every response). `durationMinutes`
 * rounds as `Math.round` does. The note, cancellation and private note are joined (each unique per session), not looked
 * up per row: as subqueries, PostgreSQL ran an aggregate per session for the notes, and the private note's `exists` as a
 * hashed subplan over every private note of the practice (0.4 ms a page on the large practice, growing with it).
 */
const sessionJson = jsonObjectSql<ClientSession>({
  id: clientSessions.id,
  clientId: clientSessions.clientId,
  therapistId: clientSessions.therapistId,
  therapistName: fullNameSql(users.firstName, users.lastName),
  serviceName: clientSessions.serviceName,
  startsAt: isoSql(clientSessions.startsAt),
  endsAt: isoSql(clientSessions.endsAt),
  durationMinutes: sql`floor(date_part('epoch', ${clientSessions.endsAt} - ${clientSessions.startsAt}) / 60 + 0.5)::int`,
  priceMinor: clientSessions.priceMinor,
  locationKind: clientSessions.locationKind,
  location: clientSessions.location,
  videoLink: clientSessions.videoLink,
  status: clientSessions.status,
  seriesId: clientSessions.seriesId,
  recurrence: clientSessions.recurrence,
  notes: clientSessions.notes,
  chargeFee: clientSessions.chargeFee,
  cancellation: sessionCancellationJson,
  sessionNotes: sessionNotesJson,
  hasPrivateNote: sql`${privateSessionNotes.id} is not null`,
  version: clientSessions.version,
  createdAt: isoSql(clientSessions.createdAt),
  updatedAt: isoSql(clientSessions.updatedAt),
});

/** The records joined to session `client_sessions` of the same practice (each unique per session). */
const ofTheSession = (table: typeof sessionNotes | typeof sessionCancellations | typeof privateSessionNotes) =>
  and(eq(table.sessionId, clientSessions.id), eq(table.practiceId, clientSessions.practiceId));

type CancellationFields = Pick<
  CancellationRow,
  'id' | 'sessionId' | 'clientId' | 'cancelledBy' | 'reason' | 'lateFee' | 'notifyClient' | 'notifiedAt' | 'createdAt'
>;

export function toCancellation(row: CancellationFields, recordedByName: string | null): SessionCancellation {
  return {
    id: row.id,
    sessionId: row.sessionId,
    clientId: row.clientId,
    cancelledBy: row.cancelledBy as SessionCancellation['cancelledBy'],
    reason: row.reason,
    lateFee: row.lateFee,
    notifyClient: row.notifyClient,
    notifiedAt: iso(row.notifiedAt),
    recordedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Sessions (newest first, or soonest first with `oldestFirst`) with their note summaries, cancellation and whether a
 * private note exists; `limit` reads only that many, in the order of the (practice, client, starts_at, id) index.
 * One statement: the note, the cancellation and the private note are joined to each session's row (QUALITY.md read
 * budgets: a page costs one round trip, not four).
 */
export async function loadSessions(
  db: Db,
  auth: AuthContext,
  where: SQL | undefined,
  page: { limit?: number; oldestFirst?: boolean } = {},
): Promise<ClientSession[]> {
  const rows = await sessionsQuery(db, auth.practiceId, where, page);
  return rows.map(sessionOfRow);
}

/**
 * The statement of `loadSessions`; `part` tags its rows, so two of them can go out as one union; `also` is one more
 * column every row carries (a figure about all the client's sessions that the same round trip brings along). The
 * practice and the limit may be placeholders, for a statement prepared once (`preparedOnce`).
 */
function sessionsQuery(
  db: Db,
  practiceId: number | Placeholder,
  where: SQL | undefined,
  page: { limit?: number | Placeholder; oldestFirst?: boolean; part?: string; also?: SQL },
) {
  const direction = page.oldestFirst ? asc : desc;
  const query = db
    .select({
      part: sql<string>`${page.part ?? ''}::text`.as('part'),
      also: sql<unknown>`${page.also ?? sql`null`}`.as('also'),
      session: sessionJson.as('session'),
    })
    .from(clientSessions)
    .leftJoin(users, eq(users.id, clientSessions.therapistId))
    .leftJoin(sessionNotes, ofTheSession(sessionNotes))
    .leftJoin(sessionCancellations, ofTheSession(sessionCancellations))
    .leftJoin(privateSessionNotes, ofTheSession(privateSessionNotes))
    .where(and(eq(clientSessions.practiceId, practiceId), where))
    .orderBy(direction(clientSessions.startsAt), direction(clientSessions.id))
    .$dynamic();
  return page.limit === undefined ? query : query.limit(page.limit);
}

const sessionOfRow = (row: { session: ClientSession }): ClientSession => row.session;

/** The values of the prepared statements of a client's sessions below. */
const CLIENT = {
  practiceId: sql.placeholder('practiceId'),
  clientId: sql.placeholder('clientId'),
  limit: sql.placeholder('limit'),
} as const;
const ofClient = eq(clientSessions.clientId, CLIENT.clientId);

/**
 * A client's sessions, newest first, a page of `limit`: the first page, or the page after a session (the cursor's start
 * and id). Prepared once (`preparedOnce`): the client's Sessions tab asks for it on every visit.
 */
const clientSessionPages = preparedOnce((db) => ({
  first: sessionsQuery(db, CLIENT.practiceId, ofClient, { limit: CLIENT.limit }).prepare('client_sessions_page'),
  after: sessionsQuery(
    db,
    CLIENT.practiceId,
    and(
      ofClient,
      sql`(${clientSessions.startsAt}, ${clientSessions.id}) < (${sql.placeholder('afterStartsAt')}::timestamptz, ${sql.placeholder('afterId')}::int)`,
    ),
    { limit: CLIENT.limit },
  ).prepare('client_sessions_page_after'),
}));

export async function loadClientSessionsPage(
  db: Db,
  auth: AuthContext,
  clientId: number,
  limit: number,
  after?: { startsAt: string; id: number },
): Promise<ClientSession[]> {
  const pages = clientSessionPages(db);
  const values = { practiceId: auth.practiceId, clientId, limit };
  const rows = after
    ? await pages.after.execute({ ...values, afterStartsAt: after.startsAt, afterId: after.id })
    : await pages.first.execute(values);
  return rows.map(sessionOfRow);
}

/**
 * The statement of a client's next `limit` scheduled sessions (soonest first) and last `limit` before `now` (newest
 * first), one union prepared once; `also` is a column computed once per part from the client's placeholders (a figure
 * about all their sessions), answered with them.
 */
export function sessionsAroundStatement(db: Db, name: string, also: (client: typeof CLIENT) => SQL) {
  const now = sql.placeholder('now');
  const upcoming = sessionsQuery(
    db,
    CLIENT.practiceId,
    and(ofClient, eq(clientSessions.status, 'scheduled'), sql`${clientSessions.startsAt} >= ${now}::timestamptz`),
    { limit: CLIENT.limit, oldestFirst: true, part: 'upcoming', also: also(CLIENT) },
  );
  const recent = sessionsQuery(
    db,
    CLIENT.practiceId,
    and(ofClient, sql`${clientSessions.startsAt} < ${now}::timestamptz`),
    {
      limit: CLIENT.limit,
      part: 'recent',
      also: also(CLIENT),
    },
  );
  return unionAll(upcoming, recent).prepare(name);
}

/**
 * A client's next `few` and last `few` sessions around `now` through a `sessionsAroundStatement`; `also` is its column
 * (undefined when no session came back).
 */
export async function loadSessionsAround<T>(
  statement: ReturnType<typeof sessionsAroundStatement>,
  auth: AuthContext,
  clientId: number,
  now: string,
  few: number,
): Promise<{ upcoming: ClientSession[]; recent: ClientSession[]; also: T | undefined }> {
  const rows = await statement.execute({ practiceId: auth.practiceId, clientId, limit: few, now });
  // A union keeps no order of its own: each part is put back in its order.
  const byStart = (a: ClientSession, b: ClientSession) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id;
  const of = (part: string) => rows.filter((row) => row.part === part).map(sessionOfRow);
  return {
    upcoming: of('upcoming').sort(byStart),
    recent: of('recent').sort((a, b) => byStart(b, a)),
    also: rows[0]?.also as T | undefined,
  };
}

/** The session row of the caller's practice, or 404. */
export async function sessionRow(db: Db, auth: AuthContext, id: number): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(clientSessions)
    .where(and(eq(clientSessions.id, id), eq(clientSessions.practiceId, auth.practiceId)))
    .limit(1);
  if (!row) throw notFound(SESSION_MESSAGES.sessionNotFound);
  return row;
}

/**
 * Saves changes to a session while `version` is still the stored one (optimistic locking), with one more condition when
 * given; otherwise nothing is saved and the answer is 409 with SESSION_MESSAGES.sessionChanged.
 */
export async function saveSession(
  db: Db,
  auth: AuthContext,
  id: number,
  version: number,
  values: Partial<typeof clientSessions.$inferInsert>,
  also?: SQL,
): Promise<void> {
  const updated = await db
    .update(clientSessions)
    .set({ ...values, version: sql`${clientSessions.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(clientSessions.id, id),
        eq(clientSessions.practiceId, auth.practiceId),
        eq(clientSessions.version, version),
        also,
      ),
    )
    .returning({ id: clientSessions.id });
  if (updated.length === 0) throw conflict(SESSION_MESSAGES.sessionChanged);
}

/** A session of the caller's practice as the contract answers it, or 404. */
export async function sessionOf(db: Db, auth: AuthContext, id: number): Promise<ClientSession> {
  const [found] = await loadSessions(db, auth, eq(clientSessions.id, id));
  if (!found) throw notFound(SESSION_MESSAGES.sessionNotFound);
  return found;
}
