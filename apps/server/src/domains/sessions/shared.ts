import { and, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SESSION_MESSAGES,
  type InvoiceStatus,
  type ClientSession,
  type SessionCancellation,
  type SessionNoteSummary,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import type { Platform } from '../../platform/context';
import { iso, isoOrNull, preparedOnce, preparedSql, rowsOf, type Db, type PreparedRows } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { fullName, fullNameSql, memberName, practiceOf, therapistFor } from '../scheduling/diary';
import { CREDITED_SQL, PAID_SQL, stateOf } from '../billing/ledger/figures';
import { invoiceLines, invoices } from '../billing/ledger/schema';
import { PRACTICE_TODAY } from '../clients/list';
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

/** A timestamp as a raw statement answers it (text), or as the query builder does (a Date): `iso` takes either. */
type Timestamp = Date | string;

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
/** A note summary's columns; its timestamps as either statement answers them (`Timestamp`). */
type NoteSummaryRow = Omit<Pick<NoteRow, keyof typeof NOTE_SUMMARY_COLUMNS>, 'signedAt' | 'createdAt' | 'updatedAt'> & {
  signedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export function toSummary(row: NoteSummaryRow, addendaCount: number, signedByName: string | null): SessionNoteSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    sessionId: row.sessionId,
    template: row.template as SessionNoteSummary['template'],
    title: row.title,
    status: row.status as SessionNoteSummary['status'],
    signedAt: isoOrNull(row.signedAt),
    signedByName,
    addendaCount,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
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
 * The columns of a session (joined to its therapist, note, cancellation, private note and invoice: `sessionsSql`) that
 * `sessionOfRow` puts in the contract's shape. Plain columns, not JSON that PostgreSQL builds: measured on a page of a
 * client's sessions, building each session's JSON (with its note and cancellation) cost PostgreSQL three times what the
 * page's rows cost it as columns, and the server less than it saved. The note, cancellation and private note are joined
 * (each unique per session), not looked up per row: as subqueries, PostgreSQL ran an aggregate per session for the
 * notes, and the private note's `exists` as a hashed subplan over every private note of the practice.
 */
const SESSION_COLUMNS = {
  id: clientSessions.id,
  clientId: clientSessions.clientId,
  therapistId: clientSessions.therapistId,
  therapistFirstName: users.firstName,
  therapistLastName: users.lastName,
  serviceName: clientSessions.serviceName,
  startsAt: clientSessions.startsAt,
  endsAt: clientSessions.endsAt,
  priceMinor: clientSessions.priceMinor,
  locationKind: clientSessions.locationKind,
  location: clientSessions.location,
  videoLink: clientSessions.videoLink,
  status: clientSessions.status,
  seriesId: clientSessions.seriesId,
  recurrence: clientSessions.recurrence,
  notes: clientSessions.notes,
  chargeFee: clientSessions.chargeFee,
  version: clientSessions.version,
  createdAt: clientSessions.createdAt,
  updatedAt: clientSessions.updatedAt,
  // The session's note (a session has at most one, `session_notes_session_idx`), summarised: never its text.
  noteId: sessionNotes.id,
  noteClientId: sessionNotes.clientId,
  noteSessionId: sessionNotes.sessionId,
  noteTemplate: sessionNotes.template,
  noteTitle: sessionNotes.title,
  noteStatus: sessionNotes.status,
  noteSignedAt: sessionNotes.signedAt,
  noteVersion: sessionNotes.version,
  noteCreatedAt: sessionNotes.createdAt,
  noteUpdatedAt: sessionNotes.updatedAt,
  noteSignedByName: memberNameSql(sessionNotes.signedBy),
  noteAddendaCount: sql<number | null>`case when ${sessionNotes.id} is null then null
    else (select count(*)::int from ${sessionNoteAddenda} where ${sessionNoteAddenda.noteId} = ${sessionNotes.id}) end`,
  // Its cancellation (at most one, `session_cancellations_session_idx`).
  cancellationId: sessionCancellations.id,
  cancellationSessionId: sessionCancellations.sessionId,
  cancellationClientId: sessionCancellations.clientId,
  cancelledBy: sessionCancellations.cancelledBy,
  cancellationReason: sessionCancellations.reason,
  cancellationLateFee: sessionCancellations.lateFee,
  cancellationNotifyClient: sessionCancellations.notifyClient,
  cancellationNotifiedAt: sessionCancellations.notifiedAt,
  cancellationCreatedAt: sessionCancellations.createdAt,
  cancellationRecordedByName: memberNameSql(sessionCancellations.recordedBy),
  privateNoteId: privateSessionNotes.id,
  // The invoice line that bills it (at most one holds a session, `invoice_lines_billed_once_idx`) and its invoice:
  // a lateral probe per row of the page (a plain join let PostgreSQL hash every invoice line of the practice first).
  invoiceId: sql<number | null>`billed.id`,
  invoiceNumber: sql<string | null>`billed.number`,
  invoiceStatus: sql<string | null>`billed.status`,
  invoiceGrossMinor: sql<number | null>`billed.gross_minor`,
  invoiceDueDate: sql<string | null>`billed.due_date`,
  invoicePaidMinor: sql<number | null>`billed.paid_minor`,
  invoiceCreditedMinor: sql<number | null>`billed.credited_minor`,
  invoiceToday: sql<string | null>`billed.today`,
};

/**
 * A row of `SESSION_COLUMNS` as the driver answers a raw statement (`preparedSql`, `rowsOf`): timestamps as text, which
 * `iso` rewrites without building a Date (a page has two hundred of them); the joined parts null when absent.
 */
interface SessionColumnsRow {
  id: number;
  clientId: number;
  therapistId: number | null;
  therapistFirstName: string | null;
  therapistLastName: string | null;
  serviceName: string;
  startsAt: Timestamp;
  endsAt: Timestamp;
  priceMinor: number | null;
  locationKind: string;
  location: string;
  videoLink: string | null;
  status: string;
  seriesId: string | null;
  recurrence: string | null;
  notes: string;
  chargeFee: boolean;
  version: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  noteId: number | null;
  noteClientId: number | null;
  noteSessionId: number | null;
  noteTemplate: string | null;
  noteTitle: string | null;
  noteStatus: string | null;
  noteSignedAt: Timestamp | null;
  noteVersion: number | null;
  noteCreatedAt: Timestamp | null;
  noteUpdatedAt: Timestamp | null;
  noteSignedByName: string | null;
  noteAddendaCount: number | null;
  cancellationId: number | null;
  cancellationSessionId: number | null;
  cancellationClientId: number | null;
  cancelledBy: string | null;
  cancellationReason: string | null;
  cancellationLateFee: boolean | null;
  cancellationNotifyClient: boolean | null;
  cancellationNotifiedAt: Timestamp | null;
  cancellationCreatedAt: Timestamp | null;
  cancellationRecordedByName: string | null;
  privateNoteId: number | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
  invoiceStatus: string | null;
  invoiceGrossMinor: number | null;
  invoiceDueDate: string | null;
  invoicePaidMinor: number | null;
  invoiceCreditedMinor: number | null;
  invoiceToday: string | null;
}

/** A session row of `sessionsSql` as the contract answers it; `durationMinutes` rounds to the nearest minute. */
function sessionOfRow(row: SessionColumnsRow): ClientSession {
  const startsAt = iso(row.startsAt);
  const endsAt = iso(row.endsAt);
  return {
    id: row.id,
    clientId: row.clientId,
    therapistId: row.therapistId,
    therapistName: fullName(row.therapistFirstName, row.therapistLastName),
    serviceName: row.serviceName,
    startsAt,
    endsAt,
    durationMinutes: Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000),
    priceMinor: row.priceMinor,
    locationKind: row.locationKind as ClientSession['locationKind'],
    location: row.location,
    videoLink: row.videoLink,
    status: row.status as ClientSession['status'],
    seriesId: row.seriesId,
    recurrence: row.recurrence as ClientSession['recurrence'],
    notes: row.notes,
    chargeFee: row.chargeFee,
    cancellation:
      row.cancellationId === null
        ? null
        : toCancellation(
            {
              id: row.cancellationId,
              sessionId: row.cancellationSessionId!,
              clientId: row.cancellationClientId!,
              cancelledBy: row.cancelledBy!,
              reason: row.cancellationReason!,
              lateFee: row.cancellationLateFee!,
              notifyClient: row.cancellationNotifyClient!,
              notifiedAt: row.cancellationNotifiedAt,
              createdAt: row.cancellationCreatedAt!,
            },
            row.cancellationRecordedByName,
          ),
    sessionNotes:
      row.noteId === null
        ? []
        : [
            toSummary(
              {
                id: row.noteId,
                clientId: row.noteClientId!,
                sessionId: row.noteSessionId!,
                template: row.noteTemplate!,
                title: row.noteTitle!,
                status: row.noteStatus!,
                signedAt: row.noteSignedAt,
                version: row.noteVersion!,
                createdAt: row.noteCreatedAt!,
                updatedAt: row.noteUpdatedAt!,
              },
              row.noteAddendaCount ?? 0,
              row.noteSignedByName,
            ),
          ],
    hasPrivateNote: row.privateNoteId !== null,
    invoice:
      row.invoiceId === null
        ? null
        : {
            id: row.invoiceId,
            number: row.invoiceNumber,
            draft: row.invoiceStatus === 'draft',
            state: stateOf(
              {
                kind: 'invoice',
                status: row.invoiceStatus as InvoiceStatus,
                gross_minor: Number(row.invoiceGrossMinor ?? 0),
                paid_minor: Number(row.invoicePaidMinor ?? 0),
                credited_minor: Number(row.invoiceCreditedMinor ?? 0),
                due_date: row.invoiceDueDate ?? '',
              },
              row.invoiceToday ?? '',
            ),
          },
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The records joined to session `client_sessions` of the same practice (each unique per session). */
const ofTheSession = (table: typeof sessionNotes | typeof sessionCancellations | typeof privateSessionNotes) =>
  and(eq(table.sessionId, clientSessions.id), eq(table.practiceId, clientSessions.practiceId));

type CancellationFields = Pick<
  CancellationRow,
  'id' | 'sessionId' | 'clientId' | 'cancelledBy' | 'reason' | 'lateFee' | 'notifyClient'
> & { notifiedAt: Timestamp | null; createdAt: Timestamp };

export function toCancellation(row: CancellationFields, recordedByName: string | null): SessionCancellation {
  return {
    id: row.id,
    sessionId: row.sessionId,
    clientId: row.clientId,
    cancelledBy: row.cancelledBy as SessionCancellation['cancelledBy'],
    reason: row.reason,
    lateFee: row.lateFee,
    notifyClient: row.notifyClient,
    notifiedAt: isoOrNull(row.notifiedAt),
    recordedByName,
    createdAt: iso(row.createdAt),
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
  const rows = await rowsOf<SessionColumnsRow>(db, sessionsSql(auth.practiceId, where, page));
  return rows.map(sessionOfRow);
}

/** `SESSION_COLUMNS` as a select list, each column named by its key. */
const SESSION_SELECT = sql.join(
  Object.entries<SQLWrapper>(SESSION_COLUMNS).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
  sql`, `,
);

/**
 * The statement of `loadSessions`, raw (`rowsOf`, `preparedSql`): the query builder's mapping of a page's 44 columns a
 * row cost the server more than the page's JSON had. `part` tags its rows, so two of them can go out as one union;
 * `also` is one more column every row carries (a figure about all the client's sessions that the same round trip brings
 * along). The practice and the limit may be placeholders, for a statement prepared once (`preparedOnce`).
 */
function sessionsSql(
  practiceId: number | Placeholder,
  where: SQL | undefined,
  page: { limit?: number | Placeholder; oldestFirst?: boolean; part?: string; also?: SQL },
): SQL {
  const direction = sql.raw(page.oldestFirst ? 'asc' : 'desc');
  return sql`select ${page.part ?? ''}::text as part, ${page.also ?? sql`null`} as also, ${SESSION_SELECT}
    from ${clientSessions}
    left join ${users} on ${eq(users.id, clientSessions.therapistId)}
    left join ${sessionNotes} on ${ofTheSession(sessionNotes)}
    left join ${sessionCancellations} on ${ofTheSession(sessionCancellations)}
    left join ${privateSessionNotes} on ${ofTheSession(privateSessionNotes)}
    left join lateral (select ${invoices.id} as id, ${invoices.number} as number, ${invoices.status} as status,
        ${invoices.grossMinor} as gross_minor, ${invoices.dueDate}::text as due_date,
        ${PAID_SQL(sql`${invoices.id}`)} as paid_minor, ${CREDITED_SQL(sql`${invoices.id}`)} as credited_minor,
        ${PRACTICE_TODAY(practiceId)}::text as today
      from ${invoiceLines} join ${invoices} on ${eq(invoices.id, invoiceLines.invoiceId)}
      where ${invoiceLines.practiceId} = ${clientSessions.practiceId} and ${invoiceLines.sourceKind} = 'session'
        and ${invoiceLines.sourceId} = ${clientSessions.id} and ${invoiceLines.holdsSource}
      limit 1) as billed on true
    where ${and(eq(clientSessions.practiceId, practiceId), where)}
    order by ${clientSessions.startsAt} ${direction}, ${clientSessions.id} ${direction}
    ${page.limit === undefined ? sql`` : sql`limit ${page.limit}`}`;
}

/** A row of a statement of `sessionsSql`: its part's tag and its `also` column with the session's columns. */
type SessionsRow = SessionColumnsRow & { part: string; also: unknown };

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
  first: preparedSql<SessionsRow>(
    db,
    sessionsSql(CLIENT.practiceId, ofClient, { limit: CLIENT.limit }),
    'client_sessions_page',
  ),
  after: preparedSql<SessionsRow>(
    db,
    sessionsSql(
      CLIENT.practiceId,
      and(
        ofClient,
        sql`(${clientSessions.startsAt}, ${clientSessions.id}) < (${sql.placeholder('afterStartsAt')}::timestamptz, ${sql.placeholder('afterId')}::int)`,
      ),
      { limit: CLIENT.limit },
    ),
    'client_sessions_page_after',
  ),
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
    ? await pages.after.rows({ ...values, afterStartsAt: after.startsAt, afterId: after.id })
    : await pages.first.rows(values);
  return rows.map(sessionOfRow);
}

/** A statement of `sessionsAroundStatement`. */
export type SessionsAroundStatement = PreparedRows<SessionsRow>;

/**
 * The statement of a client's next `limit` scheduled sessions (soonest first) and last `limit` before `now` (newest
 * first), one union prepared once; `also` is a column computed once per part from the client's placeholders (a figure
 * about all their sessions), answered with them.
 */
export function sessionsAroundStatement(
  db: Db,
  name: string,
  also: (client: typeof CLIENT) => SQL,
): SessionsAroundStatement {
  const now = sql.placeholder('now');
  const upcoming = sessionsSql(
    CLIENT.practiceId,
    and(ofClient, eq(clientSessions.status, 'scheduled'), sql`${clientSessions.startsAt} >= ${now}::timestamptz`),
    { limit: CLIENT.limit, oldestFirst: true, part: 'upcoming', also: also(CLIENT) },
  );
  const recent = sessionsSql(CLIENT.practiceId, and(ofClient, sql`${clientSessions.startsAt} < ${now}::timestamptz`), {
    limit: CLIENT.limit,
    part: 'recent',
    also: also(CLIENT),
  });
  return preparedSql<SessionsRow>(db, sql`(${upcoming}) union all (${recent})`, name);
}

/**
 * A client's next `few` and last `few` sessions around `now` through a `sessionsAroundStatement`; `also` is its column
 * (undefined when no session came back).
 */
export async function loadSessionsAround<T>(
  statement: SessionsAroundStatement,
  auth: AuthContext,
  clientId: number,
  now: string,
  few: number,
): Promise<{ upcoming: ClientSession[]; recent: ClientSession[]; also: T | undefined }> {
  const rows = await statement.rows({ practiceId: auth.practiceId, clientId, limit: few, now });
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
