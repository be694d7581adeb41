import { MEASURES, scoreMeasure, type Assessment, type InitialAssessment, type MeasureCode } from '../../contract';

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
    client_id: 7,
    measure,
    status,
    score: score.complete ? score.total : null,
    band: score.band ? { label: score.band.label, level: score.band.level } : null,
    above_cutoff: score.aboveCutoff,
    completed_on: '2026-01-15',
    source: 'therapist',
    risk_flags: score.riskFlags,
    version: 1,
    created_at: '2026-01-15T09:00:00.000Z',
    updated_at: '2026-01-15T09:00:00.000Z',
    answers,
    notes: null,
    ...overrides,
  };
}

/** A client's initial assessment, partly filled in. */
export function initialAssessmentFixture(overrides: Partial<InitialAssessment> = {}): InitialAssessment {
  return {
    id: 5,
    client_id: 7,
    presenting_problem: 'Low mood and poor sleep since a redundancy in the autumn.',
    history: null,
    mental_state: null,
    risk_screen: 'No current thoughts of self-harm.',
    goals: null,
    formulation: null,
    assessed_on: '2026-01-08',
    version: 1,
    updated_at: '2026-01-08T10:00:00.000Z',
    ...overrides,
  };
}
