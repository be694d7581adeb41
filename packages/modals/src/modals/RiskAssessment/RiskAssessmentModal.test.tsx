import { RISK_RULE_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, RISK_ASSESSMENT_V1, RISK_CLIENT_ID, riskHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { RISK_ASSESSMENT_SAVED } from './RiskAssessmentModal';

function Opener({ previousVersionId }: { previousVersionId?: number }) {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('risk-assessment', { clientId: RISK_CLIENT_ID, previousVersionId })}>
      Assess risk
    </Button>
  );
}

async function open(options: { previousVersionId?: number; handlers?: ReturnType<typeof riskHandlers> } = {}) {
  const client = createMockClient({ handlers: options.handlers ?? riskHandlers() });
  renderWithModals(<Opener previousVersionId={options.previousVersionId} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Assess risk' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Risk assessment' }));
  await dialog.findByRole('textbox', { name: /Management plan/ }, { timeout: 5000 });
  return { client, dialog };
}

describe('risk-assessment', { timeout: 20_000 }, () => {
  it('given the current version 2, then the form starts from it and saves version 3 expecting version 2; "Risk assessment saved."', async () => {
    const { client, dialog } = await open();
    expect(dialog.getByText(/this will be saved as version 3/)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Risk factors in area 1' })).toHaveValue(
      'Passive ideation after job loss',
    );
    await userEvent.click(dialog.getByRole('radio', { name: 'High' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove area 2' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    expect(await screen.findByText(RISK_ASSESSMENT_SAVED)).toBeInTheDocument();
    expect(client.mock.callsTo('saveRiskAssessment')[0]?.input).toMatchObject({
      params: { clientId: RISK_CLIENT_ID },
      body: {
        expectedCurrentVersion: 2,
        overallLevel: 'high',
        areas: [{ area: 'suicide', level: 'medium' }],
        managementPlan: 'Weekly check-in; safety plan shared with GP.',
      },
    });
    expect(
      (client.mock.callsTo('saveRiskAssessment')[0]?.input as { body: { areas: unknown[] } }).body.areas,
    ).toHaveLength(1);
  });

  it('given an older version chosen, then the form starts from it but still expects the current version', async () => {
    const { client, dialog } = await open({ previousVersionId: RISK_ASSESSMENT_V1.id });
    expect(dialog.getByText(/Starting from version 1; this will be saved as version 3/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    await screen.findByText(RISK_ASSESSMENT_SAVED);
    expect(client.mock.callsTo('saveRiskAssessment')[0]?.input).toMatchObject({
      body: { expectedCurrentVersion: 2, overallLevel: 'low', managementPlan: 'Review at each session.' },
    });
  });

  it('given no assessment yet, when saved untouched, then it is refused naming the missing area; with an area, version 0 is expected', async () => {
    const { client, dialog } = await open({ handlers: riskHandlers({ assessments: [] }) });
    expect(dialog.getByText('This is the first risk assessment for this client.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    expect(await dialog.findByText(RISK_RULE_MESSAGES.assessmentNoArea)).toBeInTheDocument();
    expect(client.mock.callsTo('saveRiskAssessment')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Add area' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    await screen.findByText(RISK_ASSESSMENT_SAVED);
    expect(client.mock.callsTo('saveRiskAssessment')[0]?.input).toMatchObject({
      body: { expectedCurrentVersion: 0, overallLevel: 'none', areas: [{ area: 'suicide', level: 'none' }] },
    });
  });

  it('given a level above none and no management plan, then the form asks for the plan', async () => {
    const { client, dialog } = await open();
    await userEvent.clear(dialog.getByRole('textbox', { name: /Management plan/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    expect(await dialog.findByText(RISK_RULE_MESSAGES.assessmentNoPlan)).toBeInTheDocument();
    expect(client.mock.callsTo('saveRiskAssessment')).toHaveLength(0);
  });

  it('given the overall level set below an area, then a reason is asked for, and sent once given', async () => {
    const { client, dialog } = await open();
    expect(dialog.queryByRole('textbox', { name: /Reason for the overall level/ })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'Low' }));
    const reason = await dialog.findByRole('textbox', { name: /Reason for the overall level/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    expect(await dialog.findByText(RISK_RULE_MESSAGES.overallReasonMissing)).toBeInTheDocument();
    expect(client.mock.callsTo('saveRiskAssessment')).toHaveLength(0);

    await userEvent.type(reason, 'Ideation was historic; crisis team involved');
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    await screen.findByText(RISK_ASSESSMENT_SAVED);
    expect(client.mock.callsTo('saveRiskAssessment')[0]?.input).toMatchObject({
      body: { overallLevel: 'low', overallLevelReason: 'Ideation was historic; crisis team involved' },
    });
  });

  it('given someone saved a newer version meanwhile, then the 409 message shows with copy and reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Someone saved a newer version of this risk assessment since you opened it.';
    const { dialog } = await open({
      handlers: { ...riskHandlers(), saveRiskAssessment: { error: { status: 409, message } } },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk assessment' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reload the newest version' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
