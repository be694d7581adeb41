import { RISK_RULE_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, RISK_CLIENT_ID, riskHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { SAFETY_PLAN_CREATED, SAFETY_PLAN_UPDATED } from './SafetyPlanModal';

function Opener() {
  const modal = useModal();
  return <Button onClick={() => modal.open('safety-plan', { clientId: RISK_CLIENT_ID })}>Safety plan</Button>;
}

async function open(handlers = riskHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Safety plan' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Safety plan' }));
  await dialog.findByRole('button', { name: 'Add warning sign' }, { timeout: 5000 });
  return { client, dialog };
}

describe('safety-plan', { timeout: 20_000 }, () => {
  it('given the current plan, when a strategy is added and a sign removed, then a new version is saved; "Safety plan updated."', async () => {
    const { client, dialog } = await open();
    // The form fills from the current plan once it has loaded (a render after the fields first show).
    expect(await dialog.findByRole('textbox', { name: 'Warning sign 1' })).toHaveValue('Not sleeping');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove warning sign 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add coping strategy' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Coping strategy 2' }), 'Cold water on face');
    await userEvent.click(dialog.getByRole('button', { name: 'Save safety plan' }));
    expect(await screen.findByText(SAFETY_PLAN_UPDATED)).toBeInTheDocument();
    expect(client.mock.callsTo('saveSafetyPlan')[0]?.input).toMatchObject({
      body: {
        expectedCurrentVersion: 1,
        warningSigns: ['Withdrawing from friends'],
        copingStrategies: ['Walk the dog', 'Cold water on face'],
        professionalContacts: [{ name: 'Samaritans', contact: '116 123' }],
        reasonsForLiving: ['My children'],
      },
    });
  });

  it('given no plan yet, when saved empty, then the contract names what is missing and nothing is sent', async () => {
    const { client, dialog } = await open(riskHandlers({ safetyPlans: [] }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add reason' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason 1' }), 'My dog');
    await userEvent.click(dialog.getByRole('button', { name: 'Save safety plan' }));
    expect(await dialog.findByText(RISK_RULE_MESSAGES.safetyPlanNoWarningSign)).toBeInTheDocument();
    expect(dialog.getByText(RISK_RULE_MESSAGES.safetyPlanNoContact)).toBeInTheDocument();
    expect(client.mock.callsTo('saveSafetyPlan')).toHaveLength(0);
  });

  it('given no plan yet, when a warning sign and a person to ask are filled in, then "Safety plan created." shows', async () => {
    const { client, dialog } = await open(riskHandlers({ safetyPlans: [] }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add warning sign' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Warning sign 1' }), 'Not sleeping');
    await userEvent.click(dialog.getByRole('button', { name: 'Add person' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Person 1: name' }), 'Sister, Jo');
    await userEvent.click(dialog.getByRole('button', { name: 'Save safety plan' }));
    expect(await screen.findByText(SAFETY_PLAN_CREATED)).toBeInTheDocument();
    expect(client.mock.callsTo('saveSafetyPlan')[0]?.input).toMatchObject({
      body: { expectedCurrentVersion: 0, warningSigns: ['Not sleeping'], helpContacts: [{ name: 'Sister, Jo' }] },
    });
  });

  it('given an empty row, then the contract message asks to fill or remove it and nothing is sent', async () => {
    const { client, dialog } = await open(riskHandlers({ safetyPlans: [] }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add warning sign' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save safety plan' }));
    expect(await dialog.findByText('Write something here, or remove this row.')).toBeInTheDocument();
    expect(client.mock.callsTo('saveSafetyPlan')).toHaveLength(0);
  });

  it('given the form, then it has no axe violations', async () => {
    await open();
    await expect(screen.getByRole('dialog')).toHaveNoAxeViolations();
  });
});
