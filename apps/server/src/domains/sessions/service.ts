import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CLIENT_SESSION_SUMMARY_SESSIONS,
  SESSIONS_CURSOR_GONE,
  SESSION_MESSAGES,
  sessionHasStarted,
  type ClientSession,
  type ClientSessionPage,
  type ClientSessionSummary,
  type clientSessionsQuerySchema,
  type scheduleSessionBodySchema,
  type updateSessionBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { preparedOnce } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { CLIENT_NOT_FOUND, clientOfPractice, isClientId } from '../clients/access';
import { clients } from '../clients/schema';
import { sessionsScheduledMail } from './mail';
import { mailSessionMoved } from './notify';
import { clientSessions, sessionNotes } from './schema';
import {
  loadClientSessionsPage,
  loadSessions,
  loadSessionsAround,
  sessionsAroundStatement,
  saveSession,
  memberName,
  practiceOf,
  sessionOf,
  sessionRow,
  therapistFor,
  SessionsArea,
} from './shared';
import { formatWhenForMail } from '../../platform/mail/when';
import { bookThroughDiary, occurrences } from '../scheduling/diary';
import { serviceById } from '../billing/settings';

type ScheduleBody = z.output<typeof scheduleSessionBodySchema>;
type UpdateBody = z.output<typeof updateSessionBodySchema>;

/** A client's session counts, as the summary answers them. */
interface SummaryCounts {
  total: number;
  scheduled: number;
  needingSignedNote: number;
}

/** A client's session counts, over all their sessions (`note_signed` mirrors "a signed note exists for the session"). */
const SUMMARY_COUNTS = {
  total: sql<number>`count(*)::int`,
  scheduled: sql<number>`(count(*) filter (where ${clientSessions.status} = 'scheduled'))::int`,
  needingSignedNote: sql<number>`(count(*) filter (where ${clientSessions.status} in ('attended', 'late')
    and not ${clientSessions.noteSigned}))::int`,
};

/** The summary's statement: the next and last few sessions, each row carrying the client's counts as one JSON column. */
const summaryStatement = preparedOnce((db) =>
  sessionsAroundStatement(
    db,
    'client_session_summary',
    ({ practiceId, clientId }) =>
      sql`(${db
        .select({
          counts: sql`json_build_object('total', ${SUMMARY_COUNTS.total}, 'scheduled', ${SUMMARY_COUNTS.scheduled},
            'needingSignedNote', ${SUMMARY_COUNTS.needingSignedNote})`,
        })
        .from(clientSessions)
        .where(and(eq(clientSessions.practiceId, practiceId), eq(clientSessions.clientId, clientId)))})`,
  ),
);

/** Only a video session keeps a meeting link. */
const videoLinkOf = (body: { locationKind: string; videoLink: string | null }) =>
  body.locationKind === 'video' ? body.videoLink : null;

/**
 * A client's sessions: the list and summary, one session, scheduling (one-off or a recurring series), rescheduling and
 * deletion. Attendance and cancellation (attendance.ts), notes (notes.ts), private notes (private-notes.ts), other
 * services (other-services.ts) are the domain's other areas; every booking goes through the diary
 * (scheduling/diary), whose busy-time table refuses a clash. Every record is reached
 * through the caller's practice (404 otherwise).
 */
export class SessionsService extends SessionsArea {
  async list(
    auth: AuthContext,
    clientId: number,
    query: z.output<typeof clientSessionsQuerySchema>,
  ): Promise<ClientSessionPage> {
    if (!isClientId(clientId)) throw notFound(CLIENT_NOT_FOUND);
    let after: { startsAt: string; id: number } | undefined;
    if (query.cursor !== undefined) {
      const [row] = await this.db
        .select({ startsAt: clientSessions.startsAt, id: clientSessions.id })
        .from(clientSessions)
        .where(
          and(
            eq(clientSessions.id, query.cursor),
            eq(clientSessions.practiceId, auth.practiceId),
            eq(clientSessions.clientId, clientId),
          ),
        )
        .limit(1);
      if (!row) {
        await clientOfPractice(this.db, auth, clientId);
        throw badRequest(SESSIONS_CURSOR_GONE, { cursor: SESSIONS_CURSOR_GONE });
      }
      after = { startsAt: row.startsAt.toISOString(), id: row.id };
    }
    const rows = await loadClientSessionsPage(this.db, auth, clientId, query.limit + 1, after);
    // A session of the practice names its client, so only an empty page needs to ask whether the client is there (404).
    if (rows.length === 0) await clientOfPractice(this.db, auth, clientId);
    const items = rows.slice(0, query.limit);
    return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
  }

