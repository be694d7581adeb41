import crypto from 'node:crypto';
import { and, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CLINICAL_ROLES,
  DIARY_MESSAGES,
  SESSION_MAX_MINUTES,
  allows,
  diaryEventId,
  parseDiaryEventId,
  type Appointment,
  type AppointmentsCount,
  type DiaryEvent,
  type DiaryEventDetails,
  type DiaryEventSource,
  type DiaryEvents,
  type EditScope,
  type SchedulingPreferences,
  type createAppointmentBodySchema,
  type deleteDiaryEventQuerySchema,
  type moveDiaryEventBodySchema,
  type updateSchedulingPreferencesBodySchema,
} from '@halcyon/api/contract';
import { dayBounds } from '@halcyon/api/time';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors';
import { clientOfPractice } from '../../clients/access';
import { mailSessionMoved } from '../../sessions/notify';
import { clientSessions } from '../../sessions/schema';
import { bookThroughDiary, type Range } from './busy';
import { diaryEventDetails, diaryEvents, diaryRange } from './events';
import { practiceOf, therapistFor } from './members';
import { schedulingPreferencesOf, updateSchedulingPreferences } from './preferences';
import { occurrences, shiftedStart } from './recurrence';
import { appointments } from './schema';

type CreateBody = z.output<typeof createAppointmentBodySchema>;
type MoveBody = z.output<typeof moveDiaryEventBodySchema>;
type DeleteQuery = z.output<typeof deleteDiaryEventQuerySchema>;
type PreferencesBody = z.output<typeof updateSchedulingPreferencesBodySchema>;
type AppointmentRow = typeof appointments.$inferSelect;

/**
 * What other scheduling areas add to the diary: `pendingRequests` counts the session requests waiting for the member
 * (booking's inbox), which the sidebar's appointments count adds to today's unconfirmed items.
 */
export interface DiaryParts {
  pendingRequests?: (db: Db, auth: AuthContext) => Promise<number>;
}

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    eventId: diaryEventId('appointment', row.id),
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
    doubleBooked: row.doubleBooked,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An event as a move reads and writes it, sessions and appointments alike. */
interface Movable {
  id: number;
  startsAt: Date;
  seriesId: string | null;
  therapistId: number | null;
  clientId: number | null;
  version: number;
  cancelled: boolean;
}

interface SavedMove {
  id: number;
  startsAt: Date;
  endsAt: Date;
  doubleBooked: boolean;
  seriesId?: string;
  /** The version the anchor event was read at (the others of its series move with it unchecked). */
  version?: number;
  title?: string;
  notes?: string;
}

/** The event an id names, or 404 (the contract's param check already refused anything that is not an event id). */
function eventRef(id: string) {
  const ref = parseDiaryEventId(id);
  if (!ref) throw notFound(DIARY_MESSAGES.eventNotFound);
  return ref;
}

/** A series' events a scope reaches from one of them: itself, it and the later ones, or all (a one-off: itself). */
function inScope(scope: EditScope, anchor: { id: number; startsAt: Date; seriesId: string | null }) {
  return <T extends { id: number; startsAt: Date; seriesId: string | null }>(rows: T[]): T[] => {
    if (scope === 'this' || anchor.seriesId === null) return rows.filter((row) => row.id === anchor.id);
    if (scope === 'all') return rows;
    return rows.filter((row) => row.startsAt.getTime() >= anchor.startsAt.getTime());
  };
}

/**
 * The one diary (SPEC.md §7 Appointments): the events of a range, one event and its details, booking appointments and
 * blocked time, moving or resizing any event (a series by scope), deleting appointments and blocked time, the sidebar's
 * count and the practice's scheduling preferences. Every event is the caller's practice's (another's answers 404); every
 * booking goes through the busy-time table, whose exclusion constraint refuses a clash (busy.ts).
 */
export class DiaryService {
  constructor(
    private readonly p: Platform,
    private readonly parts: DiaryParts = {},
  ) {}

  private get db() {
    return this.p.database.db;
  }

