import { createMockClient, PLAN_CLIENT_ID, PLAN_V2, treatmentPlanHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { TREATMENT_PLAN_GOAL_CREATED, TREATMENT_PLAN_GOAL_UPDATED } from './TreatmentPlanGoalModal';

function Opener({ goalId }: { goalId?: number }) {
  const modal = useModal();
  return (
    <Button
      onClick={() =>
        modal.open('treatment-plan-goal', { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id, id: goalId })
      }
    >
      Goal
    </Button>
  );
}

async function open(goalId?: number, handlers = treatmentPlanHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener goalId={goalId} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Goal' }));
  const dialog = await screen.findByRole('dialog', { name: goalId ? 'Edit goal' : 'Add goal' });
  await within(dialog).findByRole('textbox', { name: /Goal: description/ }, { timeout: 5000 });
  return { client, dialog: within(dialog) };
}

describe('treatment-plan-goal', { timeout: 20_000 }, () => {
  it('given a new goal with an objective and a measure, then it is added to the plan with "Treatment plan goal created."', async () => {
    const { client, dialog } = await open();
    await userEvent.type(dialog.getByRole('textbox', { name: /Goal: description/ }), 'Sleep 7 hours');
    await userEvent.click(dialog.getByRole('button', { name: 'Add objective' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Objective 1' }), 'No screens after 22:00');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Measure' }), 'Sleep diary');
    await userEvent.click(dialog.getByRole('button', { name: 'Add goal' }));
    expect(await screen.findByText(TREATMENT_PLAN_GOAL_CREATED)).toBeInTheDocument();
    expect(client.mock.callsTo('addTreatmentPlanGoal')[0]?.input).toMatchObject({
      params: { planId: PLAN_V2.id },
      body: {
        description: 'Sleep 7 hours',
        measure: 'Sleep diary',
        objectives: [{ description: 'No screens after 22:00' }],
      },
    });
  });

  it('given an existing goal, then it opens filled in and saves with its version; "Treatment plan goal updated."', async () => {
    const { client, dialog } = await open(202);
    expect(dialog.getByRole('textbox', { name: /Goal: description/ })).toHaveValue('Travel by bus alone');
    expect(dialog.getByRole('textbox', { name: 'Objective 1' })).toHaveValue('One stop with support');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove objective 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText(TREATMENT_PLAN_GOAL_UPDATED)).toBeInTheDocument();
    expect(client.mock.callsTo('updateTreatmentPlanGoal')[0]?.input).toMatchObject({
      params: { goalId: 202 },
      body: { version: 3, objectives: [] },
    });
  });

  it('given an existing goal, when Delete is confirmed, then it is removed with "Goal removed."', async () => {
    const { client, dialog } = await open(202);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Goal removed.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteTreatmentPlanGoal')[0]?.input).toEqual({ params: { goalId: 202 } });
  });

  it('given the goal was changed elsewhere, then the 409 message shows and the copy and reload actions are offered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'This goal was changed elsewhere since you opened it. Nothing was saved.';
    const { dialog } = await open(202, {
      ...treatmentPlanHandlers(),
      updateTreatmentPlanGoal: { error: { status: 409, message } },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save goal' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reload the newest version' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