  /**
   * The client's session counts (one pass over the client's sessions through the client index, never the practice's) and
   * the next and last few sessions: what the Overview and the Sessions tab's line show without the whole list. One
   * statement, prepared once: the next and last few as one union, each row carrying the counts. Only a client none of
   * whose sessions is upcoming or past (none at all, or only cancelled ones ahead) needs a second, which also says
   * whether the client is the practice's (404); when sessions came back, they are the practice's and so is their client.
   */
  async summary(auth: AuthContext, clientId: number): Promise<ClientSessionSummary> {
    if (!isClientId(clientId)) throw notFound(CLIENT_NOT_FOUND);
    const sessions = await loadSessionsAround<SummaryCounts>(
      summaryStatement(this.db),
      auth,
      clientId,
      new Date().toISOString(),
      CLIENT_SESSION_SUMMARY_SESSIONS,
    );
    let found: SummaryCounts | undefined = sessions.also;
    if (!found) {
      const [row] = await this.db
        .select({
          found: sql<boolean>`exists (select 1 from ${clients}
            where ${clients.id} = ${clientId} and ${clients.practiceId} = ${auth.practiceId})`,
          ...SUMMARY_COUNTS,
        })
        .from(clientSessions)
        .where(and(eq(clientSessions.practiceId, auth.practiceId), eq(clientSessions.clientId, clientId)));
      if (!row?.found) throw notFound(CLIENT_NOT_FOUND);
      found = row;
    }
    return {
      total: Number(found.total),
      scheduled: Number(found.scheduled),
      needingSignedNote: Number(found.needingSignedNote),
      upcoming: sessions.upcoming,
      recent: sessions.recent,
    };
  }

  /**
   * The price a session takes: the fee sent (a client's agreed fee), else the price of the practice's service it is
   * booked as (Settings > Services); nothing when neither was sent (the price stays as it was). Another practice's or a
   * deleted service is refused.
   */
  private async servicePrice(
    auth: AuthContext,
    { serviceId, priceMinor }: { serviceId: number | null; priceMinor: number | null },
  ): Promise<{ priceMinor?: number }> {
    if (serviceId === null) return priceMinor === null ? {} : { priceMinor };
    const service = await serviceById(this.db, auth.practiceId, serviceId);
    if (!service) {
      throw badRequest(SESSION_MESSAGES.serviceNotFound, { serviceId: SESSION_MESSAGES.serviceNotFound });
    }
    return { priceMinor: priceMinor ?? service.priceMinor };
  }

  session(auth: AuthContext, id: number): Promise<ClientSession> {
    return sessionOf(this.db, auth, id);
  }

