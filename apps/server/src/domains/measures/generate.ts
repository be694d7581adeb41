import { MEASURES, scoreMeasure, type ClinicalProfileSectionType, type MeasureCode } from '@halcyon/api/contract';
import {
  DAY,
  HOUR,
  WEEK,
  insertRows,
  isoDay,
  rngFrom,
  seededRandom,
  weighted,
  type Rng,
} from '../../platform/db/generate-helpers';
import type { CareConcern, ClinicalGeneration, GeneratedClient } from '../clients/generate';
import { assessments, clinicalProfileSections, diagnoses, initialAssessments } from './schema';

/** Where a client's PHQ-9 and GAD-7 start, by concern: [min, max] of the first total. */
const BASELINE: Readonly<Record<CareConcern, Readonly<Record<'phq9' | 'gad7', readonly [number, number]>>>> = {
  depression: { phq9: [13, 23], gad7: [6, 14] },
  anxiety: { phq9: [6, 14], gad7: [11, 19] },
  trauma: { phq9: [10, 19], gad7: [10, 18] },
  grief: { phq9: [11, 20], gad7: [6, 13] },
  relationships: { phq9: [5, 12], gad7: [5, 12] },
  stress: { phq9: [6, 13], gad7: [8, 15] },
};
/** Most clients improve, some stay the same, a few get worse (so the insights show every outcome). */
const pickCourse = weighted<'improve' | 'same' | 'worse'>([
  ['improve', 62],
  ['same', 26],
  ['worse', 12],
]);
/** A measure is repeated in session every four weeks or so, at most this many times. */
const MAX_POINTS = 18;

const DIAGNOSES: Readonly<Record<CareConcern, readonly (readonly [string, string])[]>> = {
  depression: [
    ['F32.1', 'Moderate depressive episode'],
    ['F33.1', 'Recurrent depressive disorder, current episode moderate'],
  ],
  anxiety: [
    ['F41.1', 'Generalized anxiety disorder'],
    ['F41.0', 'Panic disorder [episodic paroxysmal anxiety]'],
    ['F40.1', 'Social phobias'],
  ],
  trauma: [['F43.1', 'Post-traumatic stress disorder']],
  grief: [
    ['F43.2', 'Adjustment disorders'],
    ['Z63.4', 'Disappearance and death of family member'],
  ],
  relationships: [['Z63.0', 'Problems in relationship with spouse or partner']],
  stress: [
    ['F43.2', 'Adjustment disorders'],
    ['Z56.6', 'Other physical and mental strain related to work'],
  ],
};
const SECONDARY: readonly (readonly [string, string])[] = [
  ['F51.0', 'Nonorganic insomnia'],
  ['F10.1', 'Mental and behavioural disorders due to use of alcohol: harmful use'],
  ['F41.2', 'Mixed anxiety and depressive disorder'],
];

const PRESENTING: Readonly<Record<CareConcern, string>> = {
  depression: 'Low mood for about six months, loss of interest, poor sleep and withdrawal from friends.',
  anxiety: 'Constant worry about work and health, panic attacks on public transport, avoiding travel.',
  trauma: 'Nightmares and intrusive memories since a road traffic accident last year; avoids driving.',
  grief: 'Struggling since the death of their mother in the spring; guilt and difficulty returning to work.',
  relationships: 'Frequent arguments and feeling distant from each other since the birth of their second child.',
  stress: 'Long hours in a demanding job, headaches, poor sleep and irritability at home.',
};
const HISTORY = [
  'No previous contact with mental health services. Grew up locally, the eldest of three.',
  'Counselling at university for anxiety, which helped. Parents separated when they were twelve.',
  'Two previous episodes of low mood treated by the GP with medication.',
];
const MENTAL_STATE =
  'Casually dressed, good eye contact, speech normal in rate and volume. Mood low, affect reactive. No evidence of psychosis.';
const FORMULATION =
  'High standards learnt early meet a period of loss and pressure; avoidance and self-criticism keep the difficulties going.';
const MEDICATION = ['Sertraline 50 mg daily, started by the GP.', 'No current medication.', 'Propranolol as needed.'];
const STRENGTHS = 'Insightful and motivated; a supportive partner; enjoys running and cooking.';

