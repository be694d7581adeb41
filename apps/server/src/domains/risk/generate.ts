import { sql } from 'drizzle-orm';
import type { ClientRiskLevel, RiskArea, RiskItemCategory } from '@halcyon/api/contract';
import { DAY, HOUR, WEEK, insertRows, isoDay, type Rng } from '../../platform/db/generate-helpers';
import type { CareConcern, ClinicalGeneration, GeneratedClient } from '../clients/generate';
import { riskAssessments, riskLogItems, safetyPlans, type StoredRiskArea } from './schema';

type Level = ClientRiskLevel;
const LEVELS: readonly Level[] = ['none', 'low', 'medium', 'high'];

/** The areas a client's assessment looks at first, by concern. */
const AREAS: Readonly<Record<CareConcern, readonly RiskArea[]>> = {
  depression: ['suicide', 'self-harm', 'self-neglect'],
  anxiety: ['self-harm', 'substance use'],
  trauma: ['harm from others', 'self-harm', 'substance use'],
  grief: ['suicide', 'self-neglect'],
  relationships: ['harm from others', 'harm to others'],
  stress: ['substance use', 'self-neglect'],
};
const RISK_FACTORS: Readonly<Record<RiskArea, string>> = {
  suicide: 'Passive thoughts of not wanting to be here; no plan or intent. One attempt in 2015.',
  'self-harm': 'History of cutting in adolescence; urges when overwhelmed, none acted on recently.',
  'harm to others': 'Reports losing their temper and shouting; no physical violence.',
  'harm from others': 'Previous controlling relationship; no current contact with the ex-partner.',
  'self-neglect': 'Skipping meals and not leaving the house on bad days.',
  'substance use': 'Drinking most evenings to get to sleep, about 30 units a week.',
  other: 'Debt worries; recent loss of employment.',
};
const PROTECTIVE = [
  'Close to a sister who lives nearby; responsibilities to their children; engaged in therapy.',
  'Supportive partner; regular work; values their faith community.',
  'Good relationship with the GP; plans for the future; a dog to look after.',
];
const MANAGEMENT: Readonly<Record<Level, string>> = {
  none: 'No risk identified. Review at each treatment plan review.',
  low: 'Monitor at each session; client knows how to reach crisis services.',
  medium: 'Review risk at every session; safety plan agreed and shared with the GP with consent.',
  high: 'Weekly risk review; safety plan in place; GP and crisis team informed; discuss in supervision.',
};
/** How soon the assessment is reviewed again, by level. */
const REVIEW_WEEKS: Readonly<Record<Level, number | null>> = { none: null, low: 12, medium: 4, high: 2 };
const ITEMS: readonly (readonly [RiskItemCategory, string, string])[] = [
  [
    'suicidal ideation',
    'Disclosed thoughts of ending their life after an argument at home.',
    'Safety plan reviewed; GP informed with consent.',
  ],
  ['self-harm', 'Reported cutting once last week; wounds cared for.', 'Discussed alternatives; safety plan updated.'],
  [
    'safeguarding',
    'Disclosed that the ex-partner has been turning up at their home.',
    'Advised on reporting to the police; domestic abuse service details given.',
  ],
  [
    'substance use',
    'Drinking heavily over the weekend and missed work on Monday.',
    'Discussed the link with mood; referral to the alcohol service offered.',
  ],
  [
    'missed contact',
    'Did not attend and could not be reached by phone.',
    'Letter sent; emergency contact phoned the next day.',
  ],
  [
    'harm to others',
    'Described punching a wall during an argument.',
    'Agreed a time-out plan; discussed in supervision.',
  ],
];
const WARNING_SIGNS = [
  'Not sleeping',
  'Staying in bed all day',
  'Thinking everyone would be better off without me',
  'Drinking alone',
];
const COPING = [
  'Go for a walk with the dog',
  'Listen to the calm playlist',
  'Have a shower',
  'Use the breathing exercise',
];
const REASONS = ['My children', 'Seeing my niece grow up', 'My dog', 'Travelling to Portugal next year'];

const levelIndex = (level: Level) => LEVELS.indexOf(level);

/** The levels of a client's assessment versions, oldest first, ending at the client's current level. */
function levelHistory(rng: Rng, final: Level, versions: number): Level[] {
  const out: Level[] = [final];
  for (let i = 1; i < versions; i += 1) {
    const later = levelIndex(out[0]!);
    // Risk more often falls over the course of care than rises.
    const earlier = Math.max(0, Math.min(3, later + rng.pick([1, 1, 0, 0, -1])));
    out.unshift(LEVELS[earlier]!);
  }
  return out;
}

function areasFor(rng: Rng, concern: CareConcern, overall: Level): StoredRiskArea[] {
  const areas = AREAS[concern];
  return areas.map((area, i) => {
    const level = i === 0 ? overall : LEVELS[rng.int(0, levelIndex(overall))]!;
    return {
      area,
      level,
      riskFactors: level === 'none' ? 'None identified.' : RISK_FACTORS[area],
      protectiveFactors: '',
    };
  });
}

