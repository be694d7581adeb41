import type {
  CancelledBy,
  ClientKind,
  RecurrenceFrequency,
  SessionLocationKind,
  SessionNoteTemplate,
  SessionStatus,
} from '@halcyon/api/contract';
import { SESSION_NOTE_TEMPLATE_SECTIONS, holdsTime } from '@halcyon/api/contract';
import { instantOfWallClock } from '@halcyon/api/time';
import { DAY, HOUR, insertRows, insertRowsReturningIds, weighted, type Rng } from '../../platform/db/generate-helpers';
import type { CareConcern, ClinicalGeneration, GeneratedClient } from '../clients/generate';
import {
  clientSessions,
  otherServices,
  privateSessionNotes,
  sessionCancellations,
  sessionNoteAddenda,
  sessionNotes,
} from './schema';

/** A generated practice has no practice_details row, so it runs on the default time zone. */
const TIME_ZONE = 'Europe/London';
/** Session start times: on the hour from 08:00 to 20:00, practice time. */
const FIRST_HOUR = 8;
const SLOTS = 13;
/** How many working days (Monday to Saturday) a session may move on when its day is full. */
const DAYS_TO_TRY = 6;

const pickPastStatus = weighted<SessionStatus>([
  ['attended', 82],
  ['late', 4],
  ['did not attend', 4],
  ['late cancellation', 3],
  ['cancelled', 7],
]);
const pickLocation = weighted<SessionLocationKind>([
  ['in person', 55],
  ['video', 37],
  ['phone', 8],
]);
const pickTemplate = weighted<SessionNoteTemplate>([
  ['SOAP', 35],
  ['DAP', 25],
  ['BIRP', 15],
  ['free', 25],
]);
const pickCancelledBy = weighted<CancelledBy>([
  ['client', 75],
  ['therapist', 15],
  ['practice', 10],
]);
/** Preferred start slot (0 = 08:00): the middle of the day and the early evening fill first. */
const pickSlot = weighted<number>([
  [0, 4],
  [1, 9],
  [2, 10],
  [3, 10],
  [4, 7],
  [5, 8],
  [6, 9],
  [7, 9],
  [8, 9],
  [9, 10],
  [10, 9],
  [11, 6],
  [12, 3],
]);

/**
 * A session's price by its service, in pence (a cancellation rule's percentage fee is a share of it); the billing
 * settings generator makes the practice's services from it, so sessions and services agree.
 */
export const PRICES: Readonly<Record<string, number>> = {
  'Initial assessment': 8_000,
  'Individual session': 6_500,
  'Couples session': 9_500,
  'Family session': 11_000,
  'Group session': 3_000,
};

/** By client kind; "Individual session" is the schedule modal's default service. */
const SERVICES: Readonly<Record<ClientKind, string>> = {
  individual: 'Individual session',
  couple: 'Couples session',
  family: 'Family session',
  group: 'Group session',
};
const ROOMS = ['Room 1', 'Room 2', 'Garden room'];
const CANCEL_REASONS: Readonly<Record<CancelledBy, readonly string[]>> = {
  client: ['Unwell', 'Work commitment', 'Childcare fell through', 'Travel disruption', 'Family emergency'],
  therapist: ['Therapist unwell', 'Therapist on a training day'],
  practice: ['Room unavailable', 'Building closed for repairs'],
};
/** General notes (not about one session): a title and what it says. */
const GENERAL_NOTES: readonly (readonly [string, string])[] = [
  [
    'Telephone call with GP',
    'Spoke to the GP about current medication and risk; agreed to send the assessment summary, with consent.',
  ],
  ['Liaison with referrer', 'Updated the referrer on attendance and progress, with the client’s consent.'],
  [
    'Supervision reflection',
    'Discussed the work in supervision; agreed to revisit the focus of therapy at the next plan review.',
  ],
  ['Letter received from the insurer', 'The insurer confirmed a further block of sessions.'],
  ['Email from client', 'The client wrote to say the last session had been helpful and asked for a later time.'],
];
const OTHER_SERVICES = [
  ['Report writing', 60, 9000],
  ['Letter to GP', 30, 4500],
  ['Insurance report', 45, 7500],
  ['Court report preparation', 90, 15000],
] as const;