  async schedule(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: ScheduleBody,
  ): Promise<{ items: ClientSession[] }> {
    const client = await clientOfPractice(this.db, auth, clientId);
    const price = await this.servicePrice(auth, body);
    const therapistId = await therapistFor(this.db, auth, body.therapistId);
    const practice = await practiceOf(this.db, auth.practiceId);
    const starts = occurrences(new Date(body.startsAt), body.recurrence, practice.timeZone);
    const ranges = starts.map((start) => ({ start, end: new Date(start.getTime() + body.durationMinutes * 60_000) }));
    const seriesId = ranges.length > 1 ? crypto.randomUUID() : null;
    const inserted = await bookThroughDiary(this.db, auth, { therapistId, ranges }, body.ignoreConflicts, (anyway) =>
      this.db
        .insert(clientSessions)
        .values(
          ranges.map((r, i) => ({
            practiceId: auth.practiceId,
            clientId,
            therapistId,
            serviceName: body.serviceName,
            ...price,
            startsAt: r.start,
            endsAt: r.end,
            locationKind: body.locationKind,
            location: body.location,
            videoLink: videoLinkOf(body),
            seriesId,
            recurrence: body.recurrence.frequency,
            notes: body.notes,
            doubleBooked: anyway(i),
            createdBy: auth.userId,
          })),
        )
        .returning({ id: clientSessions.id }),
    );
    // A confirmation is for sessions to come: one recorded after it happened is not e-mailed, and a series that began
    // in the past is confirmed from its next session.
    const upcoming = ranges.filter((r) => !sessionHasStarted(r.start));
    if (body.sendConfirmation && client.email && upcoming.length > 0) {
      await this.p.mailer.send(
        sessionsScheduledMail(
          {
            practiceName: practice.name,
            to: client.email,
            clientName: client.preferredName ?? client.firstName,
            therapistName: await memberName(this.db, therapistId),
            serviceName: body.serviceName,
            when: formatWhenForMail(upcoming[0]!.start, practice.timeZone),
            locationKind: body.locationKind,
            location: body.location,
            videoLink: videoLinkOf(body),
          },
          upcoming.length,
        ),
      );
    }
    const items = await loadSessions(
      this.db,
      auth,
      inArray(
        clientSessions.id,
        inserted.map((r) => r.id),
      ),
    );
    // One row for the booking: a series is named by its first session.
    const first = items[0]!;
    await this.p.audit.recordActivity(request, 'scheduleSession', {
      id: first.id,
      clientId,
      facts: { on: first.startsAt },
    });
    return { items };
  }

  async update(auth: AuthContext, request: FastifyRequest, id: number, body: UpdateBody): Promise<ClientSession> {
    const row = await sessionRow(this.db, auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.cancelledLocked);
    if (row.version !== body.version) throw conflict(SESSION_MESSAGES.sessionChanged);
    const therapistId = await therapistFor(this.db, auth, body.therapistId ?? row.therapistId);
    const price = await this.servicePrice(auth, body);
    const start = new Date(body.startsAt);
    const end = new Date(start.getTime() + body.durationMinutes * 60_000);
    const booking = { therapistId, ranges: [{ start, end }], exclude: { source: 'session' as const, ids: [id] } };
    await bookThroughDiary(this.db, auth, booking, body.ignoreConflicts, (anyway) =>
      saveSession(this.db, auth, id, body.version, {
        therapistId,
        serviceName: body.serviceName,
        ...price,
        startsAt: start,
        endsAt: end,
        locationKind: body.locationKind,
        location: body.location,
        videoLink: videoLinkOf(body),
        notes: body.notes,
        doubleBooked: anyway(0),
      }),
    );
    await this.p.audit.recordActivity(request, 'updateSession', {
      id,
      clientId: row.clientId,
      facts: { on: start.toISOString() },
    });
    if (body.notifyClient) await mailSessionMoved(this.p, auth, await sessionRow(this.db, auth, id), row.startsAt);
    return this.session(auth, id);
  }

  async remove(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const row = await sessionRow(this.db, auth, id);
    const [signed] = await this.db
      .select({ id: sessionNotes.id })
      .from(sessionNotes)
      .where(and(eq(sessionNotes.sessionId, id), eq(sessionNotes.status, 'signed')))
      .limit(1);
    if (signed) throw conflict(SESSION_MESSAGES.sessionWithSignedNote);
    await this.db
      .delete(clientSessions)
      .where(and(eq(clientSessions.id, id), eq(clientSessions.practiceId, auth.practiceId)));
    await this.p.audit.recordActivity(request, 'deleteClientSession', {
      id,
      clientId: row.clientId,
      facts: { on: row.startsAt.toISOString() },
    });
    return { detail: SESSION_MESSAGES.sessionDeleted };
  }
}
