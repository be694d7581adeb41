import type { TreatmentPlan, TreatmentPlanReview } from '@halcyon/api/contract';
import type { MockHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderClientsRoute } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

function plan(version: number, overrides: Partial<TreatmentPlan> = {}): TreatmentPlan {
  return {
    id: 10 + version,
    clientId: 1,
    treatmentPlanVersion: version,
    treatmentPlanCreationDate: `2026-0${version}-05T10:00:00.000Z`,
    isCurrentVersion: false,
    title: `Plan version ${version}`,
    startDate: '2026-01-05',
    reviewDate: null,
    goalCount: 1,
    createdByName: 'Tomas Lindqvist',
    basedOnPlanId: null,
    version: 1,
    problems: 'Panic on trains',
    notes: '',
    goals: [
      {
        id: 100 + version,
        planId: 10 + version,
        position: 0,
        description: `Goal of version ${version}`,
        objectives: [{ description: 'Breathe slowly', targetDate: '2026-02-01', achieved: true }],
        interventions: 'CBT',
        frequency: 'Weekly',
        targetDate: null,
        measure: 'PDSS',
        status: 'in progress',
        version: 1,
      },
    ],
    ...overrides,
  };
}

const REVIEW: TreatmentPlanReview = {
  id: 5,
  clientId: 1,
  planId: 11,
  treatmentPlanVersionReviewed: 1,
  reviewDate: '2026-02-01',
  goalProgress: [{ goalId: 101, goal: 'Goal of version 1', progress: 'good progress', comment: '' }],
  outcome: 'revise',
  summary: 'Add travel goal',
  nextReviewDate: '2026-05-01',
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-02-01T10:00:00.000Z',
};

function handlers(plans: TreatmentPlan[], reviews: TreatmentPlanReview[] = []): MockHandlers {
  const summary = ({ problems: _p, notes: _n, goals: _g, ...rest }: TreatmentPlan) => rest;
  return {
    listTreatmentPlans: () => ({
      items: [...plans].sort((a, b) => b.treatmentPlanVersion - a.treatmentPlanVersion).map(summary),
    }),
    getTreatmentPlan: ({ params }) => plans.find((p) => p.id === Number(params.planId)) ?? null,
    listTreatmentPlanReviews: () => ({ items: reviews }),
    setCurrentTreatmentPlan: ({ params }) => {
      for (const p of plans) p.isCurrentVersion = p.id === Number(params.planId);
      return summary(plans.find((p) => p.isCurrentVersion)!);
    },
  };
}

describe('Treatment plan tab', () => {
  it('given no plan, then the empty state says to create the first plan and opens treatment-plan', async () => {
    renderClientsRoute('/Clients/1?tab=treatment-plan', { handlers: handlers([]) });
    expect(await screen.findByText('No treatment plan yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'New plan' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'New treatment plan' }, SLOW)).toBeInTheDocument();
  });

  it('given two versions, then the current one shows with its goals, the history lists both and reviews show', async () => {
    renderClientsRoute('/Clients/1?tab=treatment-plan', {
      handlers: handlers([plan(1), plan(2, { isCurrentVersion: true })], [REVIEW]),
    });
    expect(await screen.findByRole('heading', { name: 'Current plan: version 2' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Goal of version 2', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('grid');
    expect(within(table).getByText('Plan version 1')).toBeInTheDocument();
    expect(within(table).getByText('Current')).toBeInTheDocument();
    expect(screen.getByText('Review of version 1 on 1 Feb 2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View version 1' }));
    expect(await screen.findByRole('heading', { name: 'Version 1 (read only)' }, SLOW)).toBeInTheDocument();
    // Once in the read-only version, once in the review of version 1.
    expect(screen.getAllByText('Goal of version 1')).toHaveLength(2);
  });

  it('given a review recorded by mistake, when deleted after confirming, then the route is called with its id', async () => {
    const { client } = renderClientsRoute('/Clients/1?tab=treatment-plan', {
      handlers: {
        ...handlers([plan(1, { isCurrentVersion: true })], [REVIEW]),
        deleteTreatmentPlanReview: () => ({ detail: 'Treatment plan review deleted.' }),
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the review of version 1 on 1 feb 2026' }, SLOW),
    );
    const dialog = within(await screen.findByRole('alertdialog', {}, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Treatment plan review deleted.', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('deleteTreatmentPlanReview')[0]?.input).toEqual({ params: { reviewId: REVIEW.id } });
  });

  it('given an older version made current, then the route is called and the current plan changes', async () => {
    const { client } = renderClientsRoute('/Clients/1?tab=treatment-plan', {
      handlers: handlers([plan(1), plan(2, { isCurrentVersion: true })]),
    });
    await screen.findByText('Goal of version 2', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Make current: version 1' }));
    await waitFor(() => expect(client.mock.callsTo('setCurrentTreatmentPlan')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Current plan: version 1' }, SLOW)).toBeInTheDocument();
  });

  it('given the editor opened from the current plan, then treatment-plan-editor opens on that version', async () => {
    renderClientsRoute('/Clients/1?tab=treatment-plan', {
      handlers: handlers([plan(1, { isCurrentVersion: true })]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit (new version)' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit treatment plan' }, SLOW);
    expect(await within(dialog).findByText(/Editing version 1/, {}, SLOW)).toBeInTheDocument();
  });
});