/** Where a client's ORS starts (every concern alike): most begin in the clinical range, below 25. */
const ORS_BASELINE: readonly [number, number] = [11, 24];
/** The measures the demo practice repeats in session; some clients also rate the ORS, from their own random stream. */
type DemoMeasure = 'phq9' | 'gad7' | 'ors';

/**
 * Answers to a measure's items that add up to `total` (the PHQ-9's item 9 only when risk is known), each item from its
 * lowest answer up to its highest; scored with the contract.
 */
function answersFor(rng: Rng, measure: DemoMeasure, total: number, riskItem: boolean): (number | null)[] {
  const items = MEASURES[measure].items;
  const lowest = (index: number) => Math.min(...items[index]!.options.map((o) => o.value));
  const highest = (index: number) => Math.max(...items[index]!.options.map((o) => o.value));
  const scorable = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.scored !== false && (riskItem || !item.riskFlag))
    .map(({ index }) => index);
  const answers: number[] = items.map((_, index) => lowest(index));
  let left =
    Math.min(
      total,
      scorable.reduce((sum, index) => sum + highest(index), 0),
    ) - answers.reduce((a, b) => a + b, 0);
  while (left > 0) {
    const index = rng.pick(scorable);
    if (answers[index]! >= highest(index)) continue;
    answers[index]! += 1;
    left -= 1;
  }
  // The PHQ-9's last question (how difficult the problems made life) is asked but not scored: it follows the total.
  items.forEach((item, index) => {
    if (item.scored === false) answers[index] = total >= 15 ? rng.int(2, 3) : total >= 5 ? 1 : 0;
  });
  return answers;
}

/**
 * A series of totals every four weeks of care: from the baseline towards where the client's course ends (an
 * improvement is a fall on the PHQ-9 and GAD-7, a rise on the ORS).
 */
function series(rng: Rng, measure: DemoMeasure, concern: CareConcern, points: number): number[] {
  const { minScore: min, maxScore: max, better } = MEASURES[measure];
  const [low, high] = measure === 'ors' ? ORS_BASELINE : BASELINE[concern][measure];
  const baseline = rng.int(low, high);
  const course = pickCourse(rng.random);
  const towardsBetter = better === 'higher' ? 1 : -1;
  const target =
    course === 'improve'
      ? Math.max(min + 1, Math.min(max - 1, baseline + towardsBetter * rng.int(6, 12)))
      : course === 'worse'
        ? Math.max(min, Math.min(max, baseline - towardsBetter * rng.int(4, 7)))
        : baseline + rng.int(-2, 2);
  return Array.from({ length: points }, (_, i) => {
    if (i === 0) return baseline;
    const progress = Math.pow(i / Math.max(1, points - 1), 0.8);
    return Math.max(min, Math.min(max, Math.round(baseline + (target - baseline) * progress + rng.int(-2, 2))));
  });
}

/** Session days before the base day, at least four weeks apart (further when care is long), from the first session. */
function measureDays(sessionDays: readonly number[], base: number): number[] {
  const past = sessionDays.filter((day) => day < base);
  const gap = Math.max(4 * WEEK, (past[past.length - 1]! - past[0]!) / (MAX_POINTS - 1));
  const out: number[] = [];
  for (const day of past) if (out.length === 0 || day - out[out.length - 1]! >= gap) out.push(day);
  return out.slice(0, MAX_POINTS);
}

function assessmentRows(g: ClinicalGeneration, client: GeneratedClient): (typeof assessments.$inferInsert)[] {
  const { rng } = g;
  const care = client.care!;
  const days = measureDays(care.days, g.base);
  const riskItem = client.riskLevel === 'medium' || client.riskLevel === 'high';
  const rows: (typeof assessments.$inferInsert)[] = [];
  // The ORS draws from the client's own stream, so adding it left every other generated record as it was.
  const own = rngFrom(seededRandom(client.id * 7919 + 17));
  const rates = own.chance(0.4);
  for (const measure of ['phq9', 'gad7', 'ors'] as const satisfies readonly (DemoMeasure & MeasureCode)[]) {
    if (measure === 'ors' && !rates) continue;
    const r = measure === 'ors' ? own : rng;
    series(r, measure, care.concern, days.length).forEach((total, i) => {
      const day = days[i]!;
      const answers = answersFor(r, measure, total, riskItem);
      const score = scoreMeasure(measure, answers);
      const fromClient = r.chance(0.25);
      // A client fills it in at home the day before or on the morning of the session; a therapist in the session.
      const at = new Date(day + (fromClient ? r.int(-24, 8) : r.int(9, 18)) * HOUR);
      rows.push({
        practiceId: g.practiceId,
        clientId: client.id,
        measure,
        status: 'submitted',
        answers,
        score: score.total,
        band: score.band?.label ?? null,
        bandLevel: score.band?.level ?? null,
        completedOn: isoDay(at.getTime()),
        source: fromClient ? 'client' : 'therapist',
        createdBy: fromClient ? null : client.therapistId,
        submittedAt: at,
        createdAt: at,
        updatedAt: at,
      });
    });
  }
  return rows;
}

