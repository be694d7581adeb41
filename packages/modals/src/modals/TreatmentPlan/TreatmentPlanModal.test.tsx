import { createMockClient, PLAN_CLIENT_ID, treatmentPlanHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { TREATMENT_PLAN_CREATED } from './TreatmentPlanModal';

function Opener({ onSaved }: { onSaved?: () => void }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('treatment-plan', { clientId: PLAN_CLIENT_ID, onSaved })}>New plan</Button>;
}

async function open(onSaved?: () => void) {
  const client = createMockClient({ handlers: treatmentPlanHandlers() });
  renderWithModals(<Opener onSaved={onSaved} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'New plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'New treatment plan' }, { timeout: 5000 });
  return { client, dialog };
}

describe('treatment-plan', { timeout: 20_000 }, () => {
  it('given a title, a goal and an objective, when created, then the plan is sent and "Treatment plan created." shows', async () => {
    const onSaved = vi.fn();
    const { client, dialog } = await open(onSaved);
    const d = within(dialog);
    await userEvent.type(d.getByRole('textbox', { name: 'Title' }), 'Low mood');
    await userEvent.type(d.getByRole('textbox', { name: /Goal 1: description/ }), 'Get out of bed by 9');
    await userEvent.click(d.getByRole('button', { name: 'Add objective' }));
    await userEvent.type(d.getByRole('textbox', { name: 'Objective 1' }), 'Set an alarm');
    await userEvent.type(d.getByRole('textbox', { name: 'Frequency' }), 'Weekly');
    await userEvent.click(d.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByText(TREATMENT_PLAN_CREATED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = client.mock.callsTo('createTreatmentPlan');
    expect(call?.path).toBe(`/api/clients/treatment-plan/create/${PLAN_CLIENT_ID}`);
    expect(call?.input).toMatchObject({
      body: {
        title: 'Low mood',
        markCurrent: true,
        goals: [
          {
            description: 'Get out of bed by 9',
            frequency: 'Weekly',
            targetDate: null,
            objectives: [{ description: 'Set an alarm', targetDate: null, achieved: false }],
          },
        ],
      },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Low mood', treatmentPlanVersion: 3 }));
  });

  it('given no title and an empty goal, then the contract messages say what to fix and nothing is sent', async () => {
    const { client, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText('Enter a title for the plan.')).toBeInTheDocument();
    expect(within(dialog).getByText('Describe the goal, or remove it.')).toBeInTheDocument();
    expect(client.mock.callsTo('createTreatmentPlan')).toHaveLength(0);
  });

  it('given goals added and removed, then only the remaining goals are sent', async () => {
    const { client, dialog } = await open();
    const d = within(dialog);
    await userEvent.type(d.getByRole('textbox', { name: 'Title' }), 'Plan');
    await userEvent.click(d.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(d.getByRole('textbox', { name: /Goal 1: description/ }), 'First');
    await userEvent.type(d.getByRole('textbox', { name: /Goal 2: description/ }), 'Second');
    await userEvent.click(d.getByRole('button', { name: 'Remove goal 1' }));
    expect(d.queryByRole('textbox', { name: /Goal 2: description/ })).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Create plan' }));
    await screen.findByText(TREATMENT_PLAN_CREATED);
    const body = (
      client.mock.callsTo('createTreatmentPlan')[0]?.input as { body: { goals: { description: string }[] } }
    ).body;
    expect(body.goals.map((g) => g.description)).toEqual(['Second']);
  });

  it('given the modal, then it has no axe violations', async () => {
    const { dialog } = await open();
    await expect(dialog).toHaveNoAxeViolations();
  });
});
