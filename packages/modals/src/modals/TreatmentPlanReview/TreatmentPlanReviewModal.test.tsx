import { createMockClient, PLAN_CLIENT_ID, PLAN_V2, treatmentPlanHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { TREATMENT_PLAN_REVIEW_RECORDED } from './TreatmentPlanReviewModal';

function Opener() {
  const modal = useModal();
  return (
    <Button
      onClick={() => modal.open('treatment-plan-review', { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id })}
    >
      Record review
    </Button>
  );
}

describe('treatment-plan-review', { timeout: 20_000 }, () => {
  it('given the plan with two goals, when reviewed, then per-goal progress, outcome and next review date are recorded', async () => {
    const client = createMockClient({ handlers: treatmentPlanHandlers() });
    renderWithModals(<Opener />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Record review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review treatment plan' });
    const d = within(dialog);
    expect(await d.findByText('Travel by bus alone', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.type(d.getByRole('textbox', { name: 'Comment on goal 1' }), 'Two attacks this month');
    await userEvent.clear(d.getByLabelText(/^Review date/));
    await userEvent.type(d.getByLabelText(/^Review date/), '2026-03-01');
    await userEvent.type(d.getByLabelText('Next review date'), '2026-06-01');
    await userEvent.click(d.getByRole('button', { name: 'Record review' }));
    expect(await screen.findByText(TREATMENT_PLAN_REVIEW_RECORDED)).toBeInTheDocument();
    const [call] = client.mock.callsTo('createTreatmentPlanReview');
    expect(call?.path).toBe(`/api/clients/treatment-plan/reviews/${PLAN_V2.id}`);
    expect(call?.input).toMatchObject({
      body: {
        reviewDate: '2026-03-01',
        nextReviewDate: '2026-06-01',
        outcome: 'continue',
        goalProgress: [
          { goalId: 201, progress: 'no change', comment: 'Two attacks this month' },
          { goalId: 202, progress: 'no change', comment: '' },
        ],
      },
    });
  });

  it('given the review form, then it has no axe violations', async () => {
    renderWithModals(<Opener />, { client: createMockClient({ handlers: treatmentPlanHandlers() }) });
    await userEvent.click(screen.getByRole('button', { name: 'Record review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review treatment plan' });
    await within(dialog).findByText('Travel by bus alone', {}, { timeout: 5000 });
    await expect(dialog).toHaveNoAxeViolations();
  });
});
