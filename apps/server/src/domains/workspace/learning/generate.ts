import type { CpdType } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { DAY, isoDay, type Rng } from '../../../platform/db/generate-helpers';
import { complianceItems, cpdActivities, supervisionSessions } from './schema';

const ACTIVITIES: readonly [string, CpdType, string, number][] = [
  ['Working with trauma: stabilisation first', 'course', 'Trauma Training Collective', 6],
  ['Ethics in digital practice', 'webinar', 'BACP', 1.5],
  ['Annual counselling conference', 'conference', 'UKCP', 12],
  ['Compassion-focused therapy skills', 'workshop', 'CFT Network', 7],
  ['Reading: attachment in adult therapy', 'reading', '', 3],
  ['Peer case discussion group', 'peer learning', 'Local peer group', 2],
  ['Safeguarding adults refresher', 'course', 'Safeguarding Training UK', 3],
  ['Working with grief and loss', 'webinar', 'Cruse', 2],
  ['Outcome measures in routine practice', 'workshop', 'CORE IMS', 3.5],
  ['Neurodiversity-affirming practice', 'course', 'Autism Education Trust', 6],
];
const REFLECTIONS = [
  'I will slow the first sessions down and check in about safety before any trauma work.',
  'Useful reminder to review my consent form for video sessions and to agree what happens if a call drops.',
  'Left with ideas for group work and a reading list; I want to try the grounding exercise with two clients.',
  'Practised compassionate letter writing; I noticed my own self-critical voice and took that to supervision.',
];
const SUPERVISORS = ['Dr Helen Marsh', 'Samuel Okonjo', 'Priya Raman'];

/**
 * Each clinician's learning of the year up to `base` and the one before: CPD activities (most of the BACP-style 30-hour
 * target met this year), monthly supervision, and licence and compliance records: registration and insurance current,
 * and one membership expiring within 60 days of `base` so the reminder, the page's highlight and the dashboard show it.
 */
export async function generateLearning(
  db: Db,
  rng: Rng,
  practiceId: number,
  clinicians: readonly { userId: number; professionalBody: string | null }[],
  base: number,
): Promise<void> {
  if (clinicians.length === 0) return;
  const year = new Date(base).getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  /** A day in [from, to] (ms), never after `base`. */
  const dayBetween = (from: number, to: number) => isoDay(Math.min(base, from + rng.int(0, (to - from) / DAY) * DAY));
  const cpd: (typeof cpdActivities.$inferInsert)[] = [];
  const supervision: (typeof supervisionSessions.$inferInsert)[] = [];
  const compliance: (typeof complianceItems.$inferInsert)[] = [];
  for (const { userId, professionalBody } of clinicians) {
    const member = { practiceId, userId };
    for (const [title, type, provider, hours] of rng.some(ACTIVITIES, rng.int(4, 7))) {
      cpd.push({
        ...member,
        title,
        type,
        provider,
        minutes: hours * 60,
        date: dayBetween(startOfYear, base),
        reflection: rng.chance(0.8) ? rng.pick(REFLECTIONS) : '',
      });
    }
    for (const [title, type, provider, hours] of rng.some(ACTIVITIES, rng.int(5, 8))) {
      cpd.push({
        ...member,
        title,
        type,
        provider,
        minutes: hours * 60,
        date: dayBetween(Date.UTC(year - 1, 0, 1), Date.UTC(year - 1, 11, 31)),
        reflection: rng.pick(REFLECTIONS),
      });
    }
    const supervisor = rng.pick(SUPERVISORS);
    for (let month = 1; month <= 12; month += 1) {
      const day = base - month * 30 * DAY;
      supervision.push({
        ...member,
        date: isoDay(day),
        supervisor: month % 4 === 0 ? 'Group supervision (peer group)' : supervisor,
        minutes: month % 4 === 0 ? 120 : 90,
        format: month % 4 === 0 ? 'group' : 'individual',
        notes: month % 3 === 0 ? 'Discussed endings with a long-term client and my own tiredness in the work.' : '',
      });
    }
    const body = professionalBody ?? 'BACP';
    compliance.push(
      {
        ...member,
        kind: 'registration',
        body,
        number: `${body}-${rng.int(100000, 999999)}`,
        issueDate: isoDay(base - 400 * DAY),
        expiryDate: isoDay(base + rng.int(200, 330) * DAY),
      },
      {
        ...member,
        kind: 'insurance',
        body: 'Balens',
        number: `PI-${rng.int(10000, 99999)}`,
        issueDate: isoDay(base - 300 * DAY),
        expiryDate: isoDay(base + rng.int(65, 120) * DAY),
      },
      {
        ...member,
        kind: 'membership',
        body,
        number: `M-${rng.int(10000, 99999)}`,
        issueDate: isoDay(base - 330 * DAY),
        expiryDate: isoDay(base + rng.int(20, 45) * DAY),
      },
      {
        ...member,
        kind: 'DBS check',
        body: 'DBS',
        number: `00${rng.int(10000000, 99999999)}`,
        issueDate: isoDay(base - 500 * DAY),
      },
    );
  }
  await db.insert(cpdActivities).values(cpd);
  await db.insert(supervisionSessions).values(supervision);
  await db.insert(complianceItems).values(compliance);
}
