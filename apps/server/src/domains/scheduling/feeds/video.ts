import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CALENDAR_FEED_MESSAGES,
  VIDEO_PLATFORMS,
  VIDEO_PLATFORM_HOSTS,
  VIDEO_PLATFORM_LABELS,
  videoPlatformOf,
  type EventMeetingLink,
  type EventMeetingLinkResult,
  type MeetingEventKind,
  type VideoPlatform,
  type VideoPlatformOption,
  type VideoSettings,
  type VideoSettingsResult,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { appointments, clientSessions, clients } from '../../../schema';
import { meetingLinkMail } from '../../sessions/mail';
import { fullName, memberName, practiceOf } from '../diary';
import { formatWhenForMail } from '../../../platform/mail/when';
import { saveSettings, settingsOf } from './feed';

const isPlatform = (value: string): value is VideoPlatform => (VIDEO_PLATFORMS as readonly string[]).includes(value);

/** A member's video defaults from their settings row (platform "other" and no link when they have none). */
async function videoSettingsOf(db: Db, userId: number): Promise<VideoSettings | null> {
  const row = await settingsOf(db, userId);
  if (!row) return null;
  return { platform: isPlatform(row.videoPlatform) ? row.videoPlatform : 'other', meetingLink: row.meetingLink };
}

interface EventRow {
  id: number;
  title: string;
  /** A session's service, or an appointment's title: what the client's e-mail calls it. */
  serviceName: string;
  startsAt: Date;
  endsAt: Date;
  therapistId: number | null;
  meetingLink: string | null;
  clientId: number | null;
  status: string | null;
}

/**
 * Video calls (issue 14 item 7): the platforms of SPEC.md §7, a member's default platform and personal meeting link, and
 * one meeting link per event (a session's `video_link`, an appointment's `video_link`). Every role may read and set an
 * event's link (an Assistant books for the team); the platform is read from the link's host.
 */
