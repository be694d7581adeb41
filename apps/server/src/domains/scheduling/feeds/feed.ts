import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ical, { ICalCalendarMethod } from 'ical-generator';
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_REFRESH_MINUTES,
  CALENDAR_FEED_WINDOW,
  FEED_SESSION_TITLE,
  SESSION_LOCATION_KIND_LABELS,
  type CalendarFeed,
  type CalendarFeedResult,
  type CreatedCalendarFeed,
  type SessionLocationKind,
} from '@halcyon/api/contract';
import { dayIn } from '@halcyon/api/time';
import type { AuthContext } from '../../../platform/auth/guard';
import { hashToken, randomToken } from '../../../platform/auth/tokens';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { notFound } from '../../../platform/errors';
import { memberCalendarSettings, memberships } from '../../../schema';
import { diaryEvents, practiceOf } from '../diary';

const DAY_MS = 86_400_000;
/** A fetch of the feed records when it happened at most this often (calendar apps poll; one write per poll is waste). */
const LAST_FETCHED_EVERY_MS = 15 * 60_000;
/** Sessions the feed leaves out: cancelled ones no longer hold their time. */
const CANCELLED: readonly string[] = ['cancelled', 'late cancellation'];

type SettingsRow = typeof memberCalendarSettings.$inferSelect;

function feedOf(row: SettingsRow | undefined): CalendarFeed {
  return {
    active: Boolean(row?.feedTokenHash),
    includeClientNames: row?.includeClientNames ?? false,
    createdAt: row?.feedTokenHash && row.feedCreatedAt ? row.feedCreatedAt.toISOString() : null,
    lastFetchedAt: row?.feedTokenHash && row.feedLastFetchedAt ? row.feedLastFetchedAt.toISOString() : null,
  };
}

/** A member's calendar settings row (feed and video defaults), or undefined when they have none yet. */
export async function settingsOf(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(memberCalendarSettings)
    .where(eq(memberCalendarSettings.userId, userId))
    .limit(1);
  return row;
}

