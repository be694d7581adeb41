import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  CLINICAL_ROLES,
  OPEN_REQUEST_STATUSES,
  SESSION_REQUESTS_LIMIT,
  allows,
  type SessionRequest,
  type acceptRequestBodySchema,
  type amendRequestBodySchema,
  type rejectRequestBodySchema,
  type sessionRequestsQuerySchema,
  type shareBookingLinkBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { hashToken, randomToken } from '../../../platform/auth/tokens';
import type { Db } from '../../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors';
import { clientOfPractice } from '../../clients/access';
import { clients } from '../../clients/schema';
import { serviceById } from '../../billing/settings';
import { clientSessions } from '../../sessions/schema';
import { bookThroughDiary, busyRanges, fullName, memberName, practiceOf, type Booker } from '../diary';
import { users } from '../../users/schema';
import { BookingArea } from './availability';
import { bookingMail, type RequestMailDetails } from './mail';
import { bookingLinks, sessionRequests } from './schema';

type AcceptBody = z.output<typeof acceptRequestBodySchema>;
type AmendBody = z.output<typeof amendRequestBodySchema>;
type RejectBody = z.output<typeof rejectRequestBodySchema>;
type ShareBody = z.output<typeof shareBookingLinkBodySchema>;
export type RequestRow = typeof sessionRequests.$inferSelect;

/** How long the one-click link of an amended request works at most (it also ends when the proposed time comes). */
const AMEND_LINK_DAYS = 14;

const therapist = alias(users, 'request_therapist');
const decider = alias(users, 'request_decider');

function toRequest(row: RequestRow, therapistName: string | null, decidedByName: string | null): SessionRequest {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    status: row.status as SessionRequest['status'],
    therapistId: row.therapistId,
    therapistName,
    clientId: row.clientId,
    serviceName: row.serviceName,
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    proposedStartsAt: iso(row.proposedStartsAt),
    proposedEndsAt: iso(row.proposedEndsAt),
    replyMessage: row.replyMessage,
    declineReason: row.declineReason,
    sessionId: row.sessionId,
    decidedAt: iso(row.decidedAt),
    decidedByName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

async function loadRequests(db: Db, practiceId: number, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      row: sessionRequests,
      tFirst: therapist.firstName,
      tLast: therapist.lastName,
      dFirst: decider.firstName,
      dLast: decider.lastName,
    })
    .from(sessionRequests)
    .leftJoin(therapist, eq(therapist.id, sessionRequests.therapistId))
    .leftJoin(decider, eq(decider.id, sessionRequests.decidedBy))
    .where(and(eq(sessionRequests.practiceId, practiceId), where))
    .orderBy(desc(sessionRequests.createdAt), desc(sessionRequests.id))
    .limit(limit);
  return rows.map((r) => toRequest(r.row, fullName(r.tFirst, r.tLast), fullName(r.dFirst, r.dLast)));
}

/**
 * Open session requests a member answers: a Therapist their own, an Admin or Assistant the practice's (they book for
 * the team). The appointments count (GET /api/appointments/count) adds these.
 */
export async function openRequestsCount(
  db: Db,
  auth: Pick<AuthContext, 'practiceId' | 'userId' | 'role'>,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionRequests)
    .where(
      and(
        eq(sessionRequests.practiceId, auth.practiceId),
        eq(sessionRequests.status, 'pending'),
        auth.role === 'Therapist' ? eq(sessionRequests.therapistId, auth.userId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The client a request books for: the one it was matched to, a client of the practice with its e-mail, or a new enquiry. */
async function clientFor(tx: Db, row: RequestRow): Promise<number> {
  if (row.clientId !== null) return row.clientId;
  const [match] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.practiceId, row.practiceId), sql`lower(${clients.email}) = ${row.email.toLowerCase()}`))
    .orderBy(clients.id)
    .limit(1);
  if (match) return match.id;
  const [first = row.name, ...rest] = row.name.trim().split(/\s+/);
  const [created] = await tx
    .insert(clients)
    .values({
      practiceId: row.practiceId,
      status: 'enquiry',
      firstName: first,
      lastName: rest.join(' '),
      email: row.email,
      phone: row.phone || null,
      therapistId: row.therapistId,
    })
    .returning({ id: clients.id });
  return created!.id;
}

export interface Booked {
  request: RequestRow;
  clientId: number;
  sessionId: number;
  start: Date;
}

/**
 * Books an open request as a session through the one diary (bookThroughDiary): the time it holds (the proposed one once
 * amended) must still be free, or the diary's 409 names the clash (to the public link without names or titles), also
 * when the database's own overlap rule refuses it; the requester becomes or is matched to a client, and the request is
 * marked accepted with its session, in one transaction. `version` guards against a second answer (409).
 */
