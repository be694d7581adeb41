import {
  MEASURES,
  inClinicalRange,
  reliableChange,
  scoreMeasure,
  severityBand,
  type Assessment,
  type AssessmentSchedule,
  type CreateAssessmentScheduleBody,
  type InitialAssessment,
  type MeasureCode,
  type MeasureInsight,
} from '../../contract';

/** An assessment as the server answers it, scored with the shared scoring functions. */
export function assessmentFixture(
  overrides: Partial<Assessment> & { measure?: MeasureCode; answers?: (number | null)[] } = {},
): Assessment {
  const measure = overrides.measure ?? 'phq9';
  const answers = overrides.answers ?? MEASURES[measure].items.map(() => 1);
  const status = overrides.status ?? 'submitted';
  const score = scoreMeasure(measure, answers);
  return {
    id: 41,
    clientId: 7,
    measure,
    status,
    score: score.complete ? score.total : null,
    band: score.band ? { label: score.band.label, level: score.band.level } : null,
    aboveCutoff: score.aboveCutoff,
    completedOn: '2026-01-15',
    source: 'therapist',
    riskFlags: score.riskFlags,
    version: 1,
    createdAt: '2026-01-15T09:00:00.000Z',
    updatedAt: '2026-01-15T09:00:00.000Z',
    answers,
    notes: null,
    ...overrides,
  };
}

/** A client's initial assessment, partly filled in. */
export function initialAssessmentFixture(overrides: Partial<InitialAssessment> = {}): InitialAssessment {
  return {
    id: 5,
    clientId: 7,
    presentingProblem: 'Low mood and poor sleep since a redundancy in the autumn.',
    history: null,
    mentalState: null,
    riskScreen: 'No current thoughts of self-harm.',
    goals: null,
    formulation: null,
    assessedOn: '2026-01-08',
    version: 1,
    updatedAt: '2026-01-08T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A measure's insight as the server works it out from submitted scores (oldest first): each score's band, the change
 * since the first, and the reliable change against the measure's published threshold.
 */
export function measureInsightFixture(
  code: MeasureCode,
  scores: readonly { assessmentId: number; date: string; score: number }[],
): MeasureInsight {
  const definition = MEASURES[code];
  const series = scores.map((point) => ({ ...point, band: severityBand(code, point.score)?.label ?? null }));
  const baseline = series[0]?.score ?? 0;
  const latest = series.at(-1)?.score ?? 0;
  const change = latest - baseline;
  const threshold = definition.reliableChange;
  return {
    measure: code,
    name: definition.name,
    minScore: definition.minScore,
    maxScore: definition.maxScore,
    clinicalCutoff: definition.clinicalCutoff,
    better: definition.better,
    reliableChangeThreshold: threshold,
    series,
    baseline,
    latest,
    change,
    outcome: series.length < 2 ? null : reliableChange(code, baseline, latest),
    latestBand: series.at(-1)?.band ?? null,
    latestAboveCutoff: inClinicalRange(code, latest),
  };
}

/** A schedule as the server answers one just created from `body` (repeating by weeks or sessions, as the body says). */
export function assessmentScheduleFixture(
  body: CreateAssessmentScheduleBody,
  overrides: Partial<AssessmentSchedule> = {},
): AssessmentSchedule {
  return {
    id: 3,
    clientId: 7,
    measure: body.measure,
    startDate: body.startDate,
    repeatEveryWeeks: body.repeatEveryWeeks ?? null,
    repeatEverySessions: body.repeatEverySessions ?? null,
    nextSendOn: body.startDate,
    lastSentAt: null,
    active: true,
    sendTo: body.email ?? null,
    createdAt: '2026-01-15T09:00:00.000Z',
    ...overrides,
  };
}
