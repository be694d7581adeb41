import { createMockClient, RISK_CLIENT_ID, riskHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { RISK_ITEM_CREATED, RISK_ITEM_UPDATED } from './RiskItemModal';

function Opener({ id }: { id?: number }) {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('risk-item', { clientId: RISK_CLIENT_ID, id, defaults: { date: '2026-03-02' } })}>
      Risk item
    </Button>
  );
}

async function open(id?: number, handlers = riskHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener id={id} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Risk item' }));
  const dialog = within(await screen.findByRole('dialog', { name: id ? 'Edit risk item' : 'Add risk item' }));
  await dialog.findByRole('textbox', { name: /Description/ }, { timeout: 5000 });
  return { client, dialog };
}

describe('risk-item', { timeout: 20_000 }, () => {
  it('given a description and a severity, when added, then the item is sent with the date and "Risk item created." shows', async () => {
    const { client, dialog } = await open();
    await userEvent.click(dialog.getByRole('radio', { name: 'High' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Description/ }), 'Said they had a plan');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Action taken' }), 'Crisis team called');
    await userEvent.click(dialog.getByRole('button', { name: 'Add risk item' }));
    expect(await screen.findByText(RISK_ITEM_CREATED)).toBeInTheDocument();
    expect(client.mock.callsTo('createRiskItem')[0]?.input).toMatchObject({
      params: { clientId: RISK_CLIENT_ID },
      body: {
        date: '2026-03-02',
        severity: 'high',
        category: 'other',
        description: 'Said they had a plan',
        actionTaken: 'Crisis team called',
        reviewDate: null,
        status: 'open',
      },
    });
  });

  it('given no description, then the contract message says what to write and nothing is sent', async () => {
    const { client, dialog } = await open();
    await userEvent.click(dialog.getByRole('button', { name: 'Add risk item' }));
    expect(await dialog.findByText('Describe what happened or what concerns you.')).toBeInTheDocument();
    expect(client.mock.callsTo('createRiskItem')).toHaveLength(0);
  });

  it('given an existing item, then it opens filled in, can be closed, and saves with its version; "Risk item updated."', async () => {
    const { client, dialog } = await open(51);
    expect(dialog.getByRole('textbox', { name: /Description/ })).toHaveValue('Disclosed cutting last weekend');
    await userEvent.click(dialog.getByRole('radio', { name: 'Closed' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk item' }));
    expect(await screen.findByText(RISK_ITEM_UPDATED)).toBeInTheDocument();
    expect(client.mock.callsTo('updateRiskItem')[0]?.input).toMatchObject({
      params: { id: 51 },
      body: { status: 'closed', version: 2, severity: 'high' },
    });
  });

  it('given the item was changed elsewhere, then the 409 message shows and the text stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'This risk item was changed elsewhere since you opened it. Nothing was saved.';
    const { dialog } = await open(51, { ...riskHandlers(), updateRiskItem: { error: { status: 409, message } } });
    await userEvent.type(dialog.getByRole('textbox', { name: 'Action taken' }), ' and more');
    await userEvent.click(dialog.getByRole('button', { name: 'Save risk item' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Action taken' })).toHaveValue(
      'Reviewed safety plan; informed GP with consent and more',
    );
    expect(dialog.getByRole('button', { name: 'Copy my text' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('given the form, then it has no axe violations', async () => {
    await open();
    await expect(screen.getByRole('dialog')).toHaveNoAxeViolations();
  });
});