export async function bookRequest(
  db: Db,
  row: RequestRow,
  by: { booker: Booker; version: number; ignoreConflicts: boolean },
  place: { locationKind: string; location: string; videoLink?: string | null },
): Promise<Booked> {
  if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(row.status))
    throw conflict(BOOKING_MESSAGES.requestDecided);
  if (row.therapistId === null) throw conflict(BOOKING_MESSAGES.timeNotFree);
  const therapistId = row.therapistId;
  const start = row.status === 'amended' && row.proposedStartsAt ? row.proposedStartsAt : row.startsAt;
  const end = row.status === 'amended' && row.proposedEndsAt ? row.proposedEndsAt : row.endsAt;
  const userId = 'publicLink' in by.booker ? null : by.booker.userId;
  const booking = { therapistId, ranges: [{ start, end }] };
  return bookThroughDiary(db, by.booker, booking, by.ignoreConflicts, (anyway) =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .update(sessionRequests)
        .set({ version: sql`${sessionRequests.version} + 1`, updatedAt: new Date() })
        .where(and(eq(sessionRequests.id, row.id), eq(sessionRequests.version, by.version)))
        .returning({ id: sessionRequests.id });
      if (!locked) throw conflict(BOOKING_MESSAGES.requestChanged);
      const clientId = await clientFor(tx, row);
      const service = row.serviceId === null ? null : await serviceById(tx, row.practiceId, row.serviceId);
      const [session] = await tx
        .insert(clientSessions)
        .values({
          practiceId: row.practiceId,
          clientId,
          therapistId,
          serviceName: row.serviceName,
          priceMinor: service?.priceMinor ?? null,
          startsAt: start,
          endsAt: end,
          locationKind: place.locationKind,
          location: place.location,
          videoLink: place.locationKind === 'video' ? (place.videoLink ?? null) : null,
          notes: row.message ? `Requested online: ${row.message}`.slice(0, 2000) : 'Requested online.',
          doubleBooked: anyway(0),
          createdBy: userId,
        })
        .returning({ id: clientSessions.id });
      const [request] = await tx
        .update(sessionRequests)
        .set({
          status: 'accepted',
          clientId,
          sessionId: session!.id,
          decidedAt: new Date(),
          decidedBy: userId,
        })
        .where(eq(sessionRequests.id, row.id))
        .returning();
      return { request: request!, clientId, sessionId: session!.id, start };
    }),
  );
}

/** What the requester's e-mails say, from a request row. */
export async function requestMailDetails(db: Db, row: RequestRow, start: Date = row.startsAt) {
  const [practice, therapistName] = await Promise.all([
    practiceOf(db, row.practiceId),
    row.therapistId === null ? Promise.resolve('the practice') : memberName(db, row.therapistId),
  ]);
  const details: RequestMailDetails = {
    to: row.email,
    name: row.name,
    therapistName,
    serviceName: row.serviceName,
    start,
    timeZone: practice.timeZone,
  };
  return { practiceName: practice.name, details };
}

/**
 * The session-request inbox (the /Appointments page): the requests, and the team's answers. Accepting books the session
 * (bookRequest); amending proposes another time with a one-click link e-mailed to the requester; declining keeps the
 * reason and e-mails the message. Every answer is e-mailed to the requester.
 */
export class SessionRequestsService extends BookingArea {
  list(auth: AuthContext, query: z.output<typeof sessionRequestsQuerySchema>): Promise<{ items: SessionRequest[] }> {
    const where = query.status === 'open' ? inArray(sessionRequests.status, [...OPEN_REQUEST_STATUSES]) : undefined;
    return loadRequests(this.db, auth.practiceId, where, SESSION_REQUESTS_LIMIT).then((items) => ({ items }));
  }

  async get(auth: AuthContext, id: number): Promise<SessionRequest> {
    const [found] = await loadRequests(this.db, auth.practiceId, eq(sessionRequests.id, id), 1);
    if (!found) throw notFound(BOOKING_MESSAGES.requestNotFound);
    return found;
  }

  async accept(auth: AuthContext, request: FastifyRequest, id: number, body: AcceptBody): Promise<SessionRequest> {
    const row = await this.row(auth, id);
    const booked = await bookRequest(
      this.db,
      row,
      { booker: auth, version: body.version, ignoreConflicts: body.ignoreConflicts },
      body,
    );
    await this.p.audit.record(request, {
      action: 'schedule',
      entity: 'session',
      entityId: booked.sessionId,
      clientId: booked.clientId,
      details: { source: 'session request' },
    });
    if (body.notifyRequester) {
      const { practiceName, details } = await requestMailDetails(this.db, booked.request, booked.start);
      const where =
        body.locationKind === 'video'
          ? body.videoLink
            ? `It takes place by video. Join it from this link at the time: ${body.videoLink}`
            : 'It takes place by video. The practice will send you the link to join.'
          : body.locationKind === 'phone'
            ? 'It takes place by phone.'
            : body.location
              ? `Where: ${body.location}.`
              : null;
      await this.p.mailer.send(bookingMail.accepted(practiceName, details, where));
    }
    return this.get(auth, id);
  }