/** Writes some of a member's calendar settings, making the row when it is the first. */
export async function saveSettings(
  db: Db,
  auth: AuthContext,
  values: Partial<Omit<typeof memberCalendarSettings.$inferInsert, 'userId' | 'practiceId'>>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(memberCalendarSettings)
    .values({ userId: auth.userId, practiceId: auth.practiceId, ...values })
    .onConflictDoUpdate({ target: memberCalendarSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** One event of the feed, before it becomes iCalendar. */
interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  allDay: boolean;
  summary: string;
  location: string | null;
  url: string | null;
}

/**
 * The private calendar feed (issue 14 item 7): one address per member whose token is the credential. The token is 32
 * random bytes; only its SHA-256 is stored, so the address is answered once when made, and making a new one (or turning
 * the feed off) makes the old address answer 404 at once. The feed serves the member's own diary: sessions, appointments
 * and blocked time in CALENDAR_FEED_WINDOW; sessions are called "Session" unless the member opts in to client names.
 */
export class CalendarFeedService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  async feed(auth: AuthContext): Promise<CalendarFeed> {
    return feedOf(await settingsOf(this.db, auth.userId));
  }

  /** A new address (the first or a replacement); the old one stops working in the same statement. */
  async create(auth: AuthContext, request: FastifyRequest): Promise<CreatedCalendarFeed> {
    const replacing = Boolean((await settingsOf(this.db, auth.userId))?.feedTokenHash);
    const token = randomToken();
    const row = await saveSettings(this.db, auth, {
      feedTokenHash: hashToken(token),
      feedCreatedAt: new Date(),
      feedLastFetchedAt: null,
    });
    await this.p.audit.record(request, {
      action: replacing ? 'regenerate' : 'create',
      entity: 'calendar_feed',
      entityId: auth.userId,
    });
    return {
      ...feedOf(row),
      url: `${this.baseUrl(request)}/api/calendar-feeds/${token}/diary.ics`,
      detail: replacing ? CALENDAR_FEED_MESSAGES.feedRegenerated : CALENDAR_FEED_MESSAGES.feedCreated,
    };
  }

  async update(auth: AuthContext, includeClientNames: boolean): Promise<CalendarFeedResult> {
    const row = await saveSettings(this.db, auth, { includeClientNames });
    return { ...feedOf(row), detail: CALENDAR_FEED_MESSAGES.feedUpdated };
  }

  async revoke(auth: AuthContext, request: FastifyRequest): Promise<CalendarFeedResult> {
    const row = await saveSettings(this.db, auth, {
      feedTokenHash: null,
      feedCreatedAt: null,
      feedLastFetchedAt: null,
    });
    await this.p.audit.record(request, { action: 'revoke', entity: 'calendar_feed', entityId: auth.userId });
    return { ...feedOf(row), detail: CALENDAR_FEED_MESSAGES.feedRevoked };
  }

  /**
   * The feed itself, for a calendar app: no sign-in, the token is the credential (an unknown or revoked one answers 404,
   * as does a member who has left the practice). Cache headers let an app revalidate cheaply (ETag); a feed with client
   * names is never stored by a cache.
   */
  async serve(token: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [owner] = await this.db
      .select({ settings: memberCalendarSettings, role: memberships.role })
      .from(memberCalendarSettings)
      .innerJoin(
        memberships,
        and(
          eq(memberships.userId, memberCalendarSettings.userId),
          eq(memberships.practiceId, memberCalendarSettings.practiceId),
          eq(memberships.status, 'active'),
        ),
      )
      .where(eq(memberCalendarSettings.feedTokenHash, hashToken(token)))
      .limit(1);
    if (!owner) throw notFound();
    const { settings } = owner;
    const now = Date.now();
    const events = await this.events(
      settings,
      new Date(now - CALENDAR_FEED_WINDOW.pastDays * DAY_MS),
      new Date(now + CALENDAR_FEED_WINDOW.futureDays * DAY_MS),
    );
    const practice = await practiceOf(this.db, settings.practiceId);
    const body = renderFeed(`${practice.name} (Halcyon)`, events, practice.timeZone);

    if (!settings.feedLastFetchedAt || now - settings.feedLastFetchedAt.getTime() > LAST_FETCHED_EVERY_MS) {
      await this.db
        .update(memberCalendarSettings)
        .set({ feedLastFetchedAt: new Date(now) })
        .where(eq(memberCalendarSettings.userId, settings.userId));
    }
    await this.p.audit.record(request, {
      action: 'read',
      entity: 'calendar_feed',
      entityId: settings.userId,
      userId: settings.userId,
      practiceId: settings.practiceId,
      role: owner.role,
      details: { events: events.length, client_names: settings.includeClientNames },
    });

    const etag = feedEtag(body);
    reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="halcyon-diary.ics"')
      .header('ETag', etag)
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Cache-Control', settings.includeClientNames ? 'private, no-store' : 'private, max-age=300');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(200).send(body);
  }

  /**
   * The member's diary overlapping [from, to) through the diary's read model: sessions (not cancelled), appointments and
   * blocked time, soonest first, at most the feed's bound.
   */
  private async events(settings: SettingsRow, from: Date, to: Date): Promise<FeedEvent[]> {
    const { practiceId, userId, includeClientNames } = settings;
    const diary = await diaryEvents(this.db, practiceId, { range: { start: from, end: to }, therapistId: userId });
    return diary
      .filter((event) => !CANCELLED.includes(event.status))
      .slice(0, CALENDAR_FEED_WINDOW.maxEvents)
      .map((event) => ({
        uid: `${event.id}@halcyon`,
        start: new Date(event.startDateTimeUTC),
        end: new Date(event.endDateTimeUTC),
        allDay: event.allDay,
        summary:
          event.kind !== 'session'
            ? event.title
            : includeClientNames && event.client
              ? `${event.client.name} (${event.title})`
              : FEED_SESSION_TITLE,
        location:
          event.kind === 'session' && event.locationKind
            ? sessionLocation(event.locationKind, event.location, event.videoLink)
            : event.videoLink,
        url: event.videoLink,
      }));
  }

  private baseUrl(request: FastifyRequest): string {
    return (this.p.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  }
}

/** Where a session takes place, as the feed says it: the room or address, the meeting link, or "Phone". */
function sessionLocation(kind: SessionLocationKind, location: string, videoLink: string | null): string | null {
  if (kind === 'video') return videoLink ?? SESSION_LOCATION_KIND_LABELS.video;
  return location || SESSION_LOCATION_KIND_LABELS[kind] || null;
}

/**
 * The feed's ETag: a hash of its text without the DTSTAMP lines, which carry the moment the text was written and would
 * otherwise give an unchanged diary a new tag every second (so a calendar app revalidating would always download it).
 */
export function feedEtag(body: string): string {
  const content = body.replace(/^DTSTAMP[^\r\n]*\r?\n/gm, '');
  return `"${crypto.createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

/** A `YYYY-MM-DD` day as the Date ical-generator writes as that DATE (it reads an all-day Date's UTC fields). */
const dateOnly = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The feed's iCalendar text (ical-generator): UTC times, all-day entries as dates of the practice's zone. */
export function renderFeed(name: string, events: readonly FeedEvent[], timeZone: string): string {
  const calendar = ical({
    name,
    prodId: { company: 'Halcyon', product: 'Diary', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: CALENDAR_FEED_REFRESH_MINUTES * 60,
  });
  const stamp = new Date();
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      stamp,
      start: event.allDay ? dateOnly(dayIn(event.start, timeZone)) : event.start,
      // An all-day entry's DTEND is the day after its last day (exclusive).
      end: event.allDay
        ? new Date(dateOnly(dayIn(new Date(event.end.getTime() - 1), timeZone)).getTime() + DAY_MS)
        : event.end,
      allDay: event.allDay,
      summary: event.summary,
      ...(event.location ? { location: event.location } : {}),
      ...(event.url ? { url: event.url } : {}),
    });
  }
  return calendar.toString();
}