function safetyPlanRow(rng: Rng, g: ClinicalGeneration, client: GeneratedClient, version: number, at: number) {
  return {
    practiceId: g.practiceId,
    clientId: client.id,
    version,
    warningSigns: rng.some(WARNING_SIGNS, rng.int(2, 3)),
    copingStrategies: rng.some(COPING, rng.int(2, 4)),
    peopleAndPlaces: [
      { name: 'Sister', contact: 'Phone or visit' },
      { name: 'The library café', contact: '' },
    ],
    helpContacts: [{ name: 'Close friend', contact: '+44 7700 900123' }],
    professionalContacts: [
      { name: 'GP surgery', contact: '+44 20 7946 0000' },
      { name: 'Samaritans', contact: '116 123' },
      { name: 'NHS 111', contact: '111, option 2 for mental health' },
    ],
    environmentSafety: version > 1 ? ['Medication kept by partner', 'Razors removed'] : ['Medication kept by partner'],
    reasonsForLiving: rng.some(REASONS, rng.int(1, 3)),
    createdBy: client.therapistId,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  };
}

/**
 * Risk records for every individual client whose care has begun: one to three risk assessment versions (numbered from
 * 1; the newest is current and its level is the client's `risk_level`, as the risk service keeps it), risk log items
 * (more for higher risk), and a safety plan (one or two versions) for medium and high risk.
 */
export async function generateRisk(g: ClinicalGeneration): Promise<void> {
  const { rng, db, practiceId } = g;
  const assessments: (typeof riskAssessments.$inferInsert)[] = [];
  const items: (typeof riskLogItems.$inferInsert)[] = [];
  const plans: (typeof safetyPlans.$inferInsert)[] = [];
  for (const client of g.clients) {
    const care = client.care;
    if (client.kind !== 'individual' || !care || care.start >= g.base) continue;
    const last = Math.min(care.end, g.base - DAY);
    const span = last - care.start;
    const versions = Math.min(rng.int(1, 3), 1 + Math.floor(span / (8 * WEEK)));
    const levels = levelHistory(rng, client.riskLevel, versions);
    levels.forEach((level, i) => {
      const day = care.start + Math.floor((span * i) / versions / DAY) * DAY;
      const review = REVIEW_WEEKS[level];
      assessments.push({
        practiceId,
        clientId: client.id,
        version: i + 1,
        assessedOn: isoDay(day),
        areas: areasFor(rng, care.concern, level),
        overallLevel: level,
        protectiveFactors: rng.pick(PROTECTIVE),
        managementPlan: MANAGEMENT[level],
        nextReviewDate: review === null ? null : isoDay(day + review * WEEK),
        createdBy: client.therapistId,
        createdAt: new Date(day + 18 * HOUR),
        updatedAt: new Date(day + 18 * HOUR),
      });
    });

    const level = levelIndex(client.riskLevel);
    const count =
      level >= 2 ? rng.int(1, 3 + level - 2) : level === 1 ? (rng.chance(0.25) ? 1 : 0) : rng.chance(0.03) ? 1 : 0;
    for (let i = 0; i < count; i += 1) {
      const [category, description, actionTaken] = level === 0 ? ITEMS[4]! : rng.pick(ITEMS);
      const day = care.start + rng.int(0, Math.floor(span / DAY)) * DAY;
      const closed = day < g.base - 4 * WEEK && rng.chance(0.8);
      const closedAt = Math.min(day + rng.int(3, 20) * DAY, g.base - HOUR);
      items.push({
        practiceId,
        clientId: client.id,
        date: isoDay(day),
        category,
        severity:
          level >= 3
            ? rng.pick(['high', 'medium'] as const)
            : level === 2
              ? rng.pick(['medium', 'low'] as const)
              : 'low',
        description,
        actionTaken,
        reviewDate: isoDay(day + 2 * WEEK),
        status: closed ? 'closed' : 'open',
        closedAt: closed ? new Date(closedAt) : null,
        createdBy: client.therapistId,
        version: closed ? 2 : 1,
        createdAt: new Date(day + 17 * HOUR),
        updatedAt: new Date(closed ? closedAt : day + 17 * HOUR),
      });
    }

    if (level >= 2) {
      const first = care.start + DAY;
      plans.push(safetyPlanRow(rng, g, client, 1, Math.min(first + 10 * HOUR, g.base - HOUR)));
      const again = care.start + Math.floor(span / 2 / DAY) * DAY;
      if (level === 3 && again > first + 4 * WEEK) plans.push(safetyPlanRow(rng, g, client, 2, again + 10 * HOUR));
    }
  }
  await insertRows(db, riskAssessments, assessments);
  await insertRows(db, riskLogItems, items);
  await insertRows(db, safetyPlans, plans);
  // The current assessment's review date is mirrored on the client (as the risk service keeps it).
  await db.execute(sql`update clients c set risk_review_due = ra.next_review_date
    from risk_assessments ra
    where c.practice_id = ${practiceId} and ra.client_id = c.id
      and ra.version = (select max(r2.version) from risk_assessments r2 where r2.client_id = c.id)`);
}
