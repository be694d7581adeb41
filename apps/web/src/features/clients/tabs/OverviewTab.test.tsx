import { measureInsightFixture, PLAN_V2, treatmentPlanHandlers, type MockHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderClientsRoute } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

const PHQ9 = measureInsightFixture('phq9', [
  { assessmentId: 1, date: '2026-09-01', score: 19 },
  { assessmentId: 2, date: '2026-10-01', score: 14 },
  { assessmentId: 3, date: '2026-11-02', score: 9 },
]);

function handlers(extra: MockHandlers = {}): MockHandlers {
  return {
    ...treatmentPlanHandlers(),
    assessmentInsights: () => ({ measures: [PHQ9] }),
    ...extra,
  };
}

describe('Overview tab', () => {
  it('given a current plan, then lists its goals with their status and objectives achieved', async () => {
    renderClientsRoute('/Clients/1', { handlers: handlers() });
    const goals = await screen.findByRole('list', { name: 'Goals' }, SLOW);
    const items = within(goals).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${PLAN_V2.goals[0]!.description}In progress1 of 1 objectives achieved`,
      `${PLAN_V2.goals[1]!.description}Not started0 of 1 objectives achieved`,
    ]);
    expect(screen.getByText(PLAN_V2.title)).toBeInTheDocument();
    // Its review date (5 Apr 2026) has passed.
    expect(screen.getByText('Review due')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the treatment plan' })).toHaveAttribute(
      'href',
      expect.stringContaining('tab=treatment-plan'),
    );
  });

  it('given submitted measures, then shows the latest score, its band, the trend and the reliable change', async () => {
    renderClientsRoute('/Clients/1', { handlers: handlers() });
    const measures = await screen.findByRole('list', { name: 'Latest measures' }, SLOW);
    expect(measures).toHaveTextContent('PHQ-9');
    expect(measures).toHaveTextContent('PHQ-9 9 / 27, mild2 Nov 2026 · −10 since the first');
    expect(
      within(measures).getByRole('img', { name: 'PHQ-9, last 3 scores: 19, 14, 9 (latest 9)' }),
    ).toBeInTheDocument();
    expect(within(measures).getByText('Reliable improvement')).toBeInTheDocument();
  });

  it('given no plan and no measure, then each card says what to do next', async () => {
    renderClientsRoute('/Clients/1', {
      handlers: handlers({
        ...treatmentPlanHandlers({ plans: [], reviews: [] }),
        assessmentInsights: () => ({ measures: [] }),
      }),
    });
    expect(
      await screen.findByText('No current treatment plan. Write one under Treatment plan.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('No measure submitted yet. Send or record one under Assessments.')).toBeInTheDocument();
  });

  it('given the measures cannot be read, then the card says so with Retry and the rest of the overview stays', async () => {
    renderClientsRoute('/Clients/1', {
      handlers: handlers({
        assessmentInsights: () => {
          throw new Error('down');
        },
      }),
    });
    expect(await screen.findByRole('button', { name: /Retry/ }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Goals' }, SLOW)).toBeInTheDocument();
  });
});
