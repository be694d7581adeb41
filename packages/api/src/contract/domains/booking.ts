import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import { DATE_RANGES, instantInRange } from '../dates';
import { ignoreConflictsField } from '../scheduling';
import { SESSION_LOCATION_KINDS } from '../sessionVocabulary';
import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  SESSION_REQUEST_STATUSES,
  SLOTS_RANGE_DAYS_MAX,
  SLOT_STEPS,
  SLUG,
  TIME_OF_DAY,
  overlappingDay,
} from '../bookingVocabulary';
import { videoLinkField } from '../links';
import { contactEmailField, phoneField } from './account';
import {
  decimal,
  emailField,
  idField,
  idParam,
  INT_MAX,
  messageSchema,
  textOf,
  tokenField,
  versionField,
} from './common';

/**
 * Online booking (SPEC.md §3-§8, CATALOG.md Scheduling and Settings > Appointments): each member's weekly availability,
 * the practice's online-booking rules (buffers, minimum notice, how far ahead, the services and therapists offered, the
 * short booking addresses), the session requests that visitors send from the public booking page (accepted, amended or
 * declined by the team) and the public page's own calls (no sign-in: free slots only, never anyone's bookings).
 *
 * Services: one source, the practice's services (Settings > Services, billing settings): the sessions marked "Booked
 * online" and not archived are what the public page offers, with their lengths and fees.
 */
export * from '../bookingVocabulary';

// ---- fields -----------------------------------------------------------------------------------------------------------

const timeOfDay = (label: string) =>
  z.string({ error: `Enter ${label}.` }).regex(TIME_OF_DAY, `Enter ${label} as hours and minutes, e.g. 09:00.`);

function optionalText(max: number) {
  return textOf(max, { error: 'Enter text.' })
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');
}

