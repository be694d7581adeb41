import { compareDays, DEFAULT_BOOKING_RULES, slugOf, type AvailabilityDay } from '@halcyon/api/contract';
import { DAY, insertRows } from '../../../platform/db/generate-helpers';
import { bookableServices } from '../../billing/settings';
import type { ClinicalGeneration } from '../../clients/generate';
import { busyRanges } from '../diary';
import { freeSlug } from './rules';
import { appointmentAvailability, bookingLinks, bookingRules, sessionRequests } from './schema';
import { freeSlots } from './slots';

/** A generated practice has no practice_details row, so it runs on the default time zone. */
const TIME_ZONE = 'Europe/London';

const practiceSlug = (name: string) => (slugOf(name).length >= 3 ? slugOf(name) : 'practice');

/** Weekly hours a clinician may keep: weekdays, with a late day or a Saturday morning now and then. */
const PATTERNS: readonly AvailabilityDay[][] = [
  [0, 1, 2, 3, 4].map((dayIndex) => ({ dayIndex, startTime: '09:00', endTime: '17:00' })),
  [
    ...[0, 1, 3].map((dayIndex) => ({ dayIndex, startTime: '10:00', endTime: '18:00' })),
    { dayIndex: 2, startTime: '12:00', endTime: '20:00' },
  ],
  [
    ...[1, 2, 3, 4].map((dayIndex) => ({ dayIndex, startTime: '08:00', endTime: '16:00' })),
    { dayIndex: 5, startTime: '09:00', endTime: '12:00' },
  ],
];

const REQUESTERS = [
  ['Jordan', 'Blake'],
  ['Alex', 'Morgan'],
  ['Sam', 'Taylor'],
  ['Robin', 'Ellis'],
  ['Charlie', 'Quinn'],
  ['Jamie', 'Harper'],
] as const;
const MESSAGES = [
  'I have been struggling with anxiety at work and would like to talk to someone.',
  'My GP suggested counselling. Evenings suit me best, but I can be flexible.',
  '',
  'Looking for support after a bereavement earlier this year.',
];

/**
 * Online booking for a generated practice: weekly hours for each clinician, the booking rules turned on with the
 * practice's address and one per clinician, and pending requests in the days after `base` (two for a small practice,
 * more as it grows), each at a time still free in the clinician's diary, so the demo's "accept" books it.
 */
export async function generateBooking(g: ClinicalGeneration, practice: { name: string }): Promise<void> {
  const { db, rng, practiceId, base, clinicians } = g;
  if (clinicians.length === 0) return;
  await insertRows(
    db,
    appointmentAvailability,
    clinicians.map((therapistId, i) => ({
      practiceId,
      therapistId,
      // In week order, as a saved availability keeps them: the list and Settings read the days in stored order.
      days: [...PATTERNS[i % PATTERNS.length]!].sort(compareDays),
      location: i % 2 === 0 ? 'Room 1' : 'Room 2',
      // Every column is set, times included, so one seed always makes the same rows.
      createdAt: new Date(base - 30 * DAY),
      updatedAt: new Date(base - 30 * DAY),
    })),
  );
  await db.insert(bookingRules).values({
    practiceId,
    ...DEFAULT_BOOKING_RULES,
    enabled: true,
    minimumNoticeHours: 12,
    therapistIds: [],
  });
  await db
    .insert(bookingLinks)
    .values({ practiceId, therapistId: null, slug: await freeSlug(db, practiceSlug(practice.name)) });
  for (const therapistId of clinicians) {
    await db
      .insert(bookingLinks)
      .values({ practiceId, therapistId, slug: await freeSlug(db, `therapist-${practiceId}-${therapistId}`) });
  }

  const wanted = Math.max(2, Math.ceil(g.clients.length / 250));
  const from = new Date(base + DAY);
  const to = new Date(base + 11 * DAY);
  const busy = await busyRanges(db, practiceId, clinicians, from, to);
  // The requests ask for the shortest session offered online (the billing settings' services, generated before).
  const service = (await bookableServices(db, practiceId))
    .filter((s) => s.durationMinutes !== null)
    .sort((a, b) => a.durationMinutes! - b.durationMinutes! || a.id - b.id)[0];
  if (!service) return;
  const requests: (typeof sessionRequests.$inferInsert)[] = [];
  for (let i = 0; i < wanted; i += 1) {
    const therapistId = clinicians[i % clinicians.length]!;
    const windows = PATTERNS[clinicians.indexOf(therapistId) % PATTERNS.length]!.map((d) => ({ ...d, therapistId }));
    const taken = [
      ...busy,
      ...requests.map((r) => ({ therapistId: r.therapistId!, start: r.startsAt, end: r.endsAt })),
    ];
    const slots = freeSlots({
      windows,
      busy: taken,
      rules: {
        durationMinutes: service.durationMinutes!,
        stepMinutes: 60,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 10,
        minimumNoticeHours: 0,
        maxDaysAhead: 30,
      },
      timeZone: TIME_ZONE,
      from,
      to,
      now: from,
    });
    if (slots.length === 0) continue;
    const slot = slots[rng.int(0, Math.min(slots.length, 40) - 1)]!;
    const [first, last] = rng.pick(REQUESTERS);
    const asked = new Date(base - rng.int(1, 48) * 3_600_000);
    requests.push({
      practiceId,
      therapistId,
      serviceName: service.name,
      serviceId: service.id,
      startsAt: slot.start,
      endsAt: slot.end,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}.${practiceId}-${i}@enquiry.example`,
      phone: `07700 9${String(rng.int(0, 99999)).padStart(5, '0')}`,
      message: rng.pick(MESSAGES),
      createdAt: asked,
      updatedAt: asked,
    });
  }
  if (requests.length > 0) await db.insert(sessionRequests).values(requests);
}