/** Sentences a note draws from: what the client brought, by concern, then the rest of the session. */
const BROUGHT: Readonly<Record<CareConcern, readonly string[]>> = {
  depression: [
    'Reported low mood on most days since the last session and difficulty getting going in the mornings.',
    'Said their mood had lifted a little after seeing a friend at the weekend.',
    'Described feeling flat and withdrawn, and sleeping more than usual.',
    'Noticed fewer days spent in bed this week and managed two short walks.',
  ],
  anxiety: [
    'Described worrying about work most evenings and finding it hard to switch off.',
    'Had a panic attack on the train on Tuesday and left at the next stop.',
    'Reported that the worry diary showed most worries were about things outside their control.',
    'Managed a team meeting without leaving early, which they had been avoiding.',
  ],
  trauma: [
    'Reported two nightmares this week and feeling on edge afterwards.',
    'Noticed being startled by loud noises at work and leaving the room.',
    'Said the grounding exercise helped when a memory came up unexpectedly.',
    'Talked about avoiding the road where the accident happened.',
  ],
  grief: [
    'Spoke about the anniversary coming up and dreading the day.',
    'Said they had started sorting through their mother’s belongings.',
    'Described waves of sadness at unexpected moments, for example in the supermarket.',
    'Visited the grave for the first time since the funeral.',
  ],
  relationships: [
    'Both described a calmer fortnight with fewer arguments about money.',
    'Reported an argument at the weekend that ended with neither speaking for a day.',
    'Had tried the agreed weekly check-in and found it awkward but useful.',
    'Spoke about feeling unheard when decisions about the children are made.',
  ],
  stress: [
    'Described long working hours and struggling to take breaks.',
    'Had spoken to their manager about workload, which went better than expected.',
    'Reported headaches and poor sleep in a busy week.',
    'Took a full weekend off work for the first time in months.',
  ],
};
const OBSERVED = [
  'Appeared tired but engaged well throughout; good eye contact.',
  'Calm and reflective; spoke freely and at length.',
  'Tearful at times, settled as the session went on.',
  'Restless at the start, more settled by the end.',
  'Bright and animated; arrived on time.',
];
const ASSESSED = [
  'Gradual improvement since the last review; no new risk disclosed.',
  'Mood remains low but stable; risk reviewed and unchanged.',
  'Good use of the strategies practised; progress towards the goals of the plan.',
  'A setback this week in the context of stress at work; no change in risk.',
  'Engaging well with the work; motivation is good.',
];
const INTERVENED = [
  'Used cognitive restructuring on a recent worry and drew up a balanced thought.',
  'Explored the link between avoidance and mood, and planned small steps.',
  'Practised paced breathing and a grounding exercise in the session.',
  'Reviewed the activity diary and scheduled two valued activities.',
  'Worked on communication skills with a recent disagreement as the example.',
];
const RESPONDED = [
  'Engaged well and could name two alternative thoughts.',
  'Found the exercise difficult at first, then said it helped.',
  'Agreed to try the strategy before the next session.',
  'Reflected that the pattern felt familiar from earlier in life.',
];
const PLANNED = [
  'Continue weekly sessions; practise the breathing exercise daily.',
  'Complete a thought record before the next session.',
  'Carry on with the activity schedule and review it next time.',
  'Review the treatment plan goals at the next session.',
  'Repeat the PHQ-9 and GAD-7 next session.',
];
const MISSED = {
  'did not attend': [
    'Client did not attend and did not call. Sent a letter offering another appointment.',
    'Did not attend. Phoned and left a message; no risk concerns known.',
  ],
  'late cancellation': [
    'Cancelled on the day because of illness. Fee applied as per the agreement.',
    'Late cancellation by text message; rearranged for next week.',
  ],
};
const PRIVATE = [
  'Noticed my own frustration when they dismissed the exercise: take to supervision.',
  'Possible link with the father relationship; hold lightly and wait.',
  'Felt the session was hurried; check whether the time still suits them.',
];
const ADDENDA = [
  'Addendum: the client phoned afterwards to correct the date of the appointment mentioned above.',
  'Addendum: GP letter received confirming the change of medication discussed in this session.',
  'Addendum: a typing error above: the dose mentioned is 50 mg, not 15 mg.',
];

const paragraph = (text: string) => `<p>${text}</p>`;