  /**
   * The sidebar's count: session requests still pending for the member (when booking is there), plus today's
   * unconfirmed items: the member's sessions still scheduled and appointments that start between now and the end of
   * today (practice time zone). Blocked time is not counted.
   */
  async count(auth: AuthContext, now = new Date()): Promise<AppointmentsCount> {
    const { timeZone } = await practiceOf(this.db, auth.practiceId);
    const { end } = dayBounds(now.getTime(), timeZone);
    const [[sessions], [others], requests] = await Promise.all([
      this.db
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
        ),
      this.db
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
        ),
      this.parts.pendingRequests?.(this.db, auth) ?? Promise.resolve(0),
    ]);
    return { count: Number(sessions?.n ?? 0) + Number(others?.n ?? 0) + requests };
  }

  /**
   * The events overlapping the range (the end inclusive, as SPEC.md §9's day ends at 23:59:59.999), by start, with the
   * members' busy times from external calendars: one member's (`therapistId`, read off the (practice, therapist, start)
   * indexes) or the whole practice's; with the practice's time zone, in one statement (`diaryRange`).
   */
  async events(auth: AuthContext, startIso: string, endIso: string, therapistId?: number): Promise<DiaryEvents> {
    const range = { start: new Date(startIso), end: new Date(Date.parse(endIso) + 1) };
    return diaryRange(this.db, auth.practiceId, range, therapistId);
  }

  async event(auth: AuthContext, id: string): Promise<DiaryEvent> {
    const [found] = await diaryEvents(this.db, auth.practiceId, eventRef(id));
    if (!found) throw notFound(DIARY_MESSAGES.eventNotFound);
    return found;
  }

  async details(auth: AuthContext, id: string): Promise<DiaryEventDetails> {
    const found = await diaryEventDetails(this.db, auth, eventRef(id));
    if (!found) throw notFound(DIARY_MESSAGES.eventNotFound);
    return found;
  }

  /** Books an appointment or blocked time, one-off or recurring (all of a series or none), in a member's calendar. */
  async create(auth: AuthContext, request: FastifyRequest, body: CreateBody): Promise<{ items: Appointment[] }> {
    if (body.clientId !== null) {
      // Only Admin and Therapist may name a client (SPEC.md §6): an Assistant is refused before any lookup, so the answer
      // never says which client ids exist.
      if (!allows(CLINICAL_ROLES, auth.role)) throw forbidden();
      await clientOfPractice(this.db, auth, body.clientId);
    }
    const therapistId = await therapistFor(this.db, auth, body.therapistId);
    const { timeZone } = await practiceOf(this.db, auth.practiceId);
    const start = new Date(body.startsAt);
    const end = new Date(body.endsAt);
    // An all-day entry covers whole local days, from the start's day to the end's day.
    const first = body.allDay ? dayBounds(start.getTime(), timeZone).start : start;
    const last = body.allDay ? dayBounds(end.getTime() - 1, timeZone).end : end;
    const length = last.getTime() - first.getTime();
    const ranges: Range[] = occurrences(first, body.recurrence, timeZone).map((s) => ({
      start: s,
      end: new Date(s.getTime() + length),
    }));
    const seriesId = ranges.length > 1 ? crypto.randomUUID() : null;
    const rows = await bookThroughDiary(this.db, auth, { therapistId, ranges }, body.ignoreConflicts, (anyway) =>
      this.db
        .insert(appointments)
        .values(
          ranges.map((r, i) => ({
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
            doubleBooked: anyway(i),
            createdBy: auth.userId,
          })),
        )
        .returning(),
    );
    const items = rows.map(toAppointment);
    // One audit row for the booking (in the client's activity log when it is about one): a series is named by its first.
    await this.p.audit.recordActivity(request, 'createAppointment', {
      id: items[0]!.id,
      clientId: body.clientId,
      facts: { on: items[0]!.startsAt },
    });
    return { items };
  }

  /** A session's or an appointment's movable fields: one event (`id`) or the rest of its series (`seriesId`). */
  private async movables(
    auth: AuthContext,
    source: DiaryEventSource,
    which: { id: number } | { seriesId: string },
  ): Promise<Movable[]> {
    if (source === 'session') {
      const t = clientSessions;
      const rows = await this.db
        .select({
          id: t.id,
          startsAt: t.startsAt,
          seriesId: t.seriesId,
          therapistId: t.therapistId,
          clientId: t.clientId,
          version: t.version,
          status: t.status,
        })
        .from(t)
        .where(
          and(
            eq(t.practiceId, auth.practiceId),
            'id' in which ? eq(t.id, which.id) : and(eq(t.seriesId, which.seriesId), ne(t.status, 'cancelled')),
          ),
        );
      return rows.map(({ status, ...row }) => ({ ...row, cancelled: status === 'cancelled' }));
    }
    const t = appointments;
    const rows = await this.db
      .select({
        id: t.id,
        startsAt: t.startsAt,
        seriesId: t.seriesId,
        therapistId: t.therapistId,
        clientId: t.clientId,
        version: t.version,
      })
      .from(t)
      .where(
        and(eq(t.practiceId, auth.practiceId), 'id' in which ? eq(t.id, which.id) : eq(t.seriesId, which.seriesId)),
      );
    return rows.map((row) => ({ ...row, cancelled: false }));
  }

  /** Saves one event's move (only while its version is `version`, when given); false when nothing matched. */
  private async saveMove(tx: Db, auth: AuthContext, source: DiaryEventSource, move: SavedMove): Promise<boolean> {
    const { id, version, title, notes, ...values } = move;
    const changed = { ...values, updatedAt: new Date() };
    if (source === 'session') {
      const t = clientSessions;
      const rows = await tx
        .update(t)
        .set({ ...changed, version: sql`${t.version} + 1` })
        .where(
          and(
            eq(t.id, id),
            eq(t.practiceId, auth.practiceId),
            version === undefined ? undefined : eq(t.version, version),
          ),
        )
        .returning({ id: t.id });
      return rows.length > 0;
    }
    const t = appointments;
    const rows = await tx
      .update(t)
      .set({
        ...changed,
        ...(title !== undefined && { title }),
        ...(notes !== undefined && { notes }),
        version: sql`${t.version} + 1`,
      })
      .where(
        and(
          eq(t.id, id),
          eq(t.practiceId, auth.practiceId),
          version === undefined ? undefined : eq(t.version, version),
        ),
      )
      .returning({ id: t.id });
    return rows.length > 0;
  }

  /** Moves or resizes an event, or the part of its series the scope names (see moveDiaryEventBodySchema). */
  async move(auth: AuthContext, request: FastifyRequest, id: string, body: MoveBody): Promise<{ items: DiaryEvent[] }> {
    const ref = eventRef(id);
    const start = new Date(body.startsAt);
    const length = Date.parse(body.endsAt) - start.getTime();
    if (ref.source === 'session') {
      if (body.title !== undefined || body.notes !== undefined) {
        throw badRequest(DIARY_MESSAGES.sessionDetailsElsewhere);
      }
      if (length > SESSION_MAX_MINUTES * 60_000) {
        throw badRequest(DIARY_MESSAGES.sessionTooLong, { endsAt: DIARY_MESSAGES.sessionTooLong });
      }
    }
    const [anchor] = await this.movables(auth, ref.source, { id: ref.id });
    if (!anchor) throw notFound(DIARY_MESSAGES.eventNotFound);
    if (anchor.cancelled) throw conflict(DIARY_MESSAGES.cancelledLocked);
    if (anchor.version !== body.version) throw conflict(DIARY_MESSAGES.eventChanged);
    const { timeZone } = await practiceOf(this.db, auth.practiceId);

    const series =
      anchor.seriesId === null || body.scope === 'this'
        ? [anchor]
        : await this.movables(auth, ref.source, { seriesId: anchor.seriesId });
    const targets = inScope(body.scope, anchor)(series).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const moved = targets.map((row) => {
      const at = row.id === anchor.id ? start : shiftedStart(row.startsAt, anchor.startsAt, start, timeZone);
      return { id: row.id, start: at, end: new Date(at.getTime() + length) };
    });
    // "This and following" of a series that has earlier events splits them off as a series of their own.
    const splits = body.scope === 'following' && series.some((row) => row.startsAt < anchor.startsAt);
    const seriesId = splits ? crypto.randomUUID() : undefined;

    const write = (anyway: (index: number) => boolean) =>
      this.db.transaction(async (tx) => {
        // A series' events pass over each other's old times on the way: the clash check waits for the whole move.
        if (moved.length > 1) await tx.execute(sql`set constraints busy_times_no_overlap deferred`);
        for (const [i, target] of moved.entries()) {
          const saved = await this.saveMove(tx, auth, ref.source, {
            id: target.id,
            startsAt: target.start,
            endsAt: target.end,
            doubleBooked: anyway(i),
            ...(seriesId !== undefined && { seriesId }),
            title: body.title,
            notes: body.notes,
            ...(target.id === anchor.id && { version: body.version }),
          });
          if (!saved) throw conflict(DIARY_MESSAGES.eventChanged);
        }
      });
    if (anchor.therapistId === null) await write(() => false);
    else {
      const exclude = { source: ref.source, ids: moved.map((m) => m.id) };
      await bookThroughDiary(
        this.db,
        auth,
        { therapistId: anchor.therapistId, ranges: moved, exclude },
        body.ignoreConflicts,
        write,
      );
    }
    await this.p.audit.recordActivity(request, ref.source === 'session' ? 'updateSession' : 'moveDiaryEvent', {
      id: anchor.id,
      clientId: anchor.clientId,
      facts: { on: start.toISOString() },
    });
    if (ref.source === 'session' && body.notifyClient) {
      const [session] = await this.db
        .select()
        .from(clientSessions)
        .where(and(eq(clientSessions.id, anchor.id), eq(clientSessions.practiceId, auth.practiceId)));
      if (session) await mailSessionMoved(this.p, auth, session, anchor.startsAt, moved.length - 1);
    }
    if (moved.length === 1) return { items: await diaryEvents(this.db, auth.practiceId, ref) };
    // The moved events, read as the range from the first to the last of them (one statement).
    const ids = new Set(moved.map((m) => diaryEventId(ref.source, m.id)));
    const range = { start: moved[0]!.start, end: moved[moved.length - 1]!.end };
    const around = await diaryEvents(this.db, auth.practiceId, { range });
    return { items: around.filter((event) => ids.has(event.id)) };
  }

  /** Deletes an appointment or blocked time (with the part of its series the scope names); a session is cancelled instead. */
  async remove(
    auth: AuthContext,
    request: FastifyRequest,
    id: string,
    query: DeleteQuery,
  ): Promise<{ detail: string }> {
    const ref = eventRef(id);
    if (ref.source === 'session') {
      // Said only about a session of this practice: another practice's answers 404 like any unknown event.
      const [found] = await diaryEvents(this.db, auth.practiceId, ref);
      if (!found) throw notFound(DIARY_MESSAGES.eventNotFound);
      throw conflict(DIARY_MESSAGES.sessionNotDeleted);
    }
    const [anchor] = await this.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, ref.id), eq(appointments.practiceId, auth.practiceId)))
      .limit(1);
    if (!anchor) throw notFound(DIARY_MESSAGES.appointmentNotFound);
    const scoped =
      anchor.seriesId === null || query.scope === 'this'
        ? [anchor]
        : inScope(
            query.scope,
            anchor,
          )(
            await this.db
              .select()
              .from(appointments)
              .where(and(eq(appointments.practiceId, auth.practiceId), eq(appointments.seriesId, anchor.seriesId))),
          );
    await this.db.delete(appointments).where(
      and(
        eq(appointments.practiceId, auth.practiceId),
        inArray(
          appointments.id,
          scoped.map((row) => row.id),
        ),
      ),
    );
    await this.p.audit.recordActivity(request, 'deleteDiaryEvent', {
      id: anchor.id,
      clientId: anchor.clientId,
      facts: { on: anchor.startsAt.toISOString() },
    });
    return {
      detail: anchor.kind === 'blocked time' ? DIARY_MESSAGES.blockedTimeDeleted : DIARY_MESSAGES.appointmentDeleted,
    };
  }

  preferences(auth: AuthContext): Promise<SchedulingPreferences> {
    return schedulingPreferencesOf(this.db, auth.practiceId);
  }

  updatePreferences(auth: AuthContext, body: PreferencesBody): Promise<SchedulingPreferences> {
    return updateSchedulingPreferences(this.db, auth.practiceId, body);
  }
}