/**
 * Measures and the clinical picture for every individual client whose care has begun: PHQ-9 and GAD-7 (and for some the
 * ORS) every four weeks
 * (answers that add up to a believable course, scored and banded with the contract's definitions, so insights and trend
 * charts read like real ones), the initial assessment, clinical profile sections, and a diagnosis (sometimes two).
 */
export async function generateMeasures(g: ClinicalGeneration): Promise<void> {
  const { rng, db, practiceId } = g;
  const measureRows: (typeof assessments.$inferInsert)[] = [];
  const initial: (typeof initialAssessments.$inferInsert)[] = [];
  const sections: (typeof clinicalProfileSections.$inferInsert)[] = [];
  const diagnosisRows: (typeof diagnoses.$inferInsert)[] = [];
  for (const client of g.clients) {
    const care = client.care;
    if (client.kind !== 'individual' || !care || care.start >= g.base) continue;
    measureRows.push(...assessmentRows(g, client));
    const assessedAt = new Date(care.start + 19 * HOUR);
    const author = client.therapistId;
    initial.push({
      practiceId,
      clientId: client.id,
      presentingProblem: PRESENTING[care.concern],
      history: rng.pick(HISTORY),
      mentalState: MENTAL_STATE,
      riskScreen:
        client.riskLevel === 'none'
          ? 'No risk disclosed.'
          : `Risk assessed as ${client.riskLevel}; see the risk assessment.`,
      goals: 'To feel more like themselves again and get back to work and friends.',
      formulation: rng.chance(0.6) ? FORMULATION : null,
      assessedOn: isoDay(care.start),
      updatedBy: author,
      createdAt: assessedAt,
      updatedAt: assessedAt,
    });
    const content: Partial<Record<ClinicalProfileSectionType, string>> = {
      'presenting-issues': PRESENTING[care.concern],
      ...(rng.chance(0.7) ? { history: rng.pick(HISTORY) } : {}),
      ...(rng.chance(0.4) ? { medication: rng.pick(MEDICATION) } : {}),
      ...(rng.chance(0.4) ? { formulation: FORMULATION } : {}),
      ...(rng.chance(0.5) ? { strengths: STRENGTHS } : {}),
    };
    for (const [sectionType, text] of Object.entries(content)) {
      sections.push({
        practiceId,
        clientId: client.id,
        sectionType,
        content: text,
        updatedBy: author,
        createdAt: assessedAt,
        updatedAt: assessedAt,
      });
    }
    const diagnosedOn = isoDay(care.start + rng.int(0, 14) * DAY);
    const [code, description] = rng.pick(DIAGNOSES[care.concern]);
    const diagnosedAt = new Date(care.start + 20 * HOUR);
    diagnosisRows.push({
      practiceId,
      clientId: client.id,
      system: 'ICD-10',
      code,
      description,
      isPrimary: true,
      diagnosedOn,
      createdAt: diagnosedAt,
      updatedAt: diagnosedAt,
    });
    if (rng.chance(0.15)) {
      const [other, otherDescription] = rng.pick(SECONDARY);
      diagnosisRows.push({
        practiceId,
        clientId: client.id,
        system: 'ICD-10',
        code: other,
        description: otherDescription,
        isPrimary: false,
        diagnosedOn,
        createdAt: diagnosedAt,
        updatedAt: diagnosedAt,
      });
    }
  }
  await insertRows(db, assessments, measureRows);
  await insertRows(db, initialAssessments, initial);
  await insertRows(db, clinicalProfileSections, sections);
  await insertRows(db, diagnoses, diagnosisRows);
}