/** A note's HTML in the template's sections, made of sentences that fit the client's concern. */
function noteHtml(rng: Rng, template: SessionNoteTemplate, concern: CareConcern): string {
  const brought = rng.pick(BROUGHT[concern]);
  const bySection: Readonly<Record<string, string>> = {
    Subjective: brought,
    Data: `${brought} ${rng.pick(OBSERVED)}`,
    Behaviour: `${brought} ${rng.pick(OBSERVED)}`,
    Objective: rng.pick(OBSERVED),
    Assessment: rng.pick(ASSESSED),
    Intervention: rng.pick(INTERVENED),
    Response: rng.pick(RESPONDED),
    Plan: rng.pick(PLANNED),
  };
  const sections = SESSION_NOTE_TEMPLATE_SECTIONS[template];
  if (sections.length === 0) return paragraph(`${brought} ${rng.pick(INTERVENED)} ${rng.pick(PLANNED)}`);
  return sections.map((heading) => `<h3>${heading}</h3>${paragraph(bySection[heading] ?? '')}`).join('');
}

/** The UTC instants of each day's local midnight, computed once per day. */
function localMidnights(): (day: number) => number {
  const cache = new Map<number, number>();
  return (day) => {
    let midnight = cache.get(day);
    if (midnight === undefined) {
      const d = new Date(day);
      midnight = instantOfWallClock(
        { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
        TIME_ZONE,
      ).getTime();
      cache.set(day, midnight);
    }
    return midnight;
  };
}

/** Each therapist's booked hours, so no two sessions that hold their time overlap (the service's conflict rule). */
class Diary {
  private readonly booked = new Map<number, Set<number>>();

  /**
   * The first free (day, slot) from the wanted one: other hours that day, then the next working days up to `lastDay`;
   * null if all are full.
   */
  book(therapistId: number, day: number, slot: number, lastDay: number): { day: number; slot: number } | null {
    let taken = this.booked.get(therapistId);
    if (!taken) this.booked.set(therapistId, (taken = new Set()));
    let candidate = day;
    for (let tries = 0; tries < DAYS_TO_TRY && candidate <= lastDay; tries += 1) {
      for (let step = 0; step < SLOTS * 2; step += 1) {
        const offset = step % 2 === 0 ? step / 2 : -(step + 1) / 2;
        const s = slot + offset;
        if (s < 0 || s >= SLOTS) continue;
        const key = (candidate / DAY) * SLOTS + s;
        if (!taken.has(key)) {
          taken.add(key);
          return { day: candidate, slot: s };
        }
      }
      candidate += new Date(candidate).getUTCDay() === 6 ? 2 * DAY : DAY;
    }
    return null;
  }
}

interface PlannedSession {
  row: typeof clientSessions.$inferInsert;
  client: GeneratedClient;
  status: SessionStatus;
}

interface Booking {
  seriesId: string | null;
  recurrence: RecurrenceFrequency;
  /** When the booking was made: some days before its first session, and before the base day. */
  bookedAt: number;
}

/**
 * How each planned session was booked: the first on its own; then each run of weekly or fortnightly sessions, at most
 * twelve, as one recurring series; sessions every three or four weeks one at a time.
 */
function bookings(rng: Rng, days: readonly number[], base: number): Booking[] {
  const blocks: { frequency: RecurrenceFrequency; indexes: number[] }[] = [];
  days.forEach((day, k) => {
    const gap = k === 0 ? 0 : (day - days[k - 1]!) / DAY;
    const frequency: RecurrenceFrequency = gap === 7 ? 'weekly' : gap === 14 ? 'fortnightly' : 'none';
    const open = blocks[blocks.length - 1];
    if (k > 0 && open && frequency !== 'none' && open.frequency === frequency && open.indexes.length < 12) {
      open.indexes.push(k);
    } else blocks.push({ frequency: k === 0 ? 'none' : frequency, indexes: [k] });
  });
  const out: Booking[] = [];
  for (const { frequency, indexes } of blocks) {
    const recurring = frequency !== 'none' && indexes.length > 1;
    const first = days[indexes[0]!]!;
    const booking: Booking = {
      seriesId: recurring ? rng.uuid() : null,
      recurrence: recurring ? frequency : 'none',
      bookedAt: Math.min(first - rng.int(1, 10) * DAY + rng.int(9, 17) * HOUR, base - rng.int(1, 72) * HOUR),
    };
    for (let i = 0; i < indexes.length; i += 1) out.push(booking);
  }
  return out;
}

/** The client's sessions on the planned days of care: statuses, times in the therapist's diary, series and bookings. */
function planSessions(
  g: ClinicalGeneration,
  rng: Rng,
  client: GeneratedClient,
  therapistId: number,
  diary: Diary,
  midnight: (day: number) => number,
): PlannedSession[] {
  const care = client.care!;
  const individual = client.kind === 'individual';
  const service = SERVICES[client.kind];
  const minutes = individual ? 50 : 60;
  const locationKind = pickLocation(rng.random);
  const location = locationKind === 'in person' ? rng.pick(ROOMS) : '';
  const slot = pickSlot(rng.random);
  const booked = bookings(rng, care.days, g.base);
  const out: PlannedSession[] = [];
  care.days.forEach((day, k) => {
    const past = day < g.base;
    let status: SessionStatus = past ? pickPastStatus(rng.random) : rng.chance(0.03) ? 'cancelled' : 'scheduled';
    // Attendance of the last few days is not always marked yet.
    if (past && day >= g.base - 5 * DAY && status !== 'cancelled' && rng.chance(0.2)) status = 'scheduled';
    // A past session stays in the past (it has its attendance), so it may move on only up to the day before the base day.
    const lastDay = past ? g.base - DAY : Infinity;
    // Only a session that holds its therapist's time (the diary's rule) needs a free slot.
    const placed = holdsTime(status) ? diary.book(therapistId, day, slot, lastDay) : { day, slot };
    if (!placed) return;
    const startsAt = midnight(placed.day) + (FIRST_HOUR + placed.slot) * HOUR;
    const first = k === 0;
    const { seriesId, recurrence, bookedAt } = booked[k]!;
    // Attendance is marked an hour after the start; a cancellation comes a few days before (and before the base day).
    const cancelled = status === 'cancelled';
    const marked = cancelled || (past && status !== 'scheduled');
    const changedAt = cancelled
      ? Math.max(bookedAt, Math.min(startsAt - rng.int(1, 4) * DAY, g.base - HOUR))
      : startsAt + HOUR;
    const updatedAt = marked && changedAt < g.base ? changedAt : bookedAt;
    out.push({
      client,
      status,
      row: {
        practiceId: g.practiceId,
        clientId: client.id,
        therapistId,
        serviceName: first && individual ? 'Initial assessment' : service,
        priceMinor: PRICES[first && individual ? 'Initial assessment' : service] ?? null,
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + (first && individual ? 60 : minutes) * 60_000),
        locationKind,
        location,
        status,
        seriesId,
        recurrence,
        chargeFee:
          (status === 'did not attend' && rng.chance(0.7)) || (status === 'late cancellation' && rng.chance(0.6)),
        version: marked ? 2 : 1,
        createdBy: therapistId,
        createdAt: new Date(bookedAt),
        updatedAt: new Date(updatedAt),
      },
    });
  });
  return out;
}