export class VideoService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  options(): VideoPlatformOption[] {
    return VIDEO_PLATFORMS.map((value) => ({
      value,
      label: VIDEO_PLATFORM_LABELS[value],
      hosts: [...VIDEO_PLATFORM_HOSTS[value]],
    }));
  }

  async settings(auth: AuthContext): Promise<VideoSettings> {
    return (await videoSettingsOf(this.db, auth.userId)) ?? { platform: 'other', meetingLink: null };
  }

  async update(auth: AuthContext, body: VideoSettings): Promise<VideoSettingsResult> {
    const row = await saveSettings(this.db, auth, { videoPlatform: body.platform, meetingLink: body.meetingLink });
    return {
      platform: isPlatform(row.videoPlatform) ? row.videoPlatform : 'other',
      meetingLink: row.meetingLink,
      detail: CALENDAR_FEED_MESSAGES.videoSaved,
    };
  }

  async eventLink(auth: AuthContext, kind: MeetingEventKind, id: number): Promise<EventMeetingLink> {
    return this.describe(kind, await this.event(auth, kind, id));
  }

  async setEventLink(
    auth: AuthContext,
    request: FastifyRequest,
    kind: MeetingEventKind,
    id: number,
    meetingLink: string | null,
  ): Promise<EventMeetingLinkResult> {
    const event = await this.event(auth, kind, id);
    if (kind === 'session') {
      if (event.status === 'cancelled') throw conflict(CALENDAR_FEED_MESSAGES.sessionCancelled);
      // A session given a link takes place by video; one whose link is removed keeps where it was.
      await this.db
        .update(clientSessions)
        .set({
          videoLink: meetingLink,
          ...(meetingLink ? { locationKind: 'video' } : {}),
          version: sql`${clientSessions.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(clientSessions.id, id), eq(clientSessions.practiceId, auth.practiceId)));
      await this.p.audit.recordActivity(request, 'updateSession', {
        id,
        clientId: event.clientId!,
        facts: { on: event.startsAt.toISOString() },
      });
    } else {
      await this.db
        .update(appointments)
        .set({ videoLink: meetingLink, updatedAt: sql`now()` })
        .where(and(eq(appointments.id, id), eq(appointments.practiceId, auth.practiceId)));
      await this.p.audit.record(request, { action: 'update', entity: 'appointment', entityId: id });
    }
    return {
      ...(await this.describe(kind, { ...event, meetingLink })),
      detail: meetingLink ? CALENDAR_FEED_MESSAGES.meetingLinkSaved : CALENDAR_FEED_MESSAGES.meetingLinkRemoved,
    };
  }

  private async describe(kind: MeetingEventKind, event: EventRow): Promise<EventMeetingLink> {
    return {
      kind,
      id: event.id,
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      therapistId: event.therapistId,
      meetingLink: event.meetingLink,
      platform: videoPlatformOf(event.meetingLink),
      therapistDefault: event.therapistId === null ? null : await videoSettingsOf(this.db, event.therapistId),
      canSendToClient: Boolean((await this.clientOf(event))?.email),
    };
  }

  /**
   * E-mails the event's link to its client (the video-call modal's "Send to client"): its own link, else its therapist's
   * personal room.
   */
  async sendLink(auth: AuthContext, request: FastifyRequest, kind: MeetingEventKind, id: number) {
    const event = await this.event(auth, kind, id);
    const link =
      event.meetingLink ??
      (event.therapistId === null ? null : ((await videoSettingsOf(this.db, event.therapistId))?.meetingLink ?? null));
    if (!link) throw conflict(CALENDAR_FEED_MESSAGES.noLinkToSend);
    const client = await this.clientOf(event);
    if (!client) throw conflict(CALENDAR_FEED_MESSAGES.noClientToSend);
    if (!client.email) throw conflict(CALENDAR_FEED_MESSAGES.noClientEmail);
    const practice = await practiceOf(this.db, auth.practiceId);
    await this.p.mailer.send(
      meetingLinkMail({
        practiceName: practice.name,
        to: client.email,
        clientName: client.preferredName || client.firstName,
        therapistName: event.therapistId ? await memberName(this.db, event.therapistId) : practice.name,
        serviceName: event.serviceName,
        when: formatWhenForMail(event.startsAt, practice.timeZone),
        locationKind: 'video',
        location: '',
        videoLink: link,
      }),
    );
    // A session's link shows in the client's activity log ("... sent the session for 3 Nov"); an appointment has none.
    await this.p.audit.record(
      request,
      kind === 'session'
        ? {
            action: 'send',
            entity: 'session',
            entityId: id,
            clientId: client.id,
            details: { on: event.startsAt.toISOString() },
          }
        : { action: 'send', entity: 'appointment', entityId: id },
    );
    return { detail: CALENDAR_FEED_MESSAGES.meetingLinkSent };
  }

  /** The client an event is with (a session's, or the one an appointment is about), or null. */
  private async clientOf(event: EventRow) {
    if (event.clientId === null) return null;
    const [client] = await this.db
      .select({
        id: clients.id,
        email: clients.email,
        firstName: clients.firstName,
        preferredName: clients.preferredName,
      })
      .from(clients)
      .where(eq(clients.id, event.clientId))
      .limit(1);
    return client ?? null;
  }

  /** The practice's session or appointment, or 404. */
  private async event(auth: AuthContext, kind: MeetingEventKind, id: number): Promise<EventRow> {
    if (kind === 'session') {
      const [row] = await this.db
        .select({
          id: clientSessions.id,
          serviceName: clientSessions.serviceName,
          startsAt: clientSessions.startsAt,
          endsAt: clientSessions.endsAt,
          therapistId: clientSessions.therapistId,
          meetingLink: clientSessions.videoLink,
          clientId: clientSessions.clientId,
          status: clientSessions.status,
          firstName: clients.firstName,
          preferredName: clients.preferredName,
          lastName: clients.lastName,
        })
        .from(clientSessions)
        .innerJoin(clients, eq(clients.id, clientSessions.clientId))
        .where(and(eq(clientSessions.id, id), eq(clientSessions.practiceId, auth.practiceId)))
        .limit(1);
      if (!row) throw notFound(CALENDAR_FEED_MESSAGES.eventNotFound);
      const client = fullName(row.preferredName || row.firstName, row.lastName);
      return { ...row, title: client ? `${row.serviceName} with ${client}` : row.serviceName };
    }
    const [row] = await this.db
      .select({
        id: appointments.id,
        title: appointments.title,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        therapistId: appointments.therapistId,
        meetingLink: appointments.videoLink,
        clientId: appointments.clientId,
      })
      .from(appointments)
      .where(and(eq(appointments.id, id), eq(appointments.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(CALENDAR_FEED_MESSAGES.eventNotFound);
    return { ...row, serviceName: row.title, status: null };
  }
}
