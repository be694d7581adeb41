import type { RiskAssessment, RiskItem } from '@halcyon/api/contract';
import type { MockHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderClientsRoute } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

const ASSESSMENT: RiskAssessment = {
  id: 42,
  clientId: 1,
  version: 2,
  isCurrent: true,
  assessedOn: '2026-02-09',
  areas: [{ area: 'suicide', level: 'medium', riskFactors: 'Passive ideation', protectiveFactors: 'Children' }],
  overallLevel: 'high',
  overallLevelReason: '',
  protectiveFactors: '',
  managementPlan: 'Weekly check-in',
  nextReviewDate: null,
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-02-09T10:00:00.000Z',
};

const ITEM: RiskItem = {
  id: 51,
  clientId: 1,
  date: '2026-02-07',
  category: 'self-harm',
  severity: 'high',
  description: 'Disclosed cutting',
  actionTaken: 'Informed GP',
  reviewDate: '2026-02-14',
  status: 'open',
  closedAt: null,
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-02-07T10:00:00.000Z',
  version: 2,
};

function handlers(options: { assessment?: RiskAssessment | null; items?: RiskItem[] } = {}): MockHandlers {
  const items = (options.items ?? [ITEM]).map((i) => ({ ...i }));
  const assessment = options.assessment === undefined ? ASSESSMENT : options.assessment;
  return {
    getCurrentRiskAssessment: () => assessment,
    listRiskAssessmentVersions: () => ({
      items: assessment
        ? [
            {
              id: assessment.id,
              clientId: 1,
              version: 2,
              isCurrent: true,
              assessedOn: assessment.assessedOn,
              overallLevel: assessment.overallLevel,
              createdByName: null,
              createdAt: assessment.createdAt,
            },
          ]
        : [],
    }),
    listRiskLog: () => ({ items }),
    setRiskItemStatus: ({ params, body }) => {
      const item = items.find((i) => i.id === Number(params.id))!;
      Object.assign(item, { status: body.status, version: item.version + 1 });
      return item;
    },
    getCurrentSafetyPlan: () => null,
    listSafetyPlanVersions: () => ({ items: [] }),
  };
}

describe('Risk tab', () => {
  it('given a current assessment, then its overall level badge, areas and management plan show, with the risk log', async () => {
    renderClientsRoute('/Clients/1?tab=risk', { handlers: handlers() });
    expect(await screen.findByText('Weekly check-in', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText('Risk: High').length).toBeGreaterThan(0);
    expect(screen.getByText('Passive ideation')).toBeInTheDocument();
    const log = await screen.findByRole('grid', { name: 'Risk log' }, SLOW);
    expect(within(log).getByText('Disclosed cutting')).toBeInTheDocument();
    expect(screen.getByText('No safety plan yet')).toBeInTheDocument();
  });

  it('given no assessment and no items, then the empty states say what to do next', async () => {
    renderClientsRoute('/Clients/1?tab=risk', { handlers: handlers({ assessment: null, items: [] }) });
    expect(await screen.findByText('No risk assessment yet', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('No risk items', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assess risk' }));
    expect(await screen.findByRole('dialog', { name: 'Risk assessment' }, SLOW)).toBeInTheDocument();
  });

  it('given an open item, when closed from the log, then the status route is called with its version', async () => {
    const { client } = renderClientsRoute('/Clients/1?tab=risk', { handlers: handlers() });
    await userEvent.click(await screen.findByRole('button', { name: /^Close risk item of/ }, SLOW));
    await waitFor(() =>
      expect(client.mock.callsTo('setRiskItemStatus')[0]?.input).toMatchObject({
        params: { id: 51 },
        body: { status: 'closed', version: 2 },
      }),
    );
    expect(await screen.findByText('Risk item closed.', {}, SLOW)).toBeInTheDocument();
  });

  it('given Privacy on, then risk content (levels, areas, factors, plan, reason, log) is blurred by Sensitive', async () => {
    renderClientsRoute('/Clients/1?tab=risk', {
      privacy: true,
      handlers: handlers({ assessment: { ...ASSESSMENT, overallLevelReason: 'Crisis team involved' } }),
    });
    const plan = await screen.findByText('Weekly check-in', {}, SLOW);
    for (const text of [plan, screen.getByText('Passive ideation'), screen.getByText('Crisis team involved')]) {
      expect(text.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
    }
    expect(screen.getByText('Reason for the overall level')).toBeInTheDocument();
    const levels = screen.getAllByText(/^Risk: /);
    expect(levels.length).toBeGreaterThan(0);
    for (const level of levels) expect(level.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
    const log = await screen.findByRole('grid', { name: 'Risk log' }, SLOW);
    expect(within(log).getByText('Disclosed cutting').closest('[data-privacy]')).toHaveAttribute(
      'data-state',
      'hidden',
    );
  });

  it('given a link from an overdue-review notification (?assessment=), then that version opens', async () => {
    renderClientsRoute('/Clients/1?tab=risk&assessment=41', {
      handlers: {
        ...handlers(),
        getRiskAssessment: () => ({ ...ASSESSMENT, id: 41, version: 1, isCurrent: false, managementPlan: 'Old plan' }),
      },
    });
    expect(await screen.findByText('Risk assessment version 1 (read only)', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Old plan', {}, SLOW)).toBeInTheDocument();
  });
});