/** A signed note is locked (status, signer, time, version 2 or more); a draft has none of those. */
function noteRow(
  g: ClinicalGeneration,
  rng: Rng,
  base: Pick<typeof sessionNotes.$inferInsert, 'clientId' | 'sessionId' | 'template' | 'title' | 'contentHtml'>,
  author: number,
  writtenAt: number,
  draft: boolean,
): typeof sessionNotes.$inferInsert {
  const signedAt = writtenAt + rng.int(1, 48) * HOUR;
  const signed = !draft && signedAt < g.base;
  return {
    practiceId: g.practiceId,
    ...base,
    status: signed ? 'signed' : 'draft',
    signedAt: signed ? new Date(signedAt) : null,
    signedBy: signed ? author : null,
    version: signed ? rng.int(2, 3) : rng.int(1, 2),
    createdBy: author,
    createdAt: new Date(writtenAt),
    updatedAt: new Date(signed ? signedAt : writtenAt),
  };
}

/**
 * Sessions for every client in care: past ones attended (mostly), missed or cancelled (with who and why), future ones
 * scheduled, in the therapist's working hours and never double-booked (a session whose therapist has no free hour within
 * a few days of its planned day is left out); a note for each session that took place (signed and locked, bar a few
 * recent drafts), a few private notes, addenda, general notes and other services.
 */