  async amend(auth: AuthContext, id: number, body: AmendBody): Promise<SessionRequest> {
    const row = await this.row(auth, id);
    if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(row.status))
      throw conflict(BOOKING_MESSAGES.requestDecided);
    const start = new Date(body.startsAt);
    if (start.getTime() <= Date.now()) {
      throw badRequest('Choose a time in the future.', { startsAt: 'Choose a time in the future.' });
    }
    const end = new Date(start.getTime() + body.durationMinutes * 60_000);
    if (
      row.therapistId !== null &&
      (await busyRanges(this.db, auth.practiceId, [row.therapistId], start, end)).length > 0
    ) {
      throw conflict(BOOKING_MESSAGES.timeNotFree);
    }
    const token = randomToken();
    const expires = new Date(Math.min(start.getTime(), Date.now() + AMEND_LINK_DAYS * 86_400_000));
    const [saved] = await this.db
      .update(sessionRequests)
      .set({
        status: 'amended',
        proposedStartsAt: start,
        proposedEndsAt: end,
        replyMessage: body.message,
        acceptTokenHash: hashToken(token),
        acceptTokenExpiresAt: expires,
        decidedAt: new Date(),
        decidedBy: auth.userId,
        version: sql`${sessionRequests.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sessionRequests.id, id),
          eq(sessionRequests.practiceId, auth.practiceId),
          eq(sessionRequests.version, body.version),
        ),
      )
      .returning();
    if (!saved) throw conflict(BOOKING_MESSAGES.requestChanged);
    const { practiceName, details } = await requestMailDetails(this.db, saved);
    await this.p.mailer.send(
      bookingMail.amended(practiceName, details, start, body.message, `${this.base()}/Booking-request/${token}`),
    );
    return this.get(auth, id);
  }

  async reject(auth: AuthContext, id: number, body: RejectBody): Promise<SessionRequest> {
    const row = await this.row(auth, id);
    if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(row.status))
      throw conflict(BOOKING_MESSAGES.requestDecided);
    const [saved] = await this.db
      .update(sessionRequests)
      .set({
        status: 'declined',
        declineReason: body.reason,
        replyMessage: body.message,
        decidedAt: new Date(),
        decidedBy: auth.userId,
        version: sql`${sessionRequests.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sessionRequests.id, id),
          eq(sessionRequests.practiceId, auth.practiceId),
          eq(sessionRequests.version, body.version),
        ),
      )
      .returning();
    if (!saved) throw conflict(BOOKING_MESSAGES.requestChanged);
    const { practiceName, details } = await requestMailDetails(this.db, saved);
    await this.p.mailer.send(bookingMail.declined(practiceName, details, body.message));
    return this.get(auth, id);
  }

  /** E-mails one of the practice's booking links to a client (Admin and Therapist) or to an address. */
  async share(auth: AuthContext, body: ShareBody): Promise<{ detail: string }> {
    const [link] = await this.db
      .select({ slug: bookingLinks.slug, therapistId: bookingLinks.therapistId })
      .from(bookingLinks)
      .where(and(eq(bookingLinks.practiceId, auth.practiceId), eq(bookingLinks.slug, body.slug)))
      .limit(1);
    if (!link) throw badRequest(BOOKING_MESSAGES.noBookingLink, { slug: BOOKING_MESSAGES.noBookingLink });
    let to = body.email;
    if (body.clientId !== null) {
      // Only Admin and Therapist may name a client (SPEC.md §6): an Assistant is refused before any lookup.
      if (!allows(CLINICAL_ROLES, auth.role)) throw forbidden();
      const client = await clientOfPractice(this.db, auth, body.clientId);
      to = to ?? client.email ?? null;
      if (!to) throw badRequest(BOOKING_MESSAGES.noClientEmail, { email: BOOKING_MESSAGES.noClientEmail });
    }
    const practice = await practiceOf(this.db, auth.practiceId);
    const withWhom = link.therapistId === null ? practice.name : await memberName(this.db, link.therapistId);
    await this.p.mailer.send(
      bookingMail.link(practice.name, to!, withWhom, body.message, `${this.base()}/Book/${link.slug}`),
    );
    return { detail: BOOKING_MESSAGES.bookingLinkShared };
  }

  private base(): string {
    return (this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`).replace(/\/+$/, '');
  }

  private async row(auth: AuthContext, id: number): Promise<RequestRow> {
    const [row] = await this.db
      .select()
      .from(sessionRequests)
      .where(and(eq(sessionRequests.id, id), eq(sessionRequests.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(BOOKING_MESSAGES.requestNotFound);
    return row;
  }
}
