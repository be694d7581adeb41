import { LEARNING_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, learningHandlers } from '@halcyon/api/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(props: { id?: number; defaults?: { issueDate?: string } } = {}) {
  const client = createMockClient({ handlers: learningHandlers() });
  renderWithModals(<Opener type="set-user-license-compliance" label="Open" props={props} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('set-user-license-compliance', () => {
  it('given an expiry before the issue date, then the form says so and nothing is sent; fixed, the record is added', async () => {
    const { client } = await open({ defaults: { issueDate: '2026-03-01' } });
    const dialog = await screen.findByRole('dialog', { name: 'Add licence or compliance record' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Issuing body/), 'BACP');
    fireEvent.change(inside.getByLabelText(/^Expiry date/), { target: { value: '2026-02-01' } });
    await userEvent.click(inside.getByRole('button', { name: 'Add record' }));
    expect(
      await inside.findByText('The expiry date must be on or after the issue date (1 Mar 2026).'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('createComplianceItem')).toHaveLength(0);
    fireEvent.change(inside.getByLabelText(/^Expiry date/), { target: { value: '2027-03-01' } });
    await userEvent.click(inside.getByRole('button', { name: 'Add record' }));
    expect(await screen.findByText(LEARNING_MESSAGES.complianceCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createComplianceItem')[0]?.input).toMatchObject({
      body: {
        kind: 'registration',
        body: 'BACP',
        issueDate: '2026-03-01',
        expiryDate: '2027-03-01',
        remind: true,
        documentFileId: null,
      },
    });
  });

  it('given a record, when the reminder is turned off and saved, then the version and the kept document are sent', async () => {
    const { client } = await open({ id: 502 });
    const dialog = await screen.findByRole('dialog', { name: 'Edit licence or compliance record' });
    const inside = within(dialog);
    await inside.findByText('hcpc-registration.pdf');
    await userEvent.click(inside.getByRole('checkbox', { name: /Remind me 60 days/ }));
    await userEvent.click(inside.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText(LEARNING_MESSAGES.complianceUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateComplianceItem')[0]?.input).toMatchObject({
      params: { id: 502 },
      body: { remind: false, version: 1, documentFileId: '0b4f3a1e-7d7c-4d8a-8e6a-3a9d2f1c5b77' },
    });
  });

  it('given a record, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    await open({ id: 503 });
    const dialog = await screen.findByRole('dialog', { name: 'Edit licence or compliance record' });
    await within(dialog).findByDisplayValue('DBS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('License / compliance record was successfully deleted.')).toBeInTheDocument();
  });
});
