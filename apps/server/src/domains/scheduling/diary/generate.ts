import { NO_RECURRENCE, type AppointmentKind, type Recurrence } from '@halcyon/api/contract';
import { dayIn, instantOfWallClock } from '@halcyon/api/time';
import { DAY, HOUR, insertRows } from '../../../platform/db/generate-helpers';
import type { ClinicalGeneration } from '../../clients/generate';
import { busyRanges, type Range } from './busy';
import { occurrences } from './recurrence';
import { appointments, schedulingPreferences } from './schema';

/** A generated practice has no practice_details row, so it runs on the default time zone. */
const TIME_ZONE = 'Europe/London';
/** Hours an appointment may start at when its own is taken, in order of preference. */
const HOURS = [12, 13, 8, 17, 18, 9, 16, 10, 14, 11, 15, 19];

interface Plan {
  kind: AppointmentKind;
  title: string;
  /** Days from the Monday of the base day's week (0 = that Monday). */
  weekday: number;
  hour: number;
  minutes: number;
  recurrence: Recurrence;
  allDay?: boolean;
  notes?: string;
}

/** Each clinician's standing diary: supervision, admin, a team meeting, lunch breaks; one of them a training day. */
function plansFor(index: number, rng: ClinicalGeneration['rng']): Plan[] {
  const weekly = (count: number): Recurrence => ({ frequency: 'weekly', count, until: null });
  const plans: Plan[] = [
    {
      kind: 'appointment',
      title: 'Supervision',
      weekday: rng.int(1, 3),
      hour: 12,
      minutes: 60,
      recurrence: { frequency: 'fortnightly', count: 6, until: null },
      notes: 'Bring two cases to discuss.',
    },
    { kind: 'appointment', title: 'Admin and notes', weekday: 4, hour: 16, minutes: 60, recurrence: weekly(8) },
    { kind: 'appointment', title: 'Team meeting', weekday: 0, hour: 8, minutes: 45, recurrence: weekly(8) },
    { kind: 'blocked time', title: 'Lunch', weekday: 1, hour: 13, minutes: 60, recurrence: weekly(8) },
    { kind: 'blocked time', title: 'Lunch', weekday: 3, hour: 13, minutes: 60, recurrence: weekly(8) },
  ];
  if (index === 0) {
    plans.push({
      kind: 'blocked time',
      title: 'Training day',
      weekday: 9,
      hour: 0,
      minutes: 0,
      recurrence: NO_RECURRENCE,
      allDay: true,
    });
  }
  if (rng.chance(0.5)) {
    plans.push({
      kind: 'blocked time',
      title: 'School run',
      weekday: rng.int(7, 11),
      hour: 15,
      minutes: 60,
      recurrence: NO_RECURRENCE,
    });
  }
  return plans;
}

const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/**
 * The diary beside the sessions: for every clinician, this week and the next (and a few weeks on, as series) hold
 * supervision, admin, a team meeting, lunch breaks and blocked time, each at a time their sessions leave free (never a
 * clash: the busy-time table would refuse one). The demo practice allows double-booking, so its "book anyway" shows.
 * Runs after the sessions (it reads their busy time).
 */
export async function generateDiary(g: ClinicalGeneration, options: { demo?: boolean } = {}): Promise<void> {
  const { db, rng, practiceId } = g;
  const baseDay = dayIn(new Date(g.base), TIME_ZONE);
  const weekday = (new Date(`${baseDay}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = Date.parse(`${baseDay}T00:00:00Z`) - weekday * DAY;
  const windowStart = new Date(monday - DAY);
  const windowEnd = new Date(monday + 12 * 7 * DAY);
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (const [index, therapistId] of g.clinicians.entries()) {
    const taken: Range[] = (await busyRanges(db, practiceId, [therapistId], windowStart, windowEnd)).map(
      ({ start, end }) => ({
        start,
        end,
      }),
    );
    for (const plan of plansFor(index, rng)) {
      // Where it may go when its own time is taken: other hours of its day, or (a whole day) the next days.
      const tries = plan.allDay
        ? [0, 1, 2, 3, 4].map((later) => ({ weekday: plan.weekday + later, hour: 0 }))
        : [plan.hour, ...HOURS.filter((h) => h !== plan.hour)].map((hour) => ({ weekday: plan.weekday, hour }));
      for (const { weekday: offset, hour } of tries) {
        const date = new Date(monday + offset * DAY);
        const wall = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
        const first = instantOfWallClock({ ...wall, hour }, TIME_ZONE);
        const ranges = occurrences(first, plan.recurrence, TIME_ZONE).map((start) => ({
          start,
          end: plan.allDay
            ? instantOfWallClock({ ...wall, day: wall.day + 1 }, TIME_ZONE)
            : new Date(start.getTime() + plan.minutes * 60_000),
        }));
        if (ranges.some((r) => taken.some((t) => overlaps(r, t)))) continue;
        taken.push(...ranges);
        const seriesId = ranges.length > 1 ? rng.uuid() : null;
        const bookedAt = new Date(Math.min(monday - rng.int(3, 20) * DAY + rng.int(9, 17) * HOUR, g.base - HOUR));
        for (const r of ranges) {
          rows.push({
            practiceId,
            kind: plan.kind,
            title: plan.title,
            startsAt: r.start,
            endsAt: r.end,
            allDay: plan.allDay ?? false,
            seriesId,
            recurrence: plan.recurrence.frequency,
            notes: plan.notes ?? '',
            therapistId,
            createdBy: therapistId,
            createdAt: bookedAt,
            updatedAt: bookedAt,
          });
        }
        break;
      }
    }
  }
  await insertRows(db, appointments, rows);
  if (options.demo) {
    await db
      .insert(schedulingPreferences)
      .values({ practiceId, allowDoubleBooking: true })
      .onConflictDoUpdate({ target: schedulingPreferences.practiceId, set: { allowDoubleBooking: true } });
  }
}
