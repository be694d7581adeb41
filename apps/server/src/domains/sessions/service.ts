import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import {
  CLINICAL_ROLES,
  allows,
  CLIENT_SESSION_SUMMARY_SESSIONS,
  SESSIONS_CURSOR_GONE,
  SESSION_MESSAGES,
  type Appointment,
  type ClientSession,
  type ClientSessionPage,
  type ClientSessionSummary,
  type clientSessionsQuerySchema,
  type OtherService,
  type PrivateSessionNote,
  type SessionCancellation,
  type SessionNote,
  type SessionNoteSummary,
  type addAddendumBodySchema,
  type cancelSessionBodySchema,
  type createAppointmentBodySchema,
  type createGenericNoteBodySchema,
  type createOtherServiceBodySchema,
  type createSessionNoteBodySchema,
  type markAttendanceBodySchema,
  type savePrivateNoteBodySchema,
  type scheduleSessionBodySchema,
  type signSessionNoteBodySchema,
  type updateOtherServiceBodySchema,
  type updateSessionBodySchema,
  type updateSessionNoteBodySchema,
} from '@halcyon/api/contract';
import { SESSION_NOT_STARTED, sessionHasStarted } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { practiceDetails } from '../account/schema';
import { CLIENT_NOT_FOUND, clientOfPractice, isClientId } from '../clients/access';
import { clients } from '../clients/schema';
import { practices } from '../practice/schema';
import { memberships, users } from '../users/schema';
import { sessionCancelledMail, sessionsScheduledMail } from './mail';
import {
  appointments,
  clientSessions,
  otherServices,
  privateSessionNotes,
  sessionCancellations,
  sessionNoteAddenda,
  sessionNotes,
} from './schema';
import { dayBounds, formatWhen, formatWhenForClient, occurrences } from './time';

/** The statuses that hold the therapist's time (a cancelled, missed or late-cancelled session released it). */
const OCCUPYING = ['scheduled', 'attended', 'late'];

type ScheduleBody = z.output<typeof scheduleSessionBodySchema>;
type UpdateBody = z.output<typeof updateSessionBodySchema>;

/** Only a video session keeps a meeting link. */
const videoLinkOf = (body: { locationKind: string; videoLink: string | null }) =>
  body.locationKind === 'video' ? body.videoLink : null;
type AttendanceBody = z.output<typeof markAttendanceBodySchema>;
type CancelBody = z.output<typeof cancelSessionBodySchema>;
type CreateNoteBody = z.output<typeof createSessionNoteBodySchema>;
type CreateGenericBody = z.output<typeof createGenericNoteBodySchema>;
type UpdateNoteBody = z.output<typeof updateSessionNoteBodySchema>;
type SignBody = z.output<typeof signSessionNoteBodySchema>;
type AddendumBody = z.output<typeof addAddendumBodySchema>;
type PrivateBody = z.output<typeof savePrivateNoteBodySchema>;
type CreateOtherBody = z.output<typeof createOtherServiceBodySchema>;
type UpdateOtherBody = z.output<typeof updateOtherServiceBodySchema>;
type AppointmentBody = z.output<typeof createAppointmentBodySchema>;

type SessionRow = typeof clientSessions.$inferSelect;
type NoteRow = typeof sessionNotes.$inferSelect;
type CancellationRow = typeof sessionCancellations.$inferSelect;

/** Rich text of notes: structure and emphasis only; no attributes, links, images, scripts or styles. */
const NOTE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

export function cleanNoteHtml(html: string): string {
  return sanitizeHtml(html, NOTE_HTML).trim();
}

