import { createMockClient, PLAN_CLIENT_ID, PLAN_V1, PLAN_V2, treatmentPlanHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { TREATMENT_PLAN_UPDATED } from './TreatmentPlanEditorModal';

const NEWER = 'Someone saved a newer version of this treatment plan since you opened it. Nothing was saved.';

function Opener({ planId }: { planId: number }) {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('treatment-plan-editor', { clientId: PLAN_CLIENT_ID, treatmentPlanId: planId })}>
      Edit plan
    </Button>
  );
}

async function open(planId: number, handlers = treatmentPlanHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener planId={planId} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Edit plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit treatment plan' });
  await within(dialog).findByRole('textbox', { name: 'Title' }, { timeout: 5000 });
  return { client, dialog };
}

describe('treatment-plan-editor', { timeout: 20_000 }, () => {
  it('given an older version, when edited, then it is saved as a new version from it with the newest version expected', async () => {
    const { client, dialog } = await open(PLAN_V1.id);
    const d = within(dialog);
    expect(d.getByRole('textbox', { name: 'Title' })).toHaveValue(PLAN_V1.title);
    expect(d.getByText(/The new version will be version 3/)).toBeInTheDocument();
    await userEvent.clear(d.getByRole('textbox', { name: 'Title' }));
    await userEvent.type(d.getByRole('textbox', { name: 'Title' }), 'Restored plan');
    await userEvent.click(d.getByRole('button', { name: 'Save as new version' }));
    expect(await screen.findByText(TREATMENT_PLAN_UPDATED)).toBeInTheDocument();
    const [call] = client.mock.callsTo('createTreatmentPlanVersion');
    expect(call?.path).toBe(`/api/clients/treatment-plan/new-version/${PLAN_V1.id}`);
    expect(call?.input).toMatchObject({
      body: {
        title: 'Restored plan',
        expectedLatestVersion: 2,
        markCurrent: true,
        goals: [{ description: 'Reduce panic attacks' }],
      },
    });
  });

  it('given someone saved a newer version meanwhile, then the 409 message shows, the text stays, and reload brings the newest version', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = treatmentPlanHandlers();
    const { client, dialog } = await open(PLAN_V2.id, {
      ...handlers,
      createTreatmentPlanVersion: { error: { status: 409, message: NEWER } },
    });
    const d = within(dialog);
    await userEvent.type(d.getByRole('textbox', { name: 'Notes' }), 'My careful notes');
    await userEvent.click(d.getByRole('button', { name: 'Save as new version' }));
    expect(await d.findByText(NEWER)).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Notes' })).toHaveValue('My careful notes');
    expect(screen.queryByText(TREATMENT_PLAN_UPDATED)).not.toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Copy my text' })).toBeInTheDocument();

    client.mock.set('listTreatmentPlans', () => ({
      items: [{ ...PLAN_V2, id: 99, treatmentPlanVersion: 3, title: 'Colleague edit', problems: undefined } as never],
    }));
    client.mock.set('getTreatmentPlan', () => ({
      ...PLAN_V2,
      id: 99,
      treatmentPlanVersion: 3,
      title: 'Colleague edit',
    }));
    await userEvent.click(d.getByRole('button', { name: 'Reload the newest version' }));
    await waitFor(() => expect(d.getByRole('textbox', { name: 'Title' })).toHaveValue('Colleague edit'));
    expect(d.getByText(/The new version will be version 4/)).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('given a plan that no longer exists, then the modal says so', async () => {
    const client = createMockClient({ handlers: treatmentPlanHandlers() });
    renderWithModals(<Opener planId={404} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Edit plan' }));
    expect(await screen.findByText('This plan no longer exists: it may have been deleted.')).toBeInTheDocument();
  });
});