export async function generateSessions(g: ClinicalGeneration): Promise<void> {
  const { rng, db, practiceId } = g;
  const diary = new Diary();
  const midnight = localMidnights();
  const templateOf = new Map(g.clinicians.map((id) => [id, pickTemplate(rng.random)]));
  const planned: PlannedSession[] = [];
  for (const client of g.clients) {
    if (!client.care) continue;
    const therapistId = client.therapistId ?? rng.pick(g.clinicians);
    planned.push(...planSessions(g, rng, client, therapistId, diary, midnight));
  }
  const sessionIds = await insertRowsReturningIds(
    db,
    clientSessions,
    planned.map((p) => p.row),
  );

  const cancellations: (typeof sessionCancellations.$inferInsert)[] = [];
  const notes: (typeof sessionNotes.$inferInsert)[] = [];
  const privates: (typeof privateSessionNotes.$inferInsert)[] = [];
  planned.forEach(({ row, client, status }, i) => {
    const sessionId = sessionIds[i]!;
    const therapistId = row.therapistId!;
    if (status === 'cancelled') {
      const notify = rng.chance(0.6);
      const cancelledBy = pickCancelledBy(rng.random);
      cancellations.push({
        practiceId,
        clientId: client.id,
        sessionId,
        cancelledBy,
        reason: rng.pick(CANCEL_REASONS[cancelledBy]),
        notifyClient: notify,
        notifiedAt: notify ? row.updatedAt : null,
        recordedBy: therapistId,
        createdAt: row.updatedAt,
        updatedAt: row.updatedAt,
      });
      return;
    }
    const ended = row.endsAt.getTime();
    if (status === 'scheduled' || ended >= g.base) return;
    const missed = status === 'did not attend' || status === 'late cancellation';
    const template = missed ? 'free' : (templateOf.get(therapistId) ?? 'free');
    const contentHtml = missed ? paragraph(rng.pick(MISSED[status])) : noteHtml(rng, template, client.care!.concern);
    const recent = ended >= g.base - 10 * DAY;
    const draft = recent ? rng.chance(0.35) : rng.chance(0.003);
    const writtenAt = Math.min(ended + rng.int(5, 120) * 60_000, g.base - 60_000);
    notes.push(
      noteRow(
        g,
        rng,
        { clientId: client.id, sessionId, template, title: '', contentHtml },
        therapistId,
        writtenAt,
        draft,
      ),
    );
    if (!missed && rng.chance(0.04)) {
      privates.push({
        practiceId,
        clientId: client.id,
        sessionId,
        contentHtml: paragraph(rng.pick(PRIVATE)),
        createdBy: therapistId,
        createdAt: new Date(writtenAt),
        updatedAt: new Date(writtenAt),
      });
    }
  });

  const services: (typeof otherServices.$inferInsert)[] = [];
  for (const client of g.clients) {
    const care = client.care;
    if (!care || care.start >= g.base) continue;
    const author = client.therapistId ?? rng.pick(g.clinicians);
    const last = Math.min(care.end, g.base - DAY);
    const when = () => care.start + rng.int(0, Math.floor((last - care.start) / DAY)) * DAY;
    for (let n = rng.int(0, 4); n > 0; n -= 1) {
      const [title, text] = rng.pick(GENERAL_NOTES);
      const general = {
        clientId: client.id,
        sessionId: null,
        template: 'free' as const,
        title,
        contentHtml: paragraph(text),
      };
      notes.push(noteRow(g, rng, general, author, when() + rng.int(9, 17) * HOUR, rng.chance(0.1)));
    }
    if (rng.chance(0.05)) {
      const [name, durationMinutes, feeMinor] = rng.pick(OTHER_SERVICES);
      const date = when();
      services.push({
        practiceId,
        clientId: client.id,
        name,
        date: new Date(date).toISOString().slice(0, 10),
        durationMinutes,
        feeMinor,
        createdBy: author,
        createdAt: new Date(date + 17 * HOUR),
        updatedAt: new Date(date + 17 * HOUR),
      });
    }
  }

  const noteIds = await insertRowsReturningIds(db, sessionNotes, notes);
  const addenda: (typeof sessionNoteAddenda.$inferInsert)[] = [];
  notes.forEach((note, i) => {
    if (note.status !== 'signed' || !rng.chance(0.015)) return;
    const at = note.signedAt!.getTime() + rng.int(1, 30) * DAY;
    if (at >= g.base) return;
    addenda.push({
      practiceId,
      clientId: note.clientId,
      noteId: noteIds[i]!,
      contentHtml: paragraph(rng.pick(ADDENDA)),
      createdBy: note.signedBy,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
  });
  await insertRows(db, sessionCancellations, cancellations);
  await insertRows(db, privateSessionNotes, privates);
  await insertRows(db, sessionNoteAddenda, addenda);
  await insertRows(db, otherServices, services);
}
