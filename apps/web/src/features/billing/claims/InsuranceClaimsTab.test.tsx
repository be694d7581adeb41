import { INSURANCE_CLAIM_MESSAGES } from '@halcyon/api/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderBooks } from '../booksTesting';
import { ClaimInvoiceButton, InsuranceClaimsTab } from './InsuranceClaimsTab';

vi.setConfig({ testTimeout: 15_000 });

async function actionsOf(invoiceNumber: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for the claim of ${invoiceNumber}` }));
  return screen.findByRole('menu');
}

describe('InsuranceClaimsTab', () => {
  it('given claims, then each shows its client, invoice, insurer, total and status', async () => {
    renderBooks(<InsuranceClaimsTab />);
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('INV-0041')).toBeInTheDocument();
    expect(within(grid).getAllByText('Bupa')).toHaveLength(4);
    expect(within(grid).getAllByText('£195.00')).toHaveLength(4);
    expect(within(grid).getByText('Rejected')).toBeInTheDocument();
    expect(within(grid).getByText('The policy does not cover couples work.')).toBeInTheDocument();
  });

  it('given the filter modal, when Rejected is applied, then the list asks for rejected claims from page 1 and a chip removes it', async () => {
    const { client } = renderBooks(<InsuranceClaimsTab />);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter insurance claims' });
    expect(within(dialog).getByRole('combobox', { name: /^Client/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Apply/ }));
    await waitFor(() =>
      expect(client.mock.callsTo('listInsuranceClaims').at(-1)?.input).toMatchObject({
        query: { page: 1, status: ['rejected'] },
      }),
    );
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Filters applied' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove the status filter' }));
    // Every claim again (the first read's, from the cache), and no chip.
    expect(await screen.findByRole('button', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Filters applied' })).not.toBeInTheDocument();
  });

  it('given a draft, when marked as submitted, then the status moves with the version it was read at', async () => {
    const { client } = renderBooks(<InsuranceClaimsTab />);
    const menu = await actionsOf('INV-0044');
    // A draft can only be submitted (and exported, or deleted).
    expect(within(menu).queryByText('Mark as paid')).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mark as submitted' }));
    expect(await screen.findByText(INSURANCE_CLAIM_MESSAGES.status('submitted'))).toBeInTheDocument();
    expect(client.mock.callsTo('updateInsuranceClaimStatus')[0]?.input).toMatchObject({
      params: { id: 404 },
      body: { status: 'submitted', version: 1 },
    });
  });

  it('given a submitted claim, when rejected, then the insurer’s reason is asked for before anything is sent', async () => {
    const { client } = renderBooks(<InsuranceClaimsTab />);
    const menu = await actionsOf('INV-0041');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mark as rejected…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as rejected' }));
    expect(await screen.findByText(INSURANCE_CLAIM_MESSAGES.reasonMissing)).toBeInTheDocument();
    expect(client.mock.callsTo('updateInsuranceClaimStatus')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Why did the insurer reject/), 'No pre-authorisation.');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as rejected' }));
    expect(await screen.findByText(INSURANCE_CLAIM_MESSAGES.status('rejected'))).toBeInTheDocument();
    expect(client.mock.callsTo('updateInsuranceClaimStatus')[0]?.input).toMatchObject({
      body: { status: 'rejected', reason: 'No pre-authorisation.' },
    });
  });

  it('given a draft, when exported and deleted, then the CSV downloads and the deletion says so', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
    const { client } = renderBooks(<InsuranceClaimsTab />);
    await userEvent.click(within(await actionsOf('INV-0044')).getByRole('menuitem', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(client.mock.callsTo('exportInsuranceClaim')[0]?.input).toMatchObject({ params: { id: 404 } }),
    );
    await userEvent.click(within(await actionsOf('INV-0044')).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Insurance claim was successfully deleted.')).toBeInTheDocument();
  });

  it('given Privacy on, then clients and totals are blurred', async () => {
    renderBooks(<InsuranceClaimsTab />, { privacy: true });
    const total = (await screen.findAllByText('£195.00'))[0]!;
    expect(total.closest('[data-privacy="on"]')).toHaveAttribute('data-state', 'hidden');
    expect(screen.getByText('Sam Whitfield').closest('[data-privacy="on"]')).toHaveAttribute('data-state', 'hidden');
  });

  it('given an invoice, when claimed, then a draft claim is made and the tab shows it first', async () => {
    const { client } = renderBooks(
      <>
        <ClaimInvoiceButton invoiceId={77} />
        <InsuranceClaimsTab />
      </>,
    );
    await screen.findByText('INV-0041');
    await userEvent.click(screen.getByRole('button', { name: 'Claim from insurer' }));
    expect(await screen.findByText(INSURANCE_CLAIM_MESSAGES.created)).toBeInTheDocument();
    expect(client.mock.callsTo('createInsuranceClaim')[0]?.input).toMatchObject({ body: { invoiceId: 77 } });
  });
});
