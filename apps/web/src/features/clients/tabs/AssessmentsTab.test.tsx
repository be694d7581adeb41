import type { AssessmentSummary } from '@halcyon/api/contract';
import {
  createMockClient,
  makeClient,
  measureInsightFixture,
  MockApiProvider,
  toDetail,
  type MockClient,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AssessmentsTab } from './AssessmentsTab';
import { signedChange } from './measureOutcome';

vi.setConfig({ testTimeout: 20_000 });

const row = (overrides: Partial<AssessmentSummary> = {}): AssessmentSummary => ({
  id: 11,
  clientId: 7,
  measure: 'phq9',
  status: 'submitted',
  score: 11,
  band: { label: 'Moderate', level: 2 },
  aboveCutoff: true,
  completedOn: '2026-02-01',
  source: 'therapist',
  riskFlags: [],
  version: 1,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});

const insight = measureInsightFixture('phq9', [
  { assessmentId: 10, date: '2026-01-01', score: 18 },
  { assessmentId: 11, date: '2026-02-01', score: 11 },
]);

function mockClient(assessments?: AssessmentSummary[]): MockClient {
  return createMockClient({
    handlers: {
      initialAssessment: () => ({
        id: 1,
        clientId: 7,
        presentingProblem: 'Low mood since a redundancy.',
        history: null,
        mentalState: null,
        riskScreen: 'No current thoughts of self-harm.',
        goals: 'Return to work.',
        formulation: null,
        assessedOn: '2026-01-01',
        version: 2,
        updatedAt: '2026-01-01T10:00:00.000Z',
      }),
      assessments: () =>
        assessments ?? [row(), row({ id: 12, measure: 'gad7', status: 'draft', score: null, band: null })],
      assessmentSchedules: () => [
        {
          id: 4,
          clientId: 7,
          measure: 'gad7',
          startDate: '2026-02-01',
          repeatEveryWeeks: 2,
          repeatEverySessions: null,
          nextSendOn: '2026-02-15',
          lastSentAt: null,
          active: true,
          sendTo: null,
          createdAt: '2026-02-01T10:00:00.000Z',
        },
        {
          id: 5,
          clientId: 7,
          measure: 'ors',
          startDate: '2026-02-01',
          repeatEveryWeeks: null,
          repeatEverySessions: 3,
          nextSendOn: null,
          lastSentAt: '2026-02-01T10:00:00.000Z',
          active: true,
          sendTo: null,
          createdAt: '2026-02-01T10:00:00.000Z',
        },
      ],
      assessmentInsights: () => ({ measures: [insight] }),
      getClient: () => toDetail(makeClient(7)),
      deleteAssessment: () => ({ detail: 'Assessment was successfully deleted.' }),
    },
  });
}

function renderTab(client: MockClient) {
  return render(
    <MockApiProvider client={client}>
      <BannerProvider>
        <BannerRegion />
        <ModalProvider>
          <AssessmentsTab clientId={7} />
          <ModalHost />
        </ModalProvider>
      </BannerProvider>
    </MockApiProvider>,
  );
}

describe('AssessmentsTab', () => {
  it('given a client with measures, then the initial assessment, the measures, the schedule and the insights show; the trend chart loads lazily', async () => {
    renderTab(mockClient());
    expect(await screen.findByText('Low mood since a redundancy.')).toBeInTheDocument();
    const table = await screen.findByRole('grid');
    expect(within(table).getByRole('row', { name: /PHQ-9.*11 \/ 27.*Moderate.*Submitted/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /GAD-7.*Not scored yet.*Draft/ })).toBeInTheDocument();
    expect(screen.getByText(/GAD-7, every 2 weeks, next on 15 Feb 2026/)).toBeInTheDocument();
    expect(screen.getByText(/ORS, after every 3 attended sessions/)).toBeInTheDocument();
    expect(await screen.findByText('Reliable improvement')).toBeInTheDocument();
    expect(screen.getByText('−7')).toBeInTheDocument();
    expect(
      await screen.findByRole('figure', { name: /PHQ-9 scores over time/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Clinical cut-off (10)')).toBeInTheDocument();
  });

  it('given 23 measures, then the table shows 10 a page and pages through them', async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      row({ id: 100 + index, score: index, completedOn: `2025-${String(12 - (index % 12)).padStart(2, '0')}-01` }),
    );
    renderTab(mockClient(many));
    const table = await screen.findByRole('grid');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const pages = screen.getByRole('navigation', { name: 'Measures pages' });
    await userEvent.click(within(pages).getByRole('button', { name: /Page 3|Last page/ }));
    expect(within(screen.getByRole('grid')).getAllByRole('row')).toHaveLength(4);
  });

  it('given "Record measure", then the assessment modal opens', async () => {
    renderTab(mockClient());
    await screen.findByRole('grid');
    await userEvent.click(screen.getAllByRole('button', { name: 'Record measure' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Record a measure' })).toBeInTheDocument();
  });

  it('given Delete on a measure, when confirmed, then the delete route is called and SPEC.md §8 message shows', async () => {
    const client = mockClient();
    renderTab(client);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Delete PHQ-9 of 1 Feb 2026' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Assessment was successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteAssessment')[0]?.input).toMatchObject({ params: { id: 11 } });
  });

  it('given changes, then they read with a real minus sign', () => {
    expect([signedChange(-7), signedChange(3), signedChange(0)]).toEqual(['−7', '+3', '0']);
  });
});
