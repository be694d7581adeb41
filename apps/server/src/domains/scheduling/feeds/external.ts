import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CALENDAR_FEED_MESSAGES,
  EXTERNAL_CALENDAR_LIMITS,
  EXTERNAL_CALENDAR_REFRESH_MINUTES,
  type ExternalCalendar,
  type ExternalCalendarResult,
} from '@halcyon/api/contract';
import type { z } from 'zod';
import type { addExternalCalendarBodySchema } from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { externalBusy, externalCalendars } from '../../../schema';
import { practiceOf } from '../diary';
import { CalendarImportError, calendarHttp } from './fetch';
import { parseBusyTimes, type BusyBlock } from './parse';

const DAY_MS = 86_400_000;
/** Rows one INSERT of busy times carries. */
const INSERT_BATCH = 1000;
/** Calendars one scheduled run imports at most (the next run takes the rest). */
const SCHEDULED_BATCH = 200;

type CalendarRow = typeof externalCalendars.$inferSelect;
type AddBody = z.output<typeof addExternalCalendarBodySchema>;

function toCalendar(row: CalendarRow): ExternalCalendar {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    busyCount: row.busyCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Fetches and reads a calendar's busy times in the import window, or throws a CalendarImportError saying why not. */
async function readBusyTimes(db: Db, practiceId: number, url: string, now = Date.now()): Promise<BusyBlock[]> {
  const text = await calendarHttp.fetch(url);
  const { timeZone } = await practiceOf(db, practiceId);
  return parseBusyTimes(
    text,
    {
      from: new Date(now - EXTERNAL_CALENDAR_LIMITS.pastDays * DAY_MS),
      to: new Date(now + EXTERNAL_CALENDAR_LIMITS.futureDays * DAY_MS),
    },
    timeZone,
  );
}

/** Replaces a calendar's busy times with `blocks` (in the caller's transaction). */
async function replaceBusy(db: Db, calendar: CalendarRow, blocks: readonly BusyBlock[]): Promise<void> {
  await db.delete(externalBusy).where(eq(externalBusy.calendarId, calendar.id));
  for (let i = 0; i < blocks.length; i += INSERT_BATCH) {
    await db.insert(externalBusy).values(
      blocks.slice(i, i + INSERT_BATCH).map((block) => ({
        practiceId: calendar.practiceId,
        userId: calendar.userId,
        calendarId: calendar.id,
        startsAt: block.startsAt,
        endsAt: block.endsAt,
        allDay: block.allDay,
      })),
    );
  }
}

/** The 400 a failed import answers: its sentence, on the address field. */
const importFailed = (error: CalendarImportError) => badRequest(error.detail, { url: error.detail });

/**
 * External calendars (issue 14 item 7): a member adds a calendar by its .ics address; its busy times are imported at once,
 * again every hour by the job queue and on demand ("Refresh now"), and kept in `external_busy` (when, never what). An
 * address that cannot be fetched or a file that cannot be read answers 400 with why; for a calendar already added the
 * reason is kept as its last error and its last good busy times stay.
 */
export class ExternalCalendarsService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  async list(auth: AuthContext): Promise<ExternalCalendar[]> {
    const rows = await this.db
      .select()
      .from(externalCalendars)
      .where(and(eq(externalCalendars.practiceId, auth.practiceId), eq(externalCalendars.userId, auth.userId)))
      .orderBy(asc(externalCalendars.id));
    return rows.map(toCalendar);
  }

  async add(auth: AuthContext, request: FastifyRequest, body: AddBody): Promise<ExternalCalendarResult> {
    const mine = await this.db
      .select({ url: externalCalendars.url })
      .from(externalCalendars)
      .where(and(eq(externalCalendars.practiceId, auth.practiceId), eq(externalCalendars.userId, auth.userId)));
    if (mine.some((row) => row.url === body.url)) throw conflict(CALENDAR_FEED_MESSAGES.calendarDuplicate);
    if (mine.length >= EXTERNAL_CALENDAR_LIMITS.perMember) throw conflict(CALENDAR_FEED_MESSAGES.tooManyCalendars);
    let blocks: BusyBlock[];
    try {
      blocks = await readBusyTimes(this.db, auth.practiceId, body.url);
    } catch (error) {
      if (error instanceof CalendarImportError) throw importFailed(error);
      throw error;
    }
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(externalCalendars)
        .values({
          practiceId: auth.practiceId,
          userId: auth.userId,
          name: body.name,
          url: body.url,
          host: new URL(body.url).hostname,
          lastSyncedAt: now,
          lastAttemptAt: now,
          busyCount: blocks.length,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict(CALENDAR_FEED_MESSAGES.calendarDuplicate);
      await replaceBusy(tx, created, blocks);
      return created;
    });
    await this.p.audit.record(request, { action: 'create', entity: 'external_calendar', entityId: row.id });
    return { calendar: toCalendar(row), detail: CALENDAR_FEED_MESSAGES.calendarAdded };
  }

  async refresh(auth: AuthContext, request: FastifyRequest, id: number): Promise<ExternalCalendarResult> {
    const calendar = await this.owned(auth, id);
    const { row, error } = await this.importCalendar(calendar);
    await this.p.audit.record(request, {
      action: 'refresh',
      entity: 'external_calendar',
      entityId: id,
      outcome: error ? 'failed' : 'success',
    });
    if (error) throw importFailed(error);
    return { calendar: toCalendar(row), detail: CALENDAR_FEED_MESSAGES.calendarRefreshed };
  }

  async remove(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const calendar = await this.owned(auth, id);
    await this.db.delete(externalCalendars).where(eq(externalCalendars.id, calendar.id));
    await this.p.audit.record(request, { action: 'delete', entity: 'external_calendar', entityId: id });
    return { detail: CALENDAR_FEED_MESSAGES.calendarDeleted };
  }

  /**
   * The scheduled import: every calendar not tried within the refresh interval, oldest attempt first. A failure is kept
   * on its calendar and the run carries on. Answers how many were imported and how many failed.
   */
  async importDue(now = new Date()): Promise<{ imported: number; failed: number }> {
    const due = new Date(now.getTime() - (EXTERNAL_CALENDAR_REFRESH_MINUTES - 5) * 60_000);
    const rows = await this.db
      .select()
      .from(externalCalendars)
      .where(or(isNull(externalCalendars.lastAttemptAt), lt(externalCalendars.lastAttemptAt, due)))
      .orderBy(sql`${externalCalendars.lastAttemptAt} asc nulls first`, asc(externalCalendars.id))
      .limit(SCHEDULED_BATCH);
    let failed = 0;
    for (const row of rows) {
      const { error } = await this.importCalendar(row);
      if (error) failed += 1;
    }
    return { imported: rows.length - failed, failed };
  }

  /** Imports one calendar: its busy times replaced and its sync time set, or its last error kept. */
  private async importCalendar(
    calendar: CalendarRow,
  ): Promise<{ row: CalendarRow; error: CalendarImportError | null }> {
    const now = new Date();
    try {
      const blocks = await readBusyTimes(this.db, calendar.practiceId, calendar.url, now.getTime());
      const row = await this.db.transaction(async (tx) => {
        await replaceBusy(tx, calendar, blocks);
        const [updated] = await tx
          .update(externalCalendars)
          .set({ lastSyncedAt: now, lastAttemptAt: now, lastError: null, busyCount: blocks.length })
          .where(eq(externalCalendars.id, calendar.id))
          .returning();
        return updated ?? calendar;
      });
      return { row, error: null };
    } catch (error) {
      if (!(error instanceof CalendarImportError)) throw error;
      const [row] = await this.db
        .update(externalCalendars)
        .set({ lastAttemptAt: now, lastError: error.detail })
        .where(eq(externalCalendars.id, calendar.id))
        .returning();
      return { row: row ?? calendar, error };
    }
  }

  /** The signed-in member's calendar, or 404 (another member's or another practice's answers the same). */
  private async owned(auth: AuthContext, id: number): Promise<CalendarRow> {
    const [row] = await this.db
      .select()
      .from(externalCalendars)
      .where(
        and(
          eq(externalCalendars.id, id),
          eq(externalCalendars.practiceId, auth.practiceId),
          eq(externalCalendars.userId, auth.userId),
        ),
      )
      .limit(1);
    if (!row) throw notFound(CALENDAR_FEED_MESSAGES.calendarNotFound);
    return row;
  }
}