function requiredText(max: number, missing: string) {
  return textOf(max, { error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

const durationField = z
  .number({ error: 'Enter the length in minutes.' })
  .int('Enter a whole number of minutes.')
  .min(5, 'A session lasts at least 5 minutes.')
  .max(600, 'A session lasts at most 600 minutes (10 hours).');

const minutesField = (label: string, max: number) =>
  z
    .number({ error: `Enter ${label} in minutes.` })
    .int('Enter a whole number of minutes.')
    .min(0, `${label.charAt(0).toUpperCase()}${label.slice(1)} cannot be negative.`)
    .max(max, `Use at most ${max} minutes.`);

export const availabilityDaySchema = z
  .strictObject({
    dayIndex: z.number({ error: 'Choose a day.' }).int('Choose a day.').min(0, 'Choose a day.').max(6, 'Choose a day.'),
    startTime: timeOfDay('the start time'),
    endTime: timeOfDay('the end time'),
  })
  .refine((day) => day.endTime > day.startTime, { message: BOOKING_MESSAGES.endBeforeStart, path: ['endTime'] });

const availabilityFields = {
  /** Whose availability it is; absent: the signed-in member. */
  therapistId: idField('Choose a therapist.')
    .nullish()
    .transform((value) => value ?? null),
  days: z
    .array(availabilityDaySchema, { error: 'Add at least one day.' })
    .min(1, 'Add at least one day.')
    .max(28, 'Add at most 28 times.')
    .superRefine((days, ctx) => {
      const at = overlappingDay(days);
      if (at >= 0) ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.overlappingDays, path: [at, 'startTime'] });
    }),
  /** The services offered in these hours (ids of Settings > Services); empty: every service the practice offers online. */
  serviceIds: z
    .array(idField(BOOKING_MESSAGES.availabilityService))
    .max(20, 'Choose at most 20 services.')
    .refine((ids) => new Set(ids).size === ids.length, BOOKING_MESSAGES.availabilityService)
    .optional()
    .default([]),
  /** Where these hours are spent (a room, "Video"); shown to the team. */
  location: optionalText(BOOKING_TEXT_MAX.location),
};

export const createAvailabilityBodySchema = z.strictObject(availabilityFields);
export type CreateAvailabilityBody = z.input<typeof createAvailabilityBodySchema>;
export const updateAvailabilityBodySchema = z.strictObject({
  ...availabilityFields,
  version: versionField('Reload and try again.'),
});
export type UpdateAvailabilityBody = z.input<typeof updateAvailabilityBodySchema>;

const SLUG_MESSAGE = 'Use 3 to 60 lower-case letters, digits and dashes, e.g. harbour-counselling.';
export const slugField = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .min(3, SLUG_MESSAGE)
  .max(BOOKING_TEXT_MAX.slug, SLUG_MESSAGE)
  .regex(SLUG, SLUG_MESSAGE);

export const bookingRulesBodySchema = z.strictObject({
  enabled: z.boolean({ error: 'Say whether clients can book online.' }),
  bufferBeforeMinutes: minutesField('the time before a session', 240),
  bufferAfterMinutes: minutesField('the time after a session', 240),
  minimumNoticeHours: z
    .number({ error: 'Enter the notice in hours.' })
    .int('Enter a whole number of hours.')
    .min(0, 'The notice cannot be negative.')
    .max(720, 'Use at most 720 hours (30 days).'),
  maxDaysAhead: z
    .number({ error: 'Enter how many days ahead.' })
    .int('Enter a whole number of days.')
    .min(1, 'Allow booking at least 1 day ahead.')
    .max(365, 'Allow booking at most 365 days ahead.'),
  slotStepMinutes: z
    .number({ error: 'Choose how often a start time is offered.' })
    .refine((n) => (SLOT_STEPS as readonly number[]).includes(n), 'Choose every 15, 30 or 60 minutes.'),
  /** The members offered online; empty: every member with availability. */
  therapistIds: z.array(idField('Choose a therapist.')).max(50, 'Choose at most 50 therapists.'),
  /** The practice's booking address: /Book/{slug}. */
  slug: slugField,
  /** The version opened (0: the rules were never saved). */
  version: versionField('Reload and try again.', 0),
});
export type BookingRulesBody = z.input<typeof bookingRulesBodySchema>;
/** The rules as the schema hands them on (a form's parsed values). */
export type BookingRulesValues = z.output<typeof bookingRulesBodySchema>;

// ---- responses --------------------------------------------------------------------------------------------------------

export const availabilitySchema = z.object({
  id: z.number(),
  therapistId: z.number(),
  therapistName: z.string().nullable(),
  days: z.array(z.object({ dayIndex: z.number(), startTime: z.string(), endTime: z.string() })),
  /** The services offered in these hours, by id, and their names as they are now (the same order: by name). */
  serviceIds: z.array(z.number()),
  serviceNames: z.array(z.string()),
  location: z.string(),
  /** The practice's time zone, in which the times are read. */
  timeZone: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const bookingLinkSchema = z.object({
  /** The member the link books with; null: the whole practice. */
  therapistId: z.number().nullable(),
  /** Who it books with: the practice's or the member's name. */
  name: z.string(),
  slug: z.string(),
  /** The web app path of the public page: /Book/{slug}. */
  path: z.string(),
});
export type BookingLink = z.infer<typeof bookingLinkSchema>;

export const bookingRulesSchema = z.object({
  enabled: z.boolean(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  minimumNoticeHours: z.number(),
  maxDaysAhead: z.number(),
  slotStepMinutes: z.number(),
  therapistIds: z.array(z.number()),
  slug: z.string(),
  /** The practice's link, then one per member offered online. */
  links: z.array(bookingLinkSchema),
  /** 0 until the rules are first saved. */
  version: z.number(),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

export const sessionRequestSchema = z.object({
  id: z.number(),
  status: z.enum(SESSION_REQUEST_STATUSES),
  therapistId: z.number().nullable(),
  therapistName: z.string().nullable(),
  /** The client the request was matched to (by e-mail), or the client made when it was accepted; null for an enquirer. */
  clientId: z.number().nullable(),
  serviceName: z.string(),
  durationMinutes: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The time the team proposed instead (amended). */
  proposedStartsAt: z.string().nullable(),
  proposedEndsAt: z.string().nullable(),
  /** What the team wrote to the requester when amending or declining. */
  replyMessage: z.string(),
  /** Why it was declined (kept for the team; never sent). */
  declineReason: z.string(),
  /** The session it became once accepted. */
  sessionId: z.number().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const sessionRequestsQuerySchema = z.strictObject({
  /** `open` (default): waiting for the team or the requester; `all`: with the answered ones. */
  status: z.enum(['open', 'all'], { error: 'Ask for open or all requests.' }).optional().default('open'),
});
export type SessionRequestsQuery = z.input<typeof sessionRequestsQuerySchema>;

export const acceptRequestBodySchema = z.strictObject({
  locationKind: z
    .enum(SESSION_LOCATION_KINDS, { error: 'Choose in person, video or phone.' })
    .optional()
    .default('in person'),
  location: optionalText(500),
  /** A video session's meeting link (https://): the requester's confirmation carries it; ignored for other kinds. */
  videoLink: videoLinkField,
  /** E-mail the requester that the session is confirmed. */
  notifyRequester: z.boolean().optional().default(true),
  ignoreConflicts: ignoreConflictsField,
  version: versionField('Reload and try again.'),
});
export type AcceptRequestBody = z.input<typeof acceptRequestBodySchema>;

export const amendRequestBodySchema = z.strictObject({
  startsAt: instantInRange('the new time', DATE_RANGES.upcoming, 'Choose the new date and time.'),
  durationMinutes: durationField,
  message: optionalText(BOOKING_TEXT_MAX.message),
  version: versionField('Reload and try again.'),
});
export type AmendRequestBody = z.input<typeof amendRequestBodySchema>;

export const rejectRequestBodySchema = z.strictObject({
  reason: requiredText(BOOKING_TEXT_MAX.reason, 'Say why, for the team’s record.'),
  /** Sent to the requester with the answer. */
  message: optionalText(BOOKING_TEXT_MAX.message),
  version: versionField('Reload and try again.'),
});
export type RejectRequestBody = z.input<typeof rejectRequestBodySchema>;

export const shareBookingLinkBodySchema = z
  .strictObject({
    /** The link's slug (the practice's or a member's). */
    slug: slugField,
    /** Send it to this client (their e-mail address) ... */
    clientId: idField('Choose a client.')
      .nullish()
      .transform((value) => value ?? null),
    /** ... or to this address. */
    email: contactEmailField.transform((value) => value ?? null),
    message: optionalText(BOOKING_TEXT_MAX.message),
  })
  .refine((body) => body.clientId !== null || body.email !== null, {
    message: 'Choose a client or enter an e-mail address.',
    path: ['email'],
  });
export type ShareBookingLinkBody = z.input<typeof shareBookingLinkBodySchema>;

// ---- the public booking page ------------------------------------------------------------------------------------------

export const bookableServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  durationMinutes: z.number(),
  /** The fee in minor units of `currency`. */
  priceMinor: z.number(),
  currency: z.string(),
});
export type BookableService = z.infer<typeof bookableServiceSchema>;

const serviceIdField = idField(BOOKING_MESSAGES.serviceNotOffered);

export const publicBookingPageSchema = z.object({
  practiceName: z.string(),
  /** The practice's time zone (the page shows times in the visitor's own and names this one). */
  timeZone: z.string(),
  /** The member this link books with; null: any of `therapists`. */
  therapist: z.object({ id: z.number(), name: z.string() }).nullable(),
  therapists: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The practice's services marked "Booked online" (Settings > Services), by name: length and fee. */
  services: z.array(bookableServiceSchema),
  minimumNoticeHours: z.number(),
  maxDaysAhead: z.number(),
});
export type PublicBookingPage = z.infer<typeof publicBookingPageSchema>;

export const publicSlotsQuerySchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true, error: 'Send the start of the range as a date and time.' }),
    to: z.iso.datetime({ offset: true, error: 'Send the end of the range as a date and time.' }),
    serviceId: decimal(
      z.coerce
        .number({ error: BOOKING_MESSAGES.serviceNotOffered })
        .int(BOOKING_MESSAGES.serviceNotOffered)
        .positive(BOOKING_MESSAGES.serviceNotOffered)
        .max(INT_MAX, BOOKING_MESSAGES.serviceNotOffered),
    ),
    therapistId: decimal(
      z.coerce
        .number({ error: 'Choose a therapist.' })
        .int('Choose a therapist.')
        .positive('Choose a therapist.')
        .max(INT_MAX, 'Choose a therapist.'),
    ).optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: BOOKING_MESSAGES.endBeforeStart, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= SLOTS_RANGE_DAYS_MAX * 86_400_000, {
    message: BOOKING_MESSAGES.rangeTooLong,
    path: ['to'],
  });
export type PublicSlotsQuery = z.input<typeof publicSlotsQuerySchema>;

export const publicSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string(), therapistId: z.number() });
export type PublicSlot = z.infer<typeof publicSlotSchema>;
export const publicSlotsSchema = z.object({ items: z.array(publicSlotSchema) });

export const publicRequestBodySchema = z.strictObject({
  serviceId: serviceIdField,
  therapistId: idField('Choose a therapist.'),
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a time.' }),
  name: requiredText(BOOKING_TEXT_MAX.name, 'Enter your name.'),
  email: emailField,
  phone: phoneField.transform((value) => value ?? ''),
  message: optionalText(BOOKING_TEXT_MAX.message),
  /** Left empty by people; a bot that fills every field fills it too (a honeypot: the page hides it). */
  website: z.string().max(500).optional().default(''),
});
export type PublicRequestBody = z.input<typeof publicRequestBodySchema>;

export const publicAmendedRequestSchema = z.object({
  practiceName: z.string(),
  therapistName: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  message: z.string(),
  timeZone: z.string(),
});
export type PublicAmendedRequest = z.infer<typeof publicAmendedRequestSchema>;

// ---- routes -----------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
const slugParams = z.strictObject({ slug: slugField });
const tokenParams = z.strictObject({ token: tokenField });

export const bookingRoutes = defineRoutes({
  listAvailability: {
    method: 'GET',
    path: '/api/settings/appointments/availability',
    summary:
      "The practice's availability (each member's weekly hours), ordered by the first day's dayIndex (0 Monday .. 6 " +
      'Sunday), missing last (SPEC.md §5); every role reads it (the Schedule shades it)',
    access: ALL_ROLES,
    response: z.object({ items: z.array(availabilitySchema) }),
  },
  getAvailability: {
    method: 'GET',
    path: '/api/settings/appointments/single-availability/:id',
    summary: 'One availability entry',
    access: ALL_ROLES,
    params: idParams,
    response: availabilitySchema,
  },
  createAvailability: {
    method: 'POST',
    path: '/api/settings/appointments/availability',
    summary: "Add weekly hours for a member (a Therapist sets their own; an Admin anyone's)",
    access: CLINICAL_ROLES,
    body: createAvailabilityBodySchema,
    response: availabilitySchema,
  },
  updateAvailability: {
    method: 'PUT',
    path: '/api/settings/appointments/single-availability/:id',
    summary: 'Change weekly hours (send the version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateAvailabilityBodySchema,
    response: availabilitySchema,
  },
  deleteAvailability: {
    method: 'DELETE',
    path: '/api/settings/appointments/single-availability/:id',
    summary: 'Delete weekly hours',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  getBookingRules: {
    method: 'GET',
    path: '/api/settings/appointments/requests',
    summary:
      'The online-booking rules (SPEC.md §3 appointment request config): bookable or not, buffers, minimum notice, how ' +
      'far ahead, the services and therapists offered, and the booking links (the practice’s and each therapist’s)',
    access: ALL_ROLES,
    response: bookingRulesSchema,
  },
  updateBookingRules: {
    method: 'PUT',
    path: '/api/settings/appointments/requests',
    summary: 'Save the online-booking rules (version 0 the first time; a stale version or a used address answers 409)',
    access: CLINICAL_ROLES,
    errors: [409],
    body: bookingRulesBodySchema,
    response: bookingRulesSchema,
  },
  shareBookingLink: {
    method: 'POST',
    path: '/api/appointments/booking-link/share',
    summary:
      'E-mail a booking link to a client (Admin and Therapist; 404 for a client not of the practice) or an address',
    access: ALL_ROLES,
    errors: [404],
    body: shareBookingLinkBodySchema,
    response: messageSchema,
  },
  listSessionRequests: {
    method: 'GET',
    path: '/api/appointments/requests/retrieve',
    summary:
      'Session requests from the booking page, newest first (at most 100): open ones (waiting for the team, or for the ' +
      'requester to accept a new time) unless status=all',
    access: ALL_ROLES,
    query: sessionRequestsQuerySchema,
    response: z.object({ items: z.array(sessionRequestSchema) }),
  },
  getSessionRequest: {
    method: 'GET',
    path: '/api/appointments/single-request/retrieve/:id',
    summary: 'One session request',
    access: ALL_ROLES,
    params: idParams,
    response: sessionRequestSchema,
  },
  acceptSessionRequest: {
    method: 'POST',
    path: '/api/appointments/single-request/accept/:id',
    summary:
      'Accept a request: it becomes a session in the diary (with a new enquiry client when the requester is not one ' +
      'yet) and the requester is e-mailed; 409 naming the clash when the time is taken (booked over it with ' +
      'ignoreConflicts where the practice allows double-booking), or when the request was answered meanwhile',
    access: ALL_ROLES,
    errors: [409],
    params: idParams,
    body: acceptRequestBodySchema,
    response: sessionRequestSchema,
  },
  amendSessionRequest: {
    method: 'POST',
    path: '/api/appointments/single-request/amend/:id',
    summary: 'Propose another time: the requester is e-mailed a link that accepts it in one click',
    access: ALL_ROLES,
    errors: [409],
    params: idParams,
    body: amendRequestBodySchema,
    response: sessionRequestSchema,
  },
  rejectSessionRequest: {
    method: 'POST',
    path: '/api/appointments/single-request/reject/:id',
    summary: 'Decline a request with a reason (kept) and a message (e-mailed to the requester)',
    access: ALL_ROLES,
    errors: [409],
    params: idParams,
    body: rejectRequestBodySchema,
    response: sessionRequestSchema,
  },
  publicBookingPage: {
    method: 'GET',
    path: '/api/book/:slug',
    summary:
      'A public booking page: the practice, the therapists and the services offered (404 when not taking bookings)',
    access: 'public',
    params: slugParams,
    response: publicBookingPageSchema,
  },
  publicBookingSlots: {
    method: 'GET',
    path: '/api/book/:slug/slots',
    summary:
      'Free start times of a service between two instants (at most 15 days): availability less busy time, buffers, ' +
      "minimum notice and how far ahead; only times, never bookings. With `therapistId`, that member's; on the " +
      "practice's link without it (anyone), each time once, with the member free then who is least busy in the range",
    access: 'public',
    params: slugParams,
    query: publicSlotsQuerySchema,
    response: publicSlotsSchema,
  },
  publicBookingRequest: {
    method: 'POST',
    path: '/api/book/:slug/request',
    summary: 'Request a free time: the team is told, the requester gets a confirmation e-mail (rate limited)',
    access: 'public',
    errors: [409],
    params: slugParams,
    body: publicRequestBodySchema,
    response: messageSchema,
  },
  publicAmendedRequest: {
    method: 'GET',
    path: '/api/booking-requests/:token',
    summary: 'The new time a practice proposed, from the link e-mailed to the requester',
    access: 'public',
    errors: [410],
    params: tokenParams,
    response: publicAmendedRequestSchema,
  },
  acceptAmendedRequest: {
    method: 'POST',
    path: '/api/booking-requests/:token/accept',
    summary: 'Accept the proposed time in one click: the session is booked and both sides are told',
    access: 'public',
    errors: [409, 410],
    params: tokenParams,
    response: messageSchema,
  },
});
