import { sql } from 'drizzle-orm';
import type { ClinicalGeneration } from '../../clients/generate';
import { schedulingPreferences } from '../schema';
import { appointmentLocations, cancellationRules } from './schema';

/**
 * The appointment policies of a generated (and the demo) practice: an in-person room and video sessions, two
 * cancellation rules (half the price inside 24 hours, a fixed £20.00 inside 48 hours), reminders 24 and 2 hours before,
 * and the fees of the past sessions charged as missed or cancelled late (each session carries its service's price,
 * from the sessions generator, for percentage fees).
 */
export async function generatePolicies({ db, practiceId, rng, base }: ClinicalGeneration): Promise<void> {
  // Set up when the practice started using Halcyon: a year before the base day (a repeatable time, not now).
  const stamps = { createdAt: new Date(base - 365 * 86_400_000), updatedAt: new Date(base - 365 * 86_400_000) };
  // Streets no client address uses (clients' generator), so a room's address never reads as a client's.
  const street = rng.pick(['Harbour Street', 'Quay Road', 'Cathedral Walk', 'Orchard Row']);
  await db.insert(appointmentLocations).values([
    {
      practiceId,
      ...stamps,
      name: 'Practice rooms',
      kind: 'in person',
      address: `${rng.int(2, 90)} ${street}, Bristol BS1 ${rng.int(1, 9)}QA`,
      room: 'Room 2',
      instructions: 'Ring the bell marked Halcyon; the waiting area is on the first floor, with step-free access.',
    },
    {
      practiceId,
      ...stamps,
      name: 'Video sessions',
      kind: 'video',
      instructions: 'The link to join is in your confirmation e-mail. Find a quiet, private space with good signal.',
    },
  ]);
  const [halfFee] = await db
    .insert(cancellationRules)
    .values([
      {
        practiceId,
        ...stamps,
        triggerHours: 24,
        feeKind: 'percent',
        feePercent: 50,
        message: 'Sessions cancelled with less than 24 hours’ notice, or missed, are charged at half the session fee.',
      },
      {
        practiceId,
        ...stamps,
        triggerHours: 48,
        feeKind: 'fixed',
        feeMinor: 2_000,
        currency: 'GBP',
        message: 'Sessions cancelled with less than 48 hours’ notice are charged £20.00.',
      },
    ])
    .returning({ id: cancellationRules.id });
  const reminders = { reminderOffsetsMinutes: [1_440, 120] };
  await db
    .insert(schedulingPreferences)
    .values({ practiceId, ...reminders })
    .onConflictDoUpdate({ target: schedulingPreferences.practiceId, set: reminders });
  // The fees of the past sessions marked as missed or cancelled late with a charge, per the 24-hour rule; in session order,
  // so one seed numbers them the same on every database (PostgreSQL may return an unordered select in any order).
  await db.execute(sql`insert into chargeable_items
      (practice_id, client_id, session_id, kind, amount_minor, currency, rule_id, created_by, created_at, updated_at)
    select s.practice_id, s.client_id, s.id, s.status, s.price_minor / 2, 'GBP', ${halfFee!.id}, s.therapist_id,
           s.updated_at, s.updated_at
    from client_sessions s
    where s.practice_id = ${practiceId} and s.charge_fee and s.price_minor is not null
      and s.status in ('did not attend', 'late cancellation')
    order by s.id`);
}
