import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  DEFAULT_TIME_ZONE,
  type PublicAmendedRequest,
  type PublicBookingPage,
  type BookableService,
  type publicRequestBodySchema,
  type publicSlotsQuerySchema,
} from '@halcyon/api/contract';
import { hashToken } from '../../../platform/auth/tokens';
import { preparedOnce } from '../../../platform/db';
import { HttpError, badRequest, conflict, notFound } from '../../../platform/errors';
import { practiceDetails } from '../../account/schema';
import { bookableServicesJson } from '../../billing/settings';
import { clients } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { memberships, users } from '../../users/schema';
import { NotificationService } from '../../notifications/service';
import { sessionPhrase, withArticle } from '../../sessions/mail';
import { formatWhenForMail } from '../../../platform/mail/when';
import { memberName, practiceOf } from '../diary';
import { BookingArea } from './availability';
import { takenJson, takenRanges, toBusyRanges, type TakenJson } from './requested';
import { bookingMail } from './mail';
import { bookRequest, requestMailDetails } from './requests';
import { defaultRules, offeredTherapistsJson, offeredWhere, type RulesRow } from './rules';
import { appointmentAvailability, bookingLinks, bookingRules, sessionRequests } from './schema';
import { freeSlots, type BusyRange, type Slot } from './slots';

type SlotsQuery = z.output<typeof publicSlotsQuerySchema>;
type RequestBody = z.output<typeof publicRequestBodySchema>;

interface Page {
  practiceId: number;
  practiceName: string;
  timeZone: string;
  rules: RulesRow;
  /** What the page offers: the practice's services marked "Booked online" (Settings > Services). */
  services: BookableService[];
  /** The link's member, or null for the practice's link. */
  linkTherapistId: number | null;
  therapists: { id: number; name: string }[];
  /** The practice's weekly hours (every member's: the page's members are picked from them). */
  hours: { therapistId: number; days: (typeof appointmentAvailability.$inferSelect)['days']; services: number[] }[];
  /** The taken time read with the page for its free times (empty otherwise). */
  taken: BusyRange[];
}

/** The page's service of that id, or a 400 naming the field. */
function offeredService(page: Page, id: number): BookableService {
  const service = page.services.find((s) => s.id === id);
  if (!service) throw badRequest(BOOKING_MESSAGES.serviceNotOffered, { serviceId: BOOKING_MESSAGES.serviceNotOffered });
  return service;
}

const gone = () => new HttpError(410, BOOKING_MESSAGES.linkUsed);

/** A page's members who take a booking: those offered, or the one asked for, or the link's member. */
function bookableIds(page: Page, therapistId: number | null): number[] {
  return page.therapists
    .map((t) => t.id)
    .filter(
      (id) =>
        (therapistId === null || id === therapistId) && (page.linkTherapistId === null || id === page.linkTherapistId),
    );
}

/**
 * The page a slug names, in one statement prepared once (`preparedOnce`), as every visit of a booking page asks for it:
 * the link with its practice and rules, and as JSON columns the services offered online, the members offered and the
 * practice's weekly hours; for the free times (`withTaken`), also their members' taken time (takenJson) between `from`
 * and `to` and the buffers around them: the members offered, the one asked for (`therapistId`, or null) and the link's
 * (bookableIds in SQL).
 */
