import { ApiError } from '../../client/errors';
import {
  BOOKING_MESSAGES,
  OPEN_REQUEST_STATUSES,
  compareDays,
  type Availability,
  type BookingRules,
  type PublicBookingPage,
  type PublicSlot,
  type SessionRequest,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';
import { accountFixtures } from './account';
import { SERVICES } from './billingSettings';

/** Online booking for stories and tests: a practice in Europe/London with two members' hours and two open requests. */
export const BOOKING_THERAPIST_ID = 2;

const stamp = '2026-01-05T09:00:00.000Z';

/** The services of some hours as the server answers them: ids and names, by name. */
function offered(ids: readonly number[] = []): Pick<Availability, 'serviceIds' | 'serviceNames'> {
  const chosen = SERVICES.filter((s) => ids.includes(s.id)).sort((a, b) => a.name.localeCompare(b.name));
  return { serviceIds: chosen.map((s) => s.id), serviceNames: chosen.map((s) => s.name) };
}

export const AVAILABILITY: Availability[] = [
  {
    id: 11,
    therapistId: BOOKING_THERAPIST_ID,
    therapistName: 'Tomas Lindqvist',
    days: [0, 1, 2, 3].map((dayIndex) => ({ dayIndex, startTime: '09:00', endTime: '17:00' })),
    serviceIds: [],
    serviceNames: [],
    location: 'Room 2',
    timeZone: 'Europe/London',
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 12,
    therapistId: 1,
    therapistName: 'Amara Okafor',
    days: [
      { dayIndex: 2, startTime: '12:00', endTime: '20:00' },
      { dayIndex: 5, startTime: '09:00', endTime: '12:00' },
    ],
    serviceIds: [33],
    serviceNames: ['Initial assessment'],
    location: 'Video',
    timeZone: 'Europe/London',
    version: 3,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const BOOKING_RULES: BookingRules = {
  enabled: true,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeHours: 24,
  maxDaysAhead: 60,
  slotStepMinutes: 30,
  therapistIds: [],
  slug: 'calm-minds',
  links: [
    { therapistId: null, name: 'Calm Minds', slug: 'calm-minds', path: '/Book/calm-minds' },
    {
      therapistId: BOOKING_THERAPIST_ID,
      name: 'Tomas Lindqvist',
      slug: 'tomas-lindqvist',
      path: '/Book/tomas-lindqvist',
    },
  ],
  version: 2,
};

const request = (
  fields: Partial<SessionRequest> & Pick<SessionRequest, 'id' | 'startsAt' | 'endsAt'>,
): SessionRequest => ({
  status: 'pending',
  therapistId: BOOKING_THERAPIST_ID,
  therapistName: 'Tomas Lindqvist',
  clientId: null,
  serviceName: 'Individual session',
  durationMinutes: 50,
  name: 'Robin Ellis',
  email: 'robin.ellis@visitor.example',
  phone: '07700 900123',
  message: 'My GP suggested counselling. Evenings suit me best.',
  proposedStartsAt: null,
  proposedEndsAt: null,
  replyMessage: '',
  declineReason: '',
  sessionId: null,
  decidedAt: null,
  decidedByName: null,
  version: 1,
  createdAt: '2026-01-19T18:20:00.000Z',
  ...fields,
});

export const SESSION_REQUESTS: SessionRequest[] = [
  request({ id: 61, startsAt: '2026-01-27T10:00:00.000Z', endsAt: '2026-01-27T10:50:00.000Z' }),
  request({
    id: 62,
    name: 'Jordan Blake',
    email: 'jordan.blake@visitor.example',
    phone: '',
    message: '',
    serviceName: 'Initial assessment',
    durationMinutes: 60,
    startsAt: '2026-01-28T14:00:00.000Z',
    endsAt: '2026-01-28T15:00:00.000Z',
    createdAt: '2026-01-18T08:05:00.000Z',
  }),
];

export const PUBLIC_BOOKING_PAGE: PublicBookingPage = {
  practiceName: 'Calm Minds',
  timeZone: 'Europe/London',
  therapist: null,
  therapists: [
    { id: 1, name: 'Amara Okafor' },
    { id: BOOKING_THERAPIST_ID, name: 'Tomas Lindqvist' },
  ],
  // The services marked "Booked online" in Settings > Services, by name.
  services: SERVICES.filter((s) => s.bookableOnline && !s.archived && s.durationMinutes !== null)
    .map((s) => ({
      id: s.id,
      name: s.name,
      durationMinutes: s.durationMinutes!,
      priceMinor: s.priceMinor,
      currency: s.currency,
    }))
    .sort((a, b) => a.name.localeCompare(b.name)),
  minimumNoticeHours: 24,
  maxDaysAhead: 60,
};

/** Free times for any range asked: weekdays at 09:00, 10:00 and 14:00 UTC with both members. */
export function mockSlots(from: string, to: string, durationMinutes = 50): PublicSlot[] {
  const out: PublicSlot[] = [];
  for (let day = Date.parse(from.slice(0, 10)); day < Date.parse(to); day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const hour of [9, 10, 14]) {
      const start = day + hour * 3_600_000;
      if (start < Date.parse(from) || start >= Date.parse(to)) continue;
      out.push({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + durationMinutes * 60_000).toISOString(),
        therapistId: hour === 14 ? 1 : BOOKING_THERAPIST_ID,
      });
    }
  }
  return out;
}

/** The proposal a requester opens from an amend e-mail. */
export const AMENDED_REQUEST = {
  practiceName: 'Calm Minds',
  therapistName: 'Tomas Lindqvist',
  serviceName: 'Individual session',
  startsAt: '2026-01-29T15:00:00.000Z',
  endsAt: '2026-01-29T15:50:00.000Z',
  message: 'Thursday afternoon works better for me.',
  timeZone: 'Europe/London',
};

/**
 * Stateful mock answers for online booking: hours save with versions (a stale version answers 409), requests are
 * accepted, amended or declined once (a second answer is 409), the public page offers `mockSlots`.
 */
export function bookingHandlers(
  options: { availability?: Availability[]; requests?: SessionRequest[]; rules?: BookingRules } = {},
): MockHandlers {
  const hours = (options.availability ?? AVAILABILITY).map((a) => structuredClone(a));
  const requests = (options.requests ?? SESSION_REQUESTS).map((r) => structuredClone(r));
  let rules = structuredClone(options.rules ?? BOOKING_RULES);
  let nextId = 700;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const findRequest = (id: unknown) => requests.find((r) => r.id === Number(id)) ?? null;
  const answer = (id: unknown, version: number, change: Partial<SessionRequest>) => {
    const found = findRequest(id) ?? fail(404, BOOKING_MESSAGES.requestNotFound);
    if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(found.status))
      fail(409, BOOKING_MESSAGES.requestDecided);
    if (found.version !== version) fail(409, BOOKING_MESSAGES.requestChanged);
    Object.assign(found, change, {
      version: found.version + 1,
      decidedAt: '2026-01-20T09:00:00.000Z',
      decidedByName: 'Tomas Lindqvist',
    });
    return found;
  };
  const practice = accountFixtures().practice;
  return {
    getPracticeSettings: () => practice,
    listAvailability: () => ({ items: [...hours] }),
    getAvailability: ({ params }) => hours.find((a) => a.id === Number(params.id)) ?? null,
    createAvailability: ({ body }) => {
      const created: Availability = {
        ...AVAILABILITY[0]!,
        id: (nextId += 1),
        therapistId: body.therapistId ?? BOOKING_THERAPIST_ID,
        days: [...body.days].sort(compareDays),
        ...offered(body.serviceIds),
        location: body.location ?? '',
        version: 1,
      };
      hours.unshift(created);
      return created;
    },
    updateAvailability: ({ params, body }) => {
      const found = hours.find((a) => a.id === Number(params.id)) ?? fail(404, BOOKING_MESSAGES.availabilityNotFound);
      if (found.version !== body.version) fail(409, BOOKING_MESSAGES.availabilityChanged);
      Object.assign(found, {
        days: [...body.days].sort(compareDays),
        ...offered(body.serviceIds),
        location: body.location ?? '',
        version: found.version + 1,
      });
      return found;
    },
    deleteAvailability: ({ params }) => {
      hours.splice(
        hours.findIndex((a) => a.id === Number(params.id)),
        1,
      );
      return { detail: BOOKING_MESSAGES.availabilityDeleted };
    },
    getBookingRules: () => rules,
    updateBookingRules: ({ body }) => {
      if (body.version !== rules.version) fail(409, BOOKING_MESSAGES.rulesChanged);
      rules = {
        ...rules,
        ...body,
        slug: body.slug,
        links: rules.links.map((l) =>
          l.therapistId === null ? { ...l, slug: body.slug, path: `/Book/${body.slug}` } : l,
        ),
        version: rules.version + 1,
      };
      return rules;
    },
    shareBookingLink: () => ({ detail: BOOKING_MESSAGES.bookingLinkShared }),
    listSessionRequests: ({ query }) => ({
      items: requests.filter(
        (r) => query?.status === 'all' || (OPEN_REQUEST_STATUSES as readonly string[]).includes(r.status),
      ),
    }),
    getSessionRequest: ({ params }) => findRequest(params.id),
    acceptSessionRequest: ({ params, body }) =>
      answer(params.id, body.version, { status: 'accepted', sessionId: (nextId += 1), clientId: 7 }),
    amendSessionRequest: ({ params, body }) => {
      const start = new Date(body.startsAt);
      return answer(params.id, body.version, {
        status: 'amended',
        proposedStartsAt: start.toISOString(),
        proposedEndsAt: new Date(start.getTime() + body.durationMinutes * 60_000).toISOString(),
        replyMessage: body.message ?? '',
      });
    },
    rejectSessionRequest: ({ params, body }) =>
      answer(params.id, body.version, {
        status: 'declined',
        declineReason: body.reason,
        replyMessage: body.message ?? '',
      }),
    publicBookingPage: () => PUBLIC_BOOKING_PAGE,
    publicBookingSlots: ({ query }) => {
      const service = PUBLIC_BOOKING_PAGE.services.find((s) => s.id === Number(query.serviceId));
      const items = mockSlots(query.from, query.to, service?.durationMinutes);
      return { items: query.therapistId ? items.filter((s) => s.therapistId === Number(query.therapistId)) : items };
    },
    publicBookingRequest: () => ({ detail: BOOKING_MESSAGES.requestSent }),
    publicAmendedRequest: () => AMENDED_REQUEST,
    acceptAmendedRequest: () => ({ detail: BOOKING_MESSAGES.amendedAccepted }),
  };
}