function isBlank(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ').trim() || null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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

function toSummary(row: NoteSummaryRow, addendaCount: number, signedByName: string | null): SessionNoteSummary {
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
async function noteSummaries(db: Db, where: SQL | undefined): Promise<SessionNoteSummary[]> {
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
 * A session's note summaries (no text) as one JSON column, newest first, with signer and addenda count. (An alias in a raw
 * `sql` renders as its name only, so the FROM clause names the table beside it.)
 */
const signer = alias(users, 'note_signer');
interface NoteSummaryJson {
  id: number;
  clientId: number;
  sessionId: number;
  template: string;
  title: string;
  status: string;
  signedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  first: string | null;
  last: string | null;
  addenda: number;
}
const sessionNotesColumn = sql<NoteSummaryJson[]>`(select coalesce(json_agg(json_build_object(
    'id', ${sessionNotes.id}, 'clientId', ${sessionNotes.clientId}, 'sessionId', ${sessionNotes.sessionId},
    'template', ${sessionNotes.template}, 'title', ${sessionNotes.title}, 'status', ${sessionNotes.status},
    'signedAt', ${sessionNotes.signedAt}, 'version', ${sessionNotes.version}, 'createdAt', ${sessionNotes.createdAt},
    'updatedAt', ${sessionNotes.updatedAt}, 'first', ${signer.firstName}, 'last', ${signer.lastName},
    'addenda', (select count(*) from ${sessionNoteAddenda} where ${sessionNoteAddenda.noteId} = ${sessionNotes.id})
  ) order by ${sessionNotes.createdAt} desc, ${sessionNotes.id} desc), '[]'::json)
  from ${sessionNotes} left join ${users} as ${sql.identifier('note_signer')} on ${signer.id} = ${sessionNotes.signedBy}
  where ${sessionNotes.practiceId} = ${clientSessions.practiceId} and ${sessionNotes.sessionId} = ${clientSessions.id})`;

function noteSummaryOfJson(note: NoteSummaryJson): SessionNoteSummary {
  return toSummary(
    {
      ...note,
      signedAt: note.signedAt ? new Date(note.signedAt) : null,
      createdAt: new Date(note.createdAt),
      updatedAt: new Date(note.updatedAt),
    },
    Number(note.addenda),
    fullName(note.first, note.last),
  );
}

/** A session's cancellation, if any, as one JSON column, with who recorded it. */
const recorder = alias(users, 'cancellation_recorder');
interface CancellationJson {
  id: number;
  sessionId: number;
  clientId: number;
  cancelledBy: string;
  reason: string;
  lateFee: boolean;
  notifyClient: boolean;
  notifiedAt: string | null;
  createdAt: string;
  first: string | null;
  last: string | null;
}
const sessionCancellationColumn = sql<CancellationJson | null>`(select json_build_object(
    'id', ${sessionCancellations.id}, 'sessionId', ${sessionCancellations.sessionId},
    'clientId', ${sessionCancellations.clientId}, 'cancelledBy', ${sessionCancellations.cancelledBy},
    'reason', ${sessionCancellations.reason}, 'lateFee', ${sessionCancellations.lateFee},
    'notifyClient', ${sessionCancellations.notifyClient}, 'notifiedAt', ${sessionCancellations.notifiedAt},
    'createdAt', ${sessionCancellations.createdAt}, 'first', ${recorder.firstName}, 'last', ${recorder.lastName})
  from ${sessionCancellations} left join ${users} as ${sql.identifier('cancellation_recorder')} on ${recorder.id} = ${sessionCancellations.recordedBy}
  where ${sessionCancellations.practiceId} = ${clientSessions.practiceId}
    and ${sessionCancellations.sessionId} = ${clientSessions.id}
  limit 1)`;

function cancellationOfJson({ first, last, ...row }: CancellationJson): SessionCancellation {
  return toCancellation(
    { ...row, notifiedAt: row.notifiedAt ? new Date(row.notifiedAt) : null, createdAt: new Date(row.createdAt) },
    fullName(first, last),
  );
}

type CancellationFields = Pick<
  CancellationRow,
  'id' | 'sessionId' | 'clientId' | 'cancelledBy' | 'reason' | 'lateFee' | 'notifyClient' | 'notifiedAt' | 'createdAt'
>;

function toCancellation(row: CancellationFields, recordedByName: string | null): SessionCancellation {
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

function toAppointment(row: typeof appointments.$inferSelect): Appointment {
  return {
    id: row.id,
    kind: row.kind as Appointment['kind'],
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    allDay: row.allDay,
    seriesId: row.seriesId,
    recurrence: row.recurrence as Appointment['recurrence'],
    notes: row.notes,
    therapistId: row.therapistId,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

interface Range {
  start: Date;
  end: Date;
}

/**
 * A client's sessions, their notes (draft -> signed -> addenda), private notes, cancellations and other services, plus
 * appointments and blocked time. Every record is reached through the caller's practice (404 otherwise).
 */
export class SessionsService {
  constructor(private readonly p: Platform) {}

  private get db() {
    return this.p.database.db;
  }

  private async practiceOf(practiceId: number): Promise<{ name: string; timeZone: string }> {
    const [row] = await this.db
      .select({ name: practices.name, timeZone: practiceDetails.timeZone })
      .from(practices)
      .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
      .where(eq(practices.id, practiceId))
      .limit(1);
    return { name: row?.name ?? 'Your practice', timeZone: row?.timeZone ?? 'Europe/London' };
  }

  /** The member the session or appointment is for: the given id (an active member of the practice) or the caller. */
  private async therapistFor(auth: AuthContext, therapistId: number | null): Promise<number> {
    if (therapistId === null) return auth.userId;
    const [row] = await this.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, therapistId),
          eq(memberships.practiceId, auth.practiceId),
          eq(memberships.status, 'active'),
        ),
      )
      .limit(1);
    if (!row)
      throw badRequest(SESSION_MESSAGES.therapistNotMember, { therapistId: SESSION_MESSAGES.therapistNotMember });
    return row.userId;
  }

  private async memberName(userId: number): Promise<string> {
    const [row] = await this.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return fullName(row?.first, row?.last) ?? 'This therapist';
  }

  /** 409 when any range overlaps the therapist's sessions (that hold their time) or appointments and blocked time. */
  private async assertNoConflicts(
    auth: AuthContext,
    therapistId: number,
    ranges: Range[],
    exclude: { sessionId?: number } = {},
  ): Promise<void> {
    if (ranges.length === 0) return;
    const overlapsSession = or(
      ...ranges.map((r) => and(lt(clientSessions.startsAt, r.end), gt(clientSessions.endsAt, r.start))),
    );
    const overlapsAppointment = or(
      ...ranges.map((r) => and(lt(appointments.startsAt, r.end), gt(appointments.endsAt, r.start))),
    );
    const sessionsFound = await this.db
      .select({ startsAt: clientSessions.startsAt })
      .from(clientSessions)
      .where(
        and(
          eq(clientSessions.practiceId, auth.practiceId),
          eq(clientSessions.therapistId, therapistId),
          inArray(clientSessions.status, OCCUPYING),
          exclude.sessionId ? ne(clientSessions.id, exclude.sessionId) : undefined,
          overlapsSession,
        ),
      )
      .orderBy(clientSessions.startsAt)
      .limit(5);
    const appointmentsFound = await this.db
      .select({ startsAt: appointments.startsAt, kind: appointments.kind })
      .from(appointments)
      .where(
        and(
          eq(appointments.practiceId, auth.practiceId),
          eq(appointments.therapistId, therapistId),
          overlapsAppointment,
        ),
      )
      .orderBy(appointments.startsAt)
      .limit(5);
    const found = [
      ...sessionsFound.map((s) => ({ at: s.startsAt, what: 'a session' })),
      ...appointmentsFound.map((a) => ({
        at: a.startsAt,
        what: a.kind === 'blocked time' ? 'blocked time' : 'an appointment',
      })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    if (found.length === 0) return;
    const { timeZone } = await this.practiceOf(auth.practiceId);
    const who = therapistId === auth.userId ? 'You already have' : `${await this.memberName(therapistId)} already has`;
    const listed = found
      .slice(0, 3)
      .map((f) => `${f.what} on ${formatWhen(f.at, timeZone)}`)
      .join('; ');
    const more = found.length > 3 ? ' and more' : '';
    throw conflict(`${who} ${listed}${more} at that time. Choose another time, or schedule it anyway.`);
  }

  // ---- sessions -----------------------------------------------------------------------------------------------------

  /**
   * Sessions (newest first, or soonest first with `oldestFirst`) with their note summaries, cancellation and whether a
   * private note exists; `limit` reads only that many, in the order of the (practice, client, starts_at, id) index.
   * One statement: the notes, the cancellation and the private note come as columns of each session's row (QUALITY.md
   * read budgets: a page costs one round trip, not four).
   */
  private async loadSessions(
    auth: AuthContext,
    where: SQL | undefined,
    db: Db = this.db,
    page: { limit?: number; oldestFirst?: boolean } = {},
  ): Promise<ClientSession[]> {
    const rows = await this.sessionsQuery(auth, where, db, page);
    return rows.map((row) => this.sessionOfRow(row));
  }

  /** The statement of `loadSessions`; `part` tags its rows, so two of them can go out as one union. */
  private sessionsQuery(
    auth: AuthContext,
    where: SQL | undefined,
    db: Db,
    page: { limit?: number; oldestFirst?: boolean; part?: string },
  ) {
    const direction = page.oldestFirst ? asc : desc;
    const query = db
      .select({
        part: sql<string>`${page.part ?? ''}::text`.as('part'),
        session: clientSessions,
        first: users.firstName,
        last: users.lastName,
        notes: sessionNotesColumn.as('notes'),
        cancellation: sessionCancellationColumn.as('cancellation'),
        hasPrivateNote: sql<boolean>`exists (select 1 from ${privateSessionNotes}
          where ${privateSessionNotes.practiceId} = ${clientSessions.practiceId}
            and ${privateSessionNotes.sessionId} = ${clientSessions.id})`.as('has_private_note'),
      })
      .from(clientSessions)
      .leftJoin(users, eq(users.id, clientSessions.therapistId))
      .where(and(eq(clientSessions.practiceId, auth.practiceId), where))
      .orderBy(direction(clientSessions.startsAt), direction(clientSessions.id))
      .$dynamic();
    return page.limit === undefined ? query : query.limit(page.limit);
  }

  private sessionOfRow({
    session,
    first,
    last,
    notes,
    cancellation,
    hasPrivateNote,
  }: Awaited<ReturnType<SessionsService['sessionsQuery']>>[number]): ClientSession {
    return this.toSession(session, fullName(first, last), {
      notes: (notes ?? []).map(noteSummaryOfJson),
      cancellation: cancellation ? cancellationOfJson(cancellation) : null,
      hasPrivateNote: Boolean(hasPrivateNote),
    });
  }

  /** The next `few` scheduled sessions (soonest first) and the last `few` before `now` (newest first), in one statement. */
  private async loadSessionsAround(
    auth: AuthContext,
    where: SQL,
    now: string,
    few: number,
  ): Promise<{ upcoming: ClientSession[]; recent: ClientSession[] }> {
    const upcoming = this.sessionsQuery(
      auth,
      and(where, eq(clientSessions.status, 'scheduled'), sql`${clientSessions.startsAt} >= ${now}::timestamptz`),
      this.db,
      { limit: few, oldestFirst: true, part: 'upcoming' },
    );
    const recent = this.sessionsQuery(
      auth,
      and(where, sql`${clientSessions.startsAt} < ${now}::timestamptz`),
      this.db,
      {
        limit: few,
        part: 'recent',
      },
    );
    const rows = await unionAll(upcoming, recent);
    // A union keeps no order of its own: each part is put back in its order.
    const byStart = (a: ClientSession, b: ClientSession) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id;
    const of = (part: string) => rows.filter((row) => row.part === part).map((row) => this.sessionOfRow(row));
    return { upcoming: of('upcoming').sort(byStart), recent: of('recent').sort((a, b) => byStart(b, a)) };
  }

  private toSession(
    row: SessionRow,
    therapistName: string | null,
    extra: { notes: SessionNoteSummary[]; cancellation: SessionCancellation | null; hasPrivateNote: boolean },
  ): ClientSession {
    return {
      id: row.id,
      clientId: row.clientId,
      therapistId: row.therapistId,
      therapistName,
      serviceName: row.serviceName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
      locationKind: row.locationKind as ClientSession['locationKind'],
      location: row.location,
      videoLink: row.videoLink,
      status: row.status as ClientSession['status'],
      seriesId: row.seriesId,
      recurrence: row.recurrence as ClientSession['recurrence'],
      notes: row.notes,
      chargeFee: row.chargeFee,
      cancellation: extra.cancellation,
      sessionNotes: extra.notes,
      hasPrivateNote: extra.hasPrivateNote,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The session row of the caller's practice, or 404. */
  private async sessionRow(auth: AuthContext, id: number, db: Db = this.db): Promise<SessionRow> {
    const [row] = await db
      .select()
      .from(clientSessions)
      .where(and(eq(clientSessions.id, id), eq(clientSessions.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(SESSION_MESSAGES.sessionNotFound);
    return row;
  }

  /**
   * A page of the client's sessions, newest first: keyset paging on (starts_at, id) after the cursor's session, so a page
   * reads its own rows from the index whatever the client's or the practice's size. One row more than the page says
   * whether another page follows.
   */
  async list(
    auth: AuthContext,
    clientId: number,
    query: z.output<typeof clientSessionsQuerySchema>,
  ): Promise<ClientSessionPage> {
    if (!isClientId(clientId)) throw notFound(CLIENT_NOT_FOUND);
    const ofClient = eq(clientSessions.clientId, clientId);
    let where = ofClient;
    if (query.cursor !== undefined) {
      const [after] = await this.db
        .select({ startsAt: clientSessions.startsAt, id: clientSessions.id })
        .from(clientSessions)
        .where(and(eq(clientSessions.id, query.cursor), eq(clientSessions.practiceId, auth.practiceId), ofClient))
        .limit(1);
      if (!after) {
        await clientOfPractice(this.db, auth, clientId);
        throw badRequest(SESSIONS_CURSOR_GONE, { cursor: SESSIONS_CURSOR_GONE });
      }
      where = and(
        ofClient,
        sql`(${clientSessions.startsAt}, ${clientSessions.id}) < (${after.startsAt.toISOString()}::timestamptz, ${after.id}::int)`,
      )!;
    }
    const rows = await this.loadSessions(auth, where, this.db, { limit: query.limit + 1 });
    // A session of the practice names its client, so only an empty page needs to ask whether the client is there (404).
    if (rows.length === 0) await clientOfPractice(this.db, auth, clientId);
    const items = rows.slice(0, query.limit);
    return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
  }

  /**
   * The client's session counts (one pass over the client's sessions through the client index, never the practice's) and
   * the next and last few sessions: what the Overview and the Sessions tab's line show without the whole list. Two
   * statements: the counts (with whether the client is the practice's), and the next and last few as one union.
   */
  async summary(auth: AuthContext, clientId: number): Promise<ClientSessionSummary> {
    if (!isClientId(clientId)) throw notFound(CLIENT_NOT_FOUND);
    const ofClient = eq(clientSessions.clientId, clientId);
    const now = new Date().toISOString();
    const [[counts], sessions] = await Promise.all([
      this.db
        .select({
          found: sql<boolean>`exists (select 1 from ${clients}
            where ${clients.id} = ${clientId} and ${clients.practiceId} = ${auth.practiceId})`,
          total: sql<number>`count(*)::int`,
          scheduled: sql<number>`(count(*) filter (where ${clientSessions.status} = 'scheduled'))::int`,
          needingSignedNote: sql<number>`(count(*) filter (where ${clientSessions.status} in ('attended', 'late')
            and not exists (select 1 from session_notes n where n.session_id = client_sessions.id
                            and n.status = 'signed')))::int`,
        })
        .from(clientSessions)
        .where(and(eq(clientSessions.practiceId, auth.practiceId), ofClient)),
      this.loadSessionsAround(auth, ofClient, now, CLIENT_SESSION_SUMMARY_SESSIONS),
    ]);
    if (!counts?.found) throw notFound(CLIENT_NOT_FOUND);
    return {
      total: Number(counts.total),
      scheduled: Number(counts.scheduled),
      needingSignedNote: Number(counts.needingSignedNote),
      upcoming: sessions.upcoming,
      recent: sessions.recent,
    };
  }

  async session(auth: AuthContext, id: number, db: Db = this.db): Promise<ClientSession> {
    const [found] = await this.loadSessions(auth, eq(clientSessions.id, id), db);
    if (!found) throw notFound(SESSION_MESSAGES.sessionNotFound);
    return found;
  }

  async schedule(auth: AuthContext, clientId: number, body: ScheduleBody): Promise<{ items: ClientSession[] }> {
    const client = await clientOfPractice(this.db, auth, clientId);
    const therapistId = await this.therapistFor(auth, body.therapistId);
    const practice = await this.practiceOf(auth.practiceId);
    const starts = occurrences(new Date(body.startsAt), body.recurrence, practice.timeZone);
    const ranges = starts.map((start) => ({ start, end: new Date(start.getTime() + body.durationMinutes * 60_000) }));
    if (!body.ignoreConflicts) await this.assertNoConflicts(auth, therapistId, ranges);
    const seriesId = ranges.length > 1 ? crypto.randomUUID() : null;
    const inserted = await this.db
      .insert(clientSessions)
      .values(
        ranges.map((r) => ({
          practiceId: auth.practiceId,
          clientId,
          therapistId,
          serviceName: body.serviceName,
          startsAt: r.start,
          endsAt: r.end,
          locationKind: body.locationKind,
          location: body.location,
          videoLink: videoLinkOf(body),
          seriesId,
          recurrence: body.recurrence.frequency,
          notes: body.notes,
          createdBy: auth.userId,
        })),
      )
      .returning({ id: clientSessions.id });
    if (body.sendConfirmation && client.email) {
      await this.p.mailer.send(
        sessionsScheduledMail(
          {
            practiceName: practice.name,
            to: client.email,
            clientName: client.preferredName ?? client.firstName,
            therapistName: await this.memberName(therapistId),
            serviceName: body.serviceName,
            when: formatWhenForClient(ranges[0]!.start, practice.timeZone),
            locationKind: body.locationKind,
            location: body.location,
            videoLink: videoLinkOf(body),
          },
          ranges.length,
        ),
      );
    }
    const items = await this.loadSessions(
      auth,
      inArray(
        clientSessions.id,
        inserted.map((r) => r.id),
      ),
    );
    return { items };
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<ClientSession> {
    const row = await this.sessionRow(auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.cancelledLocked);
    if (row.version !== body.version) throw conflict(SESSION_MESSAGES.sessionChanged);
    const therapistId = await this.therapistFor(auth, body.therapistId ?? row.therapistId);
    const start = new Date(body.startsAt);
    const end = new Date(start.getTime() + body.durationMinutes * 60_000);
    if (!body.ignoreConflicts) await this.assertNoConflicts(auth, therapistId, [{ start, end }], { sessionId: id });
    const updated = await this.db
      .update(clientSessions)
      .set({
        therapistId,
        serviceName: body.serviceName,
        startsAt: start,
        endsAt: end,
        locationKind: body.locationKind,
        location: body.location,
        videoLink: videoLinkOf(body),
        notes: body.notes,
        version: sql`${clientSessions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(clientSessions.id, id),
          eq(clientSessions.practiceId, auth.practiceId),
          eq(clientSessions.version, body.version),
        ),
      )
      .returning({ id: clientSessions.id });
    if (updated.length === 0) throw conflict(SESSION_MESSAGES.sessionChanged);
    return this.session(auth, id);
  }

  async markAttendance(auth: AuthContext, id: number, body: AttendanceBody): Promise<ClientSession> {
    const row = await this.sessionRow(auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.cancelledLocked);
    if (body.status !== 'scheduled' && !sessionHasStarted(row.startsAt)) {
      throw badRequest(SESSION_NOT_STARTED.attendance, { status: SESSION_NOT_STARTED.attendance });
    }
    const updated = await this.db
      .update(clientSessions)
      .set({
        status: body.status,
        chargeFee: body.chargeFee,
        version: sql`${clientSessions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(clientSessions.id, id),
          eq(clientSessions.practiceId, auth.practiceId),
          eq(clientSessions.version, body.version),
        ),
      )
      .returning({ id: clientSessions.id });
    if (updated.length === 0) throw conflict(SESSION_MESSAGES.sessionChanged);
    return this.session(auth, id);
  }

  /** Cancels: status 'cancelled' (the slot is free again) and a cancellation row, in one transaction; then the e-mail. */
  async cancel(auth: AuthContext, id: number, body: CancelBody): Promise<ClientSession> {
    const row = await this.sessionRow(auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.alreadyCancelled);
    const client = await clientOfPractice(this.db, auth, row.clientId);
    const notify = body.notifyClient && Boolean(client.email);
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(clientSessions)
        .set({
          status: 'cancelled',
          chargeFee: body.lateFee,
          version: sql`${clientSessions.version} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(clientSessions.id, id),
            eq(clientSessions.practiceId, auth.practiceId),
            eq(clientSessions.version, body.version),
            ne(clientSessions.status, 'cancelled'),
          ),
        )
        .returning({ id: clientSessions.id });
      if (updated.length === 0) throw conflict(SESSION_MESSAGES.sessionChanged);
      await tx.insert(sessionCancellations).values({
        practiceId: auth.practiceId,
        clientId: row.clientId,
        sessionId: id,
        cancelledBy: body.cancelledBy,
        reason: body.reason,
        lateFee: body.lateFee,
        notifyClient: body.notifyClient,
        notifiedAt: notify ? new Date() : null,
        recordedBy: auth.userId,
      });
    });
    if (notify) {
      const practice = await this.practiceOf(auth.practiceId);
      await this.p.mailer.send(
        sessionCancelledMail(
          {
            practiceName: practice.name,
            to: client.email!,
            clientName: client.preferredName ?? client.firstName,
            therapistName: row.therapistId ? await this.memberName(row.therapistId) : practice.name,
            serviceName: row.serviceName,
            when: formatWhenForClient(row.startsAt, practice.timeZone),
            locationKind: row.locationKind as ClientSession['locationKind'],
            location: row.location,
            videoLink: row.videoLink,
          },
          body.lateFee,
        ),
      );
    }
    return this.session(auth, id);
  }

  async cancellation(auth: AuthContext, sessionId: number): Promise<SessionCancellation | null> {
    await this.sessionRow(auth, sessionId);
    const [row] = await this.db
      .select({ cancellation: sessionCancellations, first: users.firstName, last: users.lastName })
      .from(sessionCancellations)
      .leftJoin(users, eq(users.id, sessionCancellations.recordedBy))
      .where(and(eq(sessionCancellations.sessionId, sessionId), eq(sessionCancellations.practiceId, auth.practiceId)))
      .limit(1);
    return row ? toCancellation(row.cancellation, fullName(row.first, row.last)) : null;
  }

  async remove(auth: AuthContext, id: number): Promise<{ detail: string }> {
    await this.sessionRow(auth, id);
    const [signed] = await this.db
      .select({ id: sessionNotes.id })
      .from(sessionNotes)
      .where(and(eq(sessionNotes.sessionId, id), eq(sessionNotes.status, 'signed')))
      .limit(1);
    if (signed) throw conflict(SESSION_MESSAGES.sessionWithSignedNote);
    await this.db
      .delete(clientSessions)
      .where(and(eq(clientSessions.id, id), eq(clientSessions.practiceId, auth.practiceId)));
    return { detail: SESSION_MESSAGES.sessionDeleted };
  }

  // ---- session notes ------------------------------------------------------------------------------------------------

  private async noteRow(auth: AuthContext, id: number, missing: string = SESSION_MESSAGES.noteNotFound) {
    const [row] = await this.db
      .select()
      .from(sessionNotes)
      .where(and(eq(sessionNotes.id, id), eq(sessionNotes.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(missing);
    return row;
  }

  private async noteOut(auth: AuthContext, row: NoteRow): Promise<SessionNote> {
    const addenda = await this.db
      .select({ addendum: sessionNoteAddenda, first: users.firstName, last: users.lastName })
      .from(sessionNoteAddenda)
      .leftJoin(users, eq(users.id, sessionNoteAddenda.createdBy))
      .where(and(eq(sessionNoteAddenda.noteId, row.id), eq(sessionNoteAddenda.practiceId, auth.practiceId)))
      .orderBy(sessionNoteAddenda.createdAt, sessionNoteAddenda.id);
    const people = await this.db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(inArray(users.id, [row.signedBy ?? 0, row.createdBy ?? 0]));
    const nameOf = (userId: number | null) => {
      const person = people.find((p) => p.id === userId);
      return person ? fullName(person.first, person.last) : null;
    };
    return {
      ...toSummary(row, addenda.length, nameOf(row.signedBy)),
      contentHtml: row.contentHtml,
      createdByName: nameOf(row.createdBy),
      addenda: addenda.map((a) => ({
        id: a.addendum.id,
        contentHtml: a.addendum.contentHtml,
        createdByName: fullName(a.first, a.last),
        createdAt: a.addendum.createdAt.toISOString(),
      })),
    };
  }

  async note(auth: AuthContext, id: number): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.sessionId === null) throw notFound(SESSION_MESSAGES.noteNotFound);
    return this.noteOut(auth, row);
  }

  async genericNote(auth: AuthContext, id: number): Promise<SessionNote> {
    const row = await this.noteRow(auth, id, SESSION_MESSAGES.genericNoteNotFound);
    if (row.sessionId !== null) throw notFound(SESSION_MESSAGES.genericNoteNotFound);
    return this.noteOut(auth, row);
  }

  async genericNotes(auth: AuthContext, clientId: number): Promise<{ items: SessionNoteSummary[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const items = await noteSummaries(
      this.db,
      and(
        eq(sessionNotes.practiceId, auth.practiceId),
        eq(sessionNotes.clientId, clientId),
        isNull(sessionNotes.sessionId),
      ),
    );
    return { items };
  }

  async createNote(auth: AuthContext, sessionId: number, body: CreateNoteBody): Promise<SessionNote> {
    const session = await this.sessionRow(auth, sessionId);
    const [existing] = await this.db
      .select({ id: sessionNotes.id })
      .from(sessionNotes)
      .where(eq(sessionNotes.sessionId, sessionId))
      .limit(1);
    if (existing) throw conflict(SESSION_MESSAGES.noteExists);
    const [row] = await this.db
      .insert(sessionNotes)
      .values({
        practiceId: auth.practiceId,
        clientId: session.clientId,
        sessionId,
        template: body.template,
        contentHtml: cleanNoteHtml(body.contentHtml),
        createdBy: auth.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(SESSION_MESSAGES.noteExists);
    return this.noteOut(auth, row);
  }

  async createGenericNote(auth: AuthContext, clientId: number, body: CreateGenericBody): Promise<SessionNote> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(sessionNotes)
      .values({
        practiceId: auth.practiceId,
        clientId,
        sessionId: null,
        template: body.template,
        title: body.title,
        contentHtml: cleanNoteHtml(body.contentHtml),
        createdBy: auth.userId,
      })
      .returning();
    return this.noteOut(auth, row!);
  }

  /** Saves a draft when the version matches; a signed note is locked, a stale version is refused; nothing overwritten. */
  async updateNote(auth: AuthContext, id: number, body: UpdateNoteBody): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.status === 'signed') throw conflict(SESSION_MESSAGES.noteSigned);
    if (row.version !== body.version) throw conflict(SESSION_MESSAGES.noteChanged);
    const [updated] = await this.db
      .update(sessionNotes)
      .set({
        ...(body.template ? { template: body.template } : {}),
        ...(body.title !== undefined && row.sessionId === null ? { title: body.title } : {}),
        contentHtml: cleanNoteHtml(body.contentHtml),
        version: sql`${sessionNotes.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sessionNotes.id, id),
          eq(sessionNotes.practiceId, auth.practiceId),
          eq(sessionNotes.version, body.version),
          eq(sessionNotes.status, 'draft'),
        ),
      )
      .returning();
    if (!updated) {
      const now = await this.noteRow(auth, id);
      throw conflict(now.status === 'signed' ? SESSION_MESSAGES.noteSigned : SESSION_MESSAGES.noteChanged);
    }
    return this.noteOut(auth, updated);
  }

  async signNote(auth: AuthContext, id: number, body: SignBody): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.status === 'signed') throw conflict(SESSION_MESSAGES.noteSigned);
    if (row.version !== body.version) throw conflict(SESSION_MESSAGES.noteChanged);
    if (isBlank(row.contentHtml))
      throw badRequest(SESSION_MESSAGES.noteEmpty, { contentHtml: SESSION_MESSAGES.noteEmpty });
    if (row.sessionId !== null) {
      const session = await this.sessionRow(auth, row.sessionId);
      if (!sessionHasStarted(session.startsAt)) throw badRequest(SESSION_NOT_STARTED.sign);
    }
    const [updated] = await this.db
      .update(sessionNotes)
      .set({
        status: 'signed',
        signedAt: new Date(),
        signedBy: auth.userId,
        version: sql`${sessionNotes.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sessionNotes.id, id),
          eq(sessionNotes.practiceId, auth.practiceId),
          eq(sessionNotes.version, body.version),
          eq(sessionNotes.status, 'draft'),
        ),
      )
      .returning();
    if (!updated) throw conflict(SESSION_MESSAGES.noteChanged);
    return this.noteOut(auth, updated);
  }

  async addAddendum(auth: AuthContext, id: number, body: AddendumBody): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.status !== 'signed') throw conflict(SESSION_MESSAGES.noteNotSigned);
    const contentHtml = cleanNoteHtml(body.contentHtml);
    if (isBlank(contentHtml))
      throw badRequest(SESSION_MESSAGES.addendumEmpty, { contentHtml: SESSION_MESSAGES.addendumEmpty });
    await this.db.insert(sessionNoteAddenda).values({
      practiceId: auth.practiceId,
      clientId: row.clientId,
      noteId: id,
      contentHtml,
      createdBy: auth.userId,
    });
    return this.noteOut(auth, row);
  }

  async removeNote(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const row = await this.noteRow(auth, id);
    if (row.status === 'signed') throw conflict(SESSION_MESSAGES.signedNoteNotDeleted);
    await this.db
      .delete(sessionNotes)
      .where(
        and(eq(sessionNotes.id, id), eq(sessionNotes.practiceId, auth.practiceId), eq(sessionNotes.status, 'draft')),
      );
    return { detail: SESSION_MESSAGES.noteDeleted };
  }

  // ---- private notes ------------------------------------------------------------------------------------------------

  private async privateOut(row: typeof privateSessionNotes.$inferSelect): Promise<PrivateSessionNote> {
    const name = row.createdBy ? await this.memberName(row.createdBy) : null;
    return {
      id: row.id,
      clientId: row.clientId,
      sessionId: row.sessionId,
      contentHtml: row.contentHtml,
      version: row.version,
      createdByName: name,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async privateNote(auth: AuthContext, sessionId: number): Promise<PrivateSessionNote | null> {
    await this.sessionRow(auth, sessionId);
    const [row] = await this.db
      .select()
      .from(privateSessionNotes)
      .where(and(eq(privateSessionNotes.sessionId, sessionId), eq(privateSessionNotes.practiceId, auth.practiceId)))
      .limit(1);
    return row ? this.privateOut(row) : null;
  }

  async savePrivateNote(auth: AuthContext, sessionId: number, body: PrivateBody): Promise<PrivateSessionNote> {
    const session = await this.sessionRow(auth, sessionId);
    const contentHtml = cleanNoteHtml(body.contentHtml);
    if (body.version === 0) {
      const [row] = await this.db
        .insert(privateSessionNotes)
        .values({
          practiceId: auth.practiceId,
          clientId: session.clientId,
          sessionId,
          contentHtml,
          createdBy: auth.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(SESSION_MESSAGES.privateNoteChanged);
      return this.privateOut(row);
    }
    const [row] = await this.db
      .update(privateSessionNotes)
      .set({ contentHtml, version: sql`${privateSessionNotes.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(privateSessionNotes.sessionId, sessionId),
          eq(privateSessionNotes.practiceId, auth.practiceId),
          eq(privateSessionNotes.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict(SESSION_MESSAGES.privateNoteChanged);
    return this.privateOut(row);
  }

  async removePrivateNote(auth: AuthContext, sessionId: number): Promise<{ detail: string }> {
    await this.sessionRow(auth, sessionId);
    const deleted = await this.db
      .delete(privateSessionNotes)
      .where(and(eq(privateSessionNotes.sessionId, sessionId), eq(privateSessionNotes.practiceId, auth.practiceId)))
      .returning({ id: privateSessionNotes.id });
    if (deleted.length === 0) throw notFound('This session has no private note.');
    return { detail: SESSION_MESSAGES.privateNoteDeleted };
  }

  // ---- other services -----------------------------------------------------------------------------------------------

  private async otherServicesWhere(auth: AuthContext, where: SQL): Promise<OtherService[]> {
    const rows = await this.db
      .select({ service: otherServices, first: users.firstName, last: users.lastName })
      .from(otherServices)
      .leftJoin(users, eq(users.id, otherServices.createdBy))
      .where(and(eq(otherServices.practiceId, auth.practiceId), where))
      .orderBy(desc(otherServices.date), desc(otherServices.id));
    return rows.map(({ service, first, last }) => ({
      id: service.id,
      clientId: service.clientId,
      name: service.name,
      date: service.date,
      durationMinutes: service.durationMinutes,
      feeMinor: service.feeMinor,
      currency: service.currency,
      notes: service.notes,
      version: service.version,
      createdByName: fullName(first, last),
      createdAt: service.createdAt.toISOString(),
      updatedAt: service.updatedAt.toISOString(),
    }));
  }

  async otherServices(auth: AuthContext, clientId: number): Promise<{ items: OtherService[] }> {
    await clientOfPractice(this.db, auth, clientId);
    return { items: await this.otherServicesWhere(auth, eq(otherServices.clientId, clientId)) };
  }

  async otherService(auth: AuthContext, id: number): Promise<OtherService> {
    const [found] = await this.otherServicesWhere(auth, eq(otherServices.id, id));
    if (!found) throw notFound(SESSION_MESSAGES.otherServiceNotFound);
    return found;
  }

  async createOtherService(auth: AuthContext, clientId: number, body: CreateOtherBody): Promise<OtherService> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(otherServices)
      .values({ practiceId: auth.practiceId, clientId, ...body, createdBy: auth.userId })
      .returning({ id: otherServices.id });
    return this.otherService(auth, row!.id);
  }

  async updateOtherService(auth: AuthContext, id: number, body: UpdateOtherBody): Promise<OtherService> {
    await this.otherService(auth, id);
    const { version, ...fields } = body;
    const updated = await this.db
      .update(otherServices)
      .set({ ...fields, version: sql`${otherServices.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(otherServices.id, id),
          eq(otherServices.practiceId, auth.practiceId),
          eq(otherServices.version, version),
        ),
      )
      .returning({ id: otherServices.id });
    if (updated.length === 0) throw conflict(SESSION_MESSAGES.otherServiceChanged);
    return this.otherService(auth, id);
  }

  async removeOtherService(auth: AuthContext, id: number): Promise<{ detail: string }> {
    await this.otherService(auth, id);
    await this.db
      .delete(otherServices)
      .where(and(eq(otherServices.id, id), eq(otherServices.practiceId, auth.practiceId)));
    return { detail: SESSION_MESSAGES.otherServiceDeleted };
  }

  // ---- appointments and blocked time --------------------------------------------------------------------------------

  async createAppointment(auth: AuthContext, body: AppointmentBody): Promise<{ items: Appointment[] }> {
    const start = new Date(body.startsAt);
    const end = new Date(body.endsAt);
    if (end.getTime() <= start.getTime()) {
      throw badRequest(SESSION_MESSAGES.endBeforeStart, { endsAt: SESSION_MESSAGES.endBeforeStart });
    }
    if (body.clientId !== null) {
      // Only Admin and Therapist may name a client (SPEC.md §6): an Assistant is refused before any lookup, so the answer
      // never says which client ids exist.
      if (!allows(CLINICAL_ROLES, auth.role)) throw forbidden();
      await clientOfPractice(this.db, auth, body.clientId);
    }
    const therapistId = await this.therapistFor(auth, body.therapistId);
    const { timeZone } = await this.practiceOf(auth.practiceId);
    // An all-day entry covers whole local days, from the start's day to the end's day.
    const first = body.allDay ? dayBounds(start.getTime(), timeZone).start : start;
    const last = body.allDay ? dayBounds(end.getTime() - 1, timeZone).end : end;
    const length = last.getTime() - first.getTime();
    const ranges = occurrences(first, body.recurrence, timeZone).map((s) => ({
      start: s,
      end: new Date(s.getTime() + length),
    }));
    if (!body.ignoreConflicts && body.kind === 'appointment') await this.assertNoConflicts(auth, therapistId, ranges);
    const seriesId = ranges.length > 1 ? crypto.randomUUID() : null;
    const rows = await this.db
      .insert(appointments)
      .values(
        ranges.map((r) => ({
          practiceId: auth.practiceId,
          kind: body.kind,
          title: body.title,
          startsAt: r.start,
          endsAt: r.end,
          allDay: body.allDay,
          seriesId,
          recurrence: body.recurrence.frequency,
          notes: body.notes,
          therapistId,
          clientId: body.clientId,
          createdBy: auth.userId,
        })),
      )
      .returning();
    return { items: rows.map(toAppointment) };
  }

  async removeAppointment(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const [row] = await this.db
      .delete(appointments)
      .where(and(eq(appointments.id, id), eq(appointments.practiceId, auth.practiceId)))
      .returning({ kind: appointments.kind });
    if (!row) throw notFound(SESSION_MESSAGES.appointmentNotFound);
    return {
      detail: row.kind === 'blocked time' ? SESSION_MESSAGES.blockedTimeDeleted : SESSION_MESSAGES.appointmentDeleted,
    };
  }

  /** The member's sessions (still scheduled) and appointments that start between now and the end of today (practice time). */
  async todayCount(auth: AuthContext, now = new Date()): Promise<{ count: number }> {
    const { timeZone } = await this.practiceOf(auth.practiceId);
    const { end } = dayBounds(now.getTime(), timeZone);
    const [sessions] = await this.db
      .select({ n: count() })
      .from(clientSessions)
      .where(
        and(
          eq(clientSessions.practiceId, auth.practiceId),
          eq(clientSessions.therapistId, auth.userId),
          eq(clientSessions.status, 'scheduled'),
          gte(clientSessions.startsAt, now),
          lt(clientSessions.startsAt, end),
        ),
      );
    const [others] = await this.db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.practiceId, auth.practiceId),
          eq(appointments.therapistId, auth.userId),
          eq(appointments.kind, 'appointment'),
          gte(appointments.startsAt, now),
          lt(appointments.startsAt, end),
        ),
      );
    return { count: Number(sessions?.n ?? 0) + Number(others?.n ?? 0) };
  }
}
