import { ApiError } from '../../client/errors';
import {
  DIARY_MESSAGES,
  diaryEventId,
  holdsTime,
  parseDiaryEventId,
  serviceColour,
  type Appointment,
  type DiaryEvent,
  type DiaryEventDetails,
  type SchedulingPreferences,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';
import { cancellationFeeHandler, LOCATIONS } from './appointmentPolicies';

/**
 * The diary of the week of Monday 12 January 2026 (practice time zone Europe/London) for stories and tests: sessions of
 * two therapists (one cancelled), a supervision appointment, an admin hour, blocked time and an all-day training day.
 */
export const DIARY_TIME_ZONE = 'Europe/London';

const TOMAS = { id: 2, name: 'Tomas Lindqvist' };
const AMARA = { id: 1, name: 'Amara Okafor' };

function session(
  id: number,
  start: string,
  minutes: number,
  extra: Partial<DiaryEvent> & { client: DiaryEvent['client'] },
): DiaryEvent {
  const title = extra.title ?? 'Individual therapy';
  return {
    id: diaryEventId('session', id),
    kind: 'session',
    startDateTimeUTC: start,
    endDateTimeUTC: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    allDay: false,
    title,
    therapist: TOMAS,
    locationKind: 'in person',
    location: 'Room 2',
    videoLink: null,
    status: 'scheduled',
    colour: serviceColour(title),
    seriesId: null,
    recurrence: 'none',
    doubleBooked: false,
    version: 1,
    ...extra,
  };
}

function appointment(
  id: number,
  kind: 'appointment' | 'blocked time',
  title: string,
  start: string,
  end: string,
  extra: Partial<DiaryEvent> = {},
): DiaryEvent {
  return {
    id: diaryEventId('appointment', id),
    kind,
    startDateTimeUTC: start,
    endDateTimeUTC: end,
    allDay: false,
    title,
    client: null,
    therapist: TOMAS,
    locationKind: null,
    location: '',
    videoLink: null,
    status: 'scheduled',
    colour: kind === 'blocked time' ? 'grey' : 'slate',
    seriesId: null,
    recurrence: 'none',
    doubleBooked: false,
    version: 1,
    ...extra,
  };
}

export const DIARY_EVENTS: DiaryEvent[] = [
  session(101, '2026-01-12T09:00:00.000Z', 50, { client: { id: 7, name: 'Morgan Adeyemi' } }),
  session(102, '2026-01-12T11:00:00.000Z', 50, {
    client: { id: 8, name: 'Priya Shah' },
    title: 'Couples therapy',
    locationKind: 'video',
    location: '',
    videoLink: 'https://meet.example.com/halcyon-102',
  }),
  session(103, '2026-01-12T14:00:00.000Z', 50, { client: { id: 9, name: 'Sam Whitfield' }, status: 'cancelled' }),
  session(104, '2026-01-13T10:00:00.000Z', 50, { client: { id: 10, name: 'Jo Marsh' }, therapist: AMARA }),
  appointment(201, 'appointment', 'Supervision', '2026-01-12T16:00:00.000Z', '2026-01-12T17:00:00.000Z', {
    seriesId: 'series-supervision',
    recurrence: 'fortnightly',
  }),
  appointment(202, 'appointment', 'Admin and notes', '2026-01-14T15:00:00.000Z', '2026-01-14T16:00:00.000Z'),
  appointment(203, 'blocked time', 'Lunch', '2026-01-13T12:00:00.000Z', '2026-01-13T13:00:00.000Z'),
  appointment(204, 'blocked time', 'Training day', '2026-01-15T00:00:00.000Z', '2026-01-16T00:00:00.000Z', {
    allDay: true,
    therapist: AMARA,
  }),
];

export const SCHEDULING_PREFERENCES: SchedulingPreferences = {
  allowDoubleBooking: false,
  reminderOffsetsMinutes: [1_440, 120],
  version: 1,
};

const details = (event: DiaryEvent): DiaryEventDetails => ({
  ...event,
  notes: event.kind === 'session' ? '' : 'Bring the case list.',
  seriesSize: event.seriesId ? 6 : 1,
  createdByName: event.therapist?.name ?? null,
  createdAt: '2026-01-02T09:00:00.000Z',
  updatedAt: '2026-01-02T09:00:00.000Z',
});

/**
 * Stateful mock answers for the diary: events overlapping the asked range (by start), one event and its details, booking
 * appends (409 naming the clash unless double-booking is allowed and `ignoreConflicts` is set), a move checks the version
 * and clashes, deletion answers SPEC.md §8's sentences, and the preferences save with their version.
 */
export function diaryHandlers(
  /** `preferences`: the ones that differ from SCHEDULING_PREFERENCES. */
  options: { events?: DiaryEvent[]; preferences?: Partial<SchedulingPreferences>; count?: number } = {},
): MockHandlers {
  const events = (options.events ?? DIARY_EVENTS).map((e) => structuredClone(e));
  let preferences: SchedulingPreferences = structuredClone({ ...SCHEDULING_PREFERENCES, ...options.preferences });
  let nextId = 900;
  const find = (id: string) => events.find((e) => e.id === id) ?? null;
  const clashOf = (therapistId: number | null, start: string, end: string, except?: string) =>
    events.find(
      (e) =>
        e.id !== except &&
        holdsTime(e.status) &&
        (e.therapist?.id ?? null) === therapistId &&
        e.startDateTimeUTC < end &&
        e.endDateTimeUTC > start,
    );
  const refuseClash = (clash: DiaryEvent | undefined, ignoreConflicts: boolean | undefined) => {
    if (!clash || (preferences.allowDoubleBooking && ignoreConflicts)) return;
    throw new ApiError(409, `That overlaps ${clash.title} (${clash.kind}). Choose another time.`);
  };
  return {
    // The practice's saved locations, which booking a session offers (Settings > Appointments keeps them).
    listAppointmentLocations: () => ({ items: structuredClone(LOCATIONS) }),
    // Copies, as a real answer is: a later write must not change what an earlier answer holds.
    retrieveDiaryEvents: ({ params, query }) => ({
      items: events
        .filter((e) => e.startDateTimeUTC <= params.endIso && e.endDateTimeUTC > params.startIso)
        .filter((e) => query?.therapistId === undefined || e.therapist?.id === Number(query.therapistId))
        .sort((a, b) => a.startDateTimeUTC.localeCompare(b.startDateTimeUTC) || a.id.localeCompare(b.id))
        .map((e) => structuredClone(e)),
      timeZone: DIARY_TIME_ZONE,
    }),
    retrieveDiaryEvent: ({ params }) => find(params.id),
    retrieveAppointment: ({ params }) => {
      const event = find(params.id);
      return event ? details(event) : null;
    },
    createAppointment: ({ body }) => {
      const therapistId = body.therapistId ?? TOMAS.id;
      refuseClash(clashOf(therapistId, body.startsAt, body.endsAt), body.ignoreConflicts);
      const id = (nextId += 1);
      const created: Appointment = {
        id,
        eventId: diaryEventId('appointment', id),
        kind: body.kind,
        title: body.title,
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        allDay: body.allDay ?? false,
        seriesId: null,
        recurrence: 'none',
        notes: body.notes ?? '',
        therapistId,
        clientId: body.clientId ?? null,
        doubleBooked: false,
        version: 1,
        createdAt: '2026-01-10T09:00:00.000Z',
      };
      events.push(
        appointment(id, body.kind, body.title, body.startsAt, body.endsAt, {
          therapist: therapistId === AMARA.id ? AMARA : TOMAS,
        }),
      );
      return { items: [created] };
    },
    moveDiaryEvent: ({ params, body }) => {
      const event = find(params.id);
      if (!event) return null;
      if (event.version !== body.version) throw new ApiError(409, DIARY_MESSAGES.eventChanged);
      refuseClash(clashOf(event.therapist?.id ?? null, body.startsAt, body.endsAt, event.id), body.ignoreConflicts);
      event.startDateTimeUTC = new Date(body.startsAt).toISOString();
      event.endDateTimeUTC = new Date(body.endsAt).toISOString();
      if (body.title !== undefined && event.kind !== 'session') event.title = body.title;
      event.version += 1;
      return { items: [event] };
    },
    deleteDiaryEvent: ({ params }) => {
      const event = find(params.id);
      if (!event) return null;
      if (parseDiaryEventId(event.id)?.source === 'session') throw new ApiError(409, DIARY_MESSAGES.sessionNotDeleted);
      events.splice(events.indexOf(event), 1);
      return {
        detail: event.kind === 'blocked time' ? DIARY_MESSAGES.blockedTimeDeleted : DIARY_MESSAGES.appointmentDeleted,
      };
    },
    appointmentsCount: () => ({ count: options.count ?? 2 }),
    // The cancellation policy's fee for the diary's sessions (the move dialog shows it before saving).
    getCancellationFee: cancellationFeeHandler((id) => {
      const event = find(diaryEventId('session', id));
      return event ? { id, startsAt: event.startDateTimeUTC } : null;
    }),
    getSchedulingPreferences: () => preferences,
    updateSchedulingPreferences: ({ body }) => {
      if (body.version !== preferences.version) throw new ApiError(409, DIARY_MESSAGES.preferencesChanged);
      preferences = { ...preferences, ...body, version: preferences.version + 1 };
      return preferences;
    },
  };
}