const pageStatements = preparedOnce((db) => {
  const build = (name: string, withTaken: boolean) => {
    const therapistId = sql`${sql.placeholder('therapistId')}::int`;
    const ids = sql`array(select ${users.id} from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
      where ${offeredWhere(bookingLinks.practiceId, bookingRules.therapistIds)}
        and (${therapistId} is null or ${users.id} = ${therapistId})
        and (${bookingLinks.therapistId} is null or ${users.id} = ${bookingLinks.therapistId}))`;
    // Busy time just outside the range still pushes a slot away through the buffers.
    const margin = sql`make_interval(mins => greatest(${bookingRules.bufferBeforeMinutes}, ${bookingRules.bufferAfterMinutes}) + 1)`;
    const taken = takenJson({
      practiceId: bookingLinks.practiceId,
      therapistIds: ids,
      from: sql`(${sql.placeholder('from')}::timestamptz - ${margin})`,
      to: sql`(${sql.placeholder('to')}::timestamptz + ${margin})`,
    });
    return db
      .select({
        practiceId: bookingLinks.practiceId,
        therapistId: bookingLinks.therapistId,
        practiceName: practices.name,
        timeZone: practiceDetails.timeZone,
        rules: bookingRules,
        services: bookableServicesJson(bookingLinks.practiceId),
        therapists: offeredTherapistsJson(bookingLinks.practiceId, bookingRules.therapistIds),
        hours: sql<Page['hours']>`(select coalesce(json_agg(json_build_object(
            'therapistId', ${appointmentAvailability.therapistId}, 'days', ${appointmentAvailability.days},
            'services', ${appointmentAvailability.serviceIds}) order by ${appointmentAvailability.id}), '[]'::json)
          from ${appointmentAvailability} where ${appointmentAvailability.practiceId} = ${bookingLinks.practiceId})`,
        taken: withTaken ? taken : sql<TakenJson>`'[]'::json`,
      })
      .from(bookingLinks)
      .innerJoin(practices, eq(practices.id, bookingLinks.practiceId))
      .leftJoin(practiceDetails, eq(practiceDetails.practiceId, bookingLinks.practiceId))
      .leftJoin(bookingRules, eq(bookingRules.practiceId, bookingLinks.practiceId))
      .where(eq(bookingLinks.slug, sql.placeholder('slug')))
      .limit(1)
      .prepare(name);
  };
  return { page: build('booking_page', false), withTaken: build('booking_page_taken', true) };
});

/**
 * The public booking page (no sign-in): what a practice offers online and its free times, a visitor's request, and the
 * one-click acceptance of a time the practice proposed. Answers name times only, never anyone's bookings; an unknown
 * address, or a practice not taking bookings, is one 404.
 */
export class PublicBookingService extends BookingArea {
  async page(slug: string): Promise<PublicBookingPage> {
    const page = await this.resolve(slug);
    return {
      practiceName: page.practiceName,
      timeZone: page.timeZone,
      therapist:
        page.linkTherapistId === null ? null : (page.therapists.find((t) => t.id === page.linkTherapistId) ?? null),
      therapists: page.therapists,
      services: page.services,
      minimumNoticeHours: page.rules.minimumNoticeHours,
      maxDaysAhead: page.rules.maxDaysAhead,
    };
  }

  async slots(
    slug: string,
    query: SlotsQuery,
  ): Promise<{ items: { startsAt: string; endsAt: string; therapistId: number }[] }> {
    const therapistId = query.therapistId ?? null;
    const from = new Date(query.from);
    const to = new Date(query.to);
    const page = await this.resolve(slug, { from, to, therapistId });
    const slots = this.free(
      page,
      offeredService(page, query.serviceId),
      therapistId,
      from,
      to,
      page.taken,
      // Anyone on the practice's link: each time once, with the member who takes it.
      { onePerStart: therapistId === null && page.linkTherapistId === null },
    );
    return {
      items: slots.map((s) => ({
        startsAt: s.start.toISOString(),
        endsAt: s.end.toISOString(),
        therapistId: s.therapistId,
      })),
    };
  }

