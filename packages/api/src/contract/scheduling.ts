import { z } from 'zod';
import { DATE_RANGES, optionalDateInRange } from './dates';

/**
 * What every booking shares (sessions, appointments and blocked time): how it repeats, which part of a series an edit
 * reaches, and the messages of booking time. A small module of its own, so the diary and the sessions domain both read
 * it without loading each other's schemas; `domains/clientSessions.ts` re-exports it.
 */

/**
 * What an event in the diary is (the dashboard's today card reads it too, without the diary's schemas). `external busy`
 * is time a member is busy in an external calendar (Settings > Sync-external-calendar): shown, titled "Busy", never
 * opened or moved.
 */
export const DIARY_EVENT_KINDS = ['session', 'appointment', 'blocked time', 'external busy'] as const;
export type DiaryEventKind = (typeof DIARY_EVENT_KINDS)[number];
export const DIARY_EVENT_KIND_LABELS: Readonly<Record<DiaryEventKind, string>> = {
  session: 'Session',
  appointment: 'Appointment',
  'blocked time': 'Blocked time',
  'external busy': 'Busy in another calendar',
};
/** An external calendar's busy time as a diary event: its id (`external-3`, never opened) and its only title. */
export const externalBusyEventId = (id: number) => `external-${id}`;
export const EXTERNAL_BUSY_TITLE = 'Busy';

export const RECURRENCE_FREQUENCIES = ['none', 'weekly', 'fortnightly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const RECURRENCE_LABELS: Readonly<Record<RecurrenceFrequency, string>> = {
  none: 'Does not repeat',
  weekly: 'Weekly',
  fortnightly: 'Every two weeks',
  monthly: 'Monthly',
};
/** The most occurrences one schedule call creates (two years of weekly sessions). */
export const MAX_OCCURRENCES = 104;

/** What the server answers about booking time (any kind of event), in the words the forms show too. */
export const SCHEDULING_MESSAGES = {
  therapistNotMember: 'Choose a therapist who is an active member of your practice.',
  endBeforeStart: 'The end must be after the start.',
  untilBeforeFirst: 'The "until" date is before the first session: choose a later date.',
  untilBeforeFirstField: 'Choose a date on or after the first one.',
  tooMany: `That makes more than ${MAX_OCCURRENCES} occurrences: choose an earlier "until" date.`,
  tooManyField: `Choose a date that gives at most ${MAX_OCCURRENCES} occurrences.`,
} as const;

export const recurrenceSchema = z
  .strictObject({
    frequency: z.enum(RECURRENCE_FREQUENCIES, { error: 'Choose how often it repeats.' }),
    count: z
      .number({ error: 'Enter how many times.' })
      .int('Enter a whole number.')
      .min(1, 'Repeat at least once.')
      .max(MAX_OCCURRENCES, `Repeat at most ${MAX_OCCURRENCES} times.`)
      .nullish()
      .transform((value) => value ?? null),
    until: optionalDateInRange('the last date', DATE_RANGES.session).transform((value) => value ?? null),
  })
  .refine((r) => r.frequency === 'none' || r.count !== null || r.until !== null, {
    message: 'Say how many times it repeats, or until which date.',
    path: ['count'],
  });
export type Recurrence = z.output<typeof recurrenceSchema>;
export type RecurrenceInput = z.input<typeof recurrenceSchema>;

/** A booking that does not repeat. */
export const NO_RECURRENCE = { frequency: 'none', count: null, until: null } as const satisfies Recurrence;

/**
 * Book over a clash that was shown ("book anyway"): saved only where the practice allows double-booking (the diary's
 * 409 names the clash otherwise). The booking bodies of the diary, of sessions and of accepted requests share it.
 */
export const ignoreConflictsField = z.boolean().optional().default(false);

/** Which events of a recurring series a move, an edit or a deletion reaches (one-off events: always `this`). */
export const EDIT_SCOPES = ['this', 'following', 'all'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];
export const EDIT_SCOPE_LABELS: Readonly<Record<EditScope, string>> = {
  this: 'This event',
  following: 'This and following events',
  all: 'All events in the series',
};
