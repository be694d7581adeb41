import type { InitialAssessment } from '@halcyon/api/contract';

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