  async request(slug: string, body: RequestBody, request: FastifyRequest): Promise<{ detail: string }> {
    // A bot filled the hidden field: it is told what a person is told, and nothing is saved or sent.
    if (body.website.trim() !== '') {
      request.log.info({ slug }, 'booking request refused by the honeypot');
      return { detail: BOOKING_MESSAGES.requestSent };
    }
    const page = await this.resolve(slug);
    const start = new Date(body.startsAt);
    const service = offeredService(page, body.serviceId);
    const end = new Date(start.getTime() + service.durationMinutes * 60_000);
    const taken = await this.taken(page, body.therapistId, start, end);
    const offered = this.free(page, service, body.therapistId, start, end, taken);
    if (!offered.some((s) => s.start.getTime() === start.getTime() && s.therapistId === body.therapistId)) {
      // A time taken since the page showed it, or one never offered.
      const free = this.free(page, service, body.therapistId, start, end, []);
      throw free.length > 0
        ? conflict(BOOKING_MESSAGES.slotTaken)
        : badRequest(BOOKING_MESSAGES.slotNotOffered, { startsAt: BOOKING_MESSAGES.slotNotOffered });
    }
    const [client] = await this.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.practiceId, page.practiceId), sql`lower(${clients.email}) = ${body.email}`))
      .orderBy(clients.id)
      .limit(1);
    const [row] = await this.db
      .insert(sessionRequests)
      .values({
        practiceId: page.practiceId,
        therapistId: body.therapistId,
        clientId: client?.id ?? null,
        serviceName: service.name,
        serviceId: service.id,
        startsAt: start,
        endsAt: end,
        name: body.name,
        email: body.email,
        phone: body.phone,
        message: body.message,
      })
      .returning();
    const when = formatWhenForMail(start, page.timeZone);
    await new NotificationService(this.db).create({
      practiceId: page.practiceId,
      userId: body.therapistId,
      title: 'New session request',
      content: `${body.name} asked for ${withArticle(sessionPhrase(service.name))} on ${when}. Accept, propose another time or decline it in Appointments.`,
      category: 'info',
      link: '/Appointments',
    });
    const { practiceName, details } = await requestMailDetails(this.db, row!);
    await this.p.mailer.send(bookingMail.received(practiceName, details));
    return { detail: BOOKING_MESSAGES.requestSent };
  }

  async amended(token: string): Promise<PublicAmendedRequest> {
    const row = await this.amendedRow(token);
    const { timeZone, name } = await practiceOf(this.db, row.practiceId);
    return {
      practiceName: name,
      therapistName: row.therapistId === null ? name : await memberName(this.db, row.therapistId),
      serviceName: row.serviceName,
      startsAt: row.proposedStartsAt!.toISOString(),
      endsAt: row.proposedEndsAt!.toISOString(),
      message: row.replyMessage,
      timeZone,
    };
  }

  async acceptAmended(token: string, request: FastifyRequest): Promise<{ detail: string }> {
    const row = await this.amendedRow(token);
    const booked = await bookRequest(
      this.db,
      row,
      { booker: { practiceId: row.practiceId, publicLink: true }, version: row.version, ignoreConflicts: false },
      { locationKind: 'in person', location: '' },
    );
    await this.p.audit.record(request, {
      action: 'schedule',
      entity: 'session',
      entityId: booked.sessionId,
      clientId: booked.clientId,
      practiceId: row.practiceId,
      details: { source: 'session request accepted by the requester' },
    });
    if (row.therapistId !== null) {
      await new NotificationService(this.db).create({
        practiceId: row.practiceId,
        userId: row.therapistId,
        title: 'Proposed time accepted',
        content: `${row.name} accepted the time you proposed: ${formatWhenForMail(booked.start, (await practiceOf(this.db, row.practiceId)).timeZone)}. The session is in your diary.`,
        category: 'info',
        link: '/Appointments',
      });
    }
    const { practiceName, details } = await requestMailDetails(this.db, booked.request, booked.start);
    await this.p.mailer.send(bookingMail.accepted(practiceName, details, null));
    return { detail: BOOKING_MESSAGES.amendedAccepted };
  }

  /** The request an amend link names: 404 for no such link, 410 when answered or past its time. */
  private async amendedRow(token: string) {
    const [row] = await this.db
      .select()
      .from(sessionRequests)
      .where(eq(sessionRequests.acceptTokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw notFound(BOOKING_MESSAGES.linkInvalid);
    if (
      row.status !== 'amended' ||
      !row.proposedStartsAt ||
      !row.acceptTokenExpiresAt ||
      row.acceptTokenExpiresAt <= new Date()
    ) {
      throw gone();
    }
    return row;
  }

  /**
   * The time the members who take a booking (bookableIds) cannot be booked in between two instants, with the buffers
   * around them (the free times read it with the page: pageStatements).
   */
  private async taken(page: Page, therapistId: number | null, from: Date, to: Date): Promise<BusyRange[]> {
    // Busy time just outside the range still pushes a slot away through the buffers.
    const margin = (Math.max(page.rules.bufferBeforeMinutes, page.rules.bufferAfterMinutes) + 1) * 60_000;
    const ids = bookableIds(page, therapistId);
    return takenRanges(
      this.db,
      page.practiceId,
      ids,
      new Date(from.getTime() - margin),
      new Date(to.getTime() + margin),
    );
  }

  /**
   * The free times of a service with the page's members (or one of them) between two instants, around the time
   * `taken`; with `onePerStart`, each time once (see onePerStart).
   */
  private free(
    page: Page,
    service: BookableService,
    therapistId: number | null,
    from: Date,
    to: Date,
    taken: readonly BusyRange[],
    options: { onePerStart?: boolean } = {},
  ): Slot[] {
    const ids = bookableIds(page, therapistId);
    if (ids.length === 0) return [];
    const windows = page.hours
      .filter((h) => ids.includes(h.therapistId) && (h.services.length === 0 || h.services.includes(service.id)))
      .flatMap((h) => h.days.map((day) => ({ ...day, therapistId: h.therapistId })));
    return freeSlots({
      windows,
      busy: taken,
      rules: {
        durationMinutes: service.durationMinutes,
        stepMinutes: page.rules.slotStepMinutes,
        bufferBeforeMinutes: page.rules.bufferBeforeMinutes,
        bufferAfterMinutes: page.rules.bufferAfterMinutes,
        minimumNoticeHours: page.rules.minimumNoticeHours,
        maxDaysAhead: page.rules.maxDaysAhead,
      },
      timeZone: page.timeZone,
      from,
      to,
      now: new Date(),
      onePerStart: options.onePerStart,
    });
  }

  /**
   * The page a slug names (one statement: pageStatements), with the taken time the free times between two instants
   * need when asked for, or a 404 when there is none or it takes no bookings.
   */
  private async resolve(slug: string, freeTimes?: { from: Date; to: Date; therapistId: number | null }): Promise<Page> {
    const statements = pageStatements(this.db);
    const [link] = freeTimes
      ? await statements.withTaken.execute({
          slug,
          from: freeTimes.from.toISOString(),
          to: freeTimes.to.toISOString(),
          therapistId: freeTimes.therapistId,
        })
      : await statements.page.execute({ slug });
    if (!link) throw notFound(BOOKING_MESSAGES.pageNotFound);
    const rules = link.rules ?? defaultRules(link.practiceId);
    if (!rules.enabled) throw notFound(BOOKING_MESSAGES.pageNotFound);
    const { services, therapists } = link;
    // Booking off, or nothing marked "Booked online" in Settings > Services: the practice takes no bookings.
    if (services.length === 0) throw notFound(BOOKING_MESSAGES.pageNotFound);
    if (link.therapistId !== null && !therapists.some((t) => t.id === link.therapistId)) {
      throw notFound(BOOKING_MESSAGES.pageNotFound);
    }
    return {
      practiceId: link.practiceId,
      practiceName: link.practiceName,
      timeZone: link.timeZone ?? DEFAULT_TIME_ZONE,
      hours: link.hours,
      rules,
      services: services.flatMap((s) =>
        s.durationMinutes === null
          ? []
          : [
              {
                id: s.id,
                name: s.name,
                durationMinutes: s.durationMinutes,
                priceMinor: s.priceMinor,
                currency: s.currency,
              },
            ],
      ),
      linkTherapistId: link.therapistId,
      therapists,
      taken: toBusyRanges(link.taken),
    };
  }
}
