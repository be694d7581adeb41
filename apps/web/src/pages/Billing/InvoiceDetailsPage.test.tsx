import { BILLING_MESSAGES, invoiceLayout } from '@halcyon/api/contract';
import { billingHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBillingRoute } from '../../features/billing/testing';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const SLOW = { timeout: 5000 };

async function preview() {
  return screen.findByRole('article', { name: 'Invoice preview' }, SLOW);
}

describe('/Billing/{id}', () => {
  it('given a partly paid invoice, then the preview shows every word and figure of the document the PDF prints', async () => {
    const handlers = billingHandlers({ onlinePayments: true });
    const client = createMockClient({ handlers });
    const { container } = renderBillingRoute('/Billing/42', { client });
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0042', level: 1 }, SLOW)).toBeInTheDocument();
    const sheet = await preview();
    const document = await client.call('getInvoiceDetails', { params: { id: 42 } });
    const layout = invoiceLayout(document!);
    const text = sheet.textContent ?? '';
    for (const expected of [
      layout.practice.name,
      ...layout.practice.lines,
      ...layout.facts.flatMap((row) => [row.label, row.value]),
      ...layout.billTo.lines,
      ...layout.lines.flatMap((line) => [line.description, line.unitPrice, line.amount]),
      ...layout.totals.flatMap((row) => [row.label, row.value]),
      ...(layout.paymentInstructions?.lines ?? []),
      layout.footer,
    ]) {
      expect(text).toContain(expected);
    }
    expect(within(sheet).getByText('Balance due').parentElement).toHaveTextContent('Balance due£180.00');
    expect(within(sheet).getByRole('link', { name: /^https:\/\/halcyon\.example\/Pay\/token-42/ })).toBeInTheDocument();
    expect(await screen.findByText('Sent to Priya Patel', undefined, SLOW)).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a draft, when Send is pressed, then it is numbered and sent with an Idempotency-Key, and says “Invoice sent.”', async () => {
    const { client } = renderBillingRoute('/Billing/44');
    expect(await screen.findByRole('heading', { name: 'Draft invoice', level: 1 }, SLOW)).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Draft invoice preview' }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(BILLING_MESSAGES.invoiceSent)).toBeInTheDocument();
    expect(client.mock.callsTo('sendInvoice')[0]?.input).toMatchObject({
      params: { id: 44 },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0046', level: 1 }, SLOW)).toBeInTheDocument();
  });

  it('given an issued invoice, when a credit note is issued with a reason, then it says so and opens the credit note', async () => {
    const { client, router } = renderBillingRoute('/Billing/43');
    await preview();
    await userEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    const panel = screen
      .getByRole('heading', { name: 'Issue a credit note for INV-0043' })
      .closest('div')!.parentElement!;
    await userEvent.click(within(panel).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(panel).findByText('Say why the invoice is credited.')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText(/^Reason/), 'Sessions cancelled by the practice.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText(BILLING_MESSAGES.creditNoteIssued)).toBeInTheDocument();
    expect(client.mock.callsTo('createCreditNote')[0]?.input).toMatchObject({
      params: { id: 43 },
      body: { reason: 'Sessions cancelled by the practice.', lineIds: [] },
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/Billing/43'));
    expect(await screen.findByRole('article', { name: 'Credit note preview' }, SLOW)).toBeInTheDocument();
  });

  it('given an unpaid invoice, when a reminder is sent, then the timeline shows it', async () => {
    renderBillingRoute('/Billing/43');
    await preview();
    await userEvent.click(screen.getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText(BILLING_MESSAGES.reminderSent)).toBeInTheDocument();
    expect(await screen.findByText('Reminder sent to Tom Reid', undefined, SLOW)).toBeInTheDocument();
  });

  it('given an issued invoice billed to an insurer, when "Claim from insurer" is pressed, then a draft claim opens in the claims', async () => {
    const ledger = createMockClient({ handlers: billingHandlers() });
    const invoice = (await ledger.call('getInvoice', { params: { id: 43 } }))!;
    const toInsurer = { ...invoice, billTo: { ...invoice.billTo, kind: 'insurer' as const, name: 'Bupa' } };
    const { client, router } = renderBillingRoute('/Billing/43', { handlers: { getInvoice: () => toInsurer } });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim from insurer' }, SLOW));
    await waitFor(() =>
      expect(client.mock.callsTo('createInsuranceClaim')[0]?.input).toEqual({ body: { invoiceId: 43 } }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=claims'));
  });

  it('given an invoice billed to the client, then it offers no insurance claim', async () => {
    renderBillingRoute('/Billing/43');
    await screen.findByRole('button', { name: 'Download PDF' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Claim from insurer' })).toBeNull();
  });

  it('given a note is added, then it is listed with its author', async () => {
    renderBillingRoute('/Billing/42');
    await preview();
    await userEvent.type(screen.getByLabelText(/^Add a note/), 'Mother pays by bank transfer.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(BILLING_MESSAGES.noteCreated)).toBeInTheDocument();
    expect(await screen.findByText('Mother pays by bank transfer.')).toBeInTheDocument();
  });

  it('given an unknown invoice, then the not-found page; given a failed read, then the error with Retry', async () => {
    const first = renderBillingRoute('/Billing/999');
    expect(await screen.findByRole('heading', { name: /not found/i }, SLOW)).toBeInTheDocument();
    first.unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBillingRoute('/Billing/42', { handlers: { getInvoice: { error: { status: 500, message: 'Down' } } } });
    expect(await screen.findByText('This invoice could not be loaded', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('given privacy on, then names and amounts of the preview are blurred', async () => {
    renderBillingRoute('/Billing/42', { privacy: true });
    const sheet = await preview();
    for (const text of ['Priya Patel', '£180.00', 'Report for the school']) {
      const element = within(sheet).getAllByText(text, { exact: false })[0]!;
      expect(element.closest('[data-privacy="on"]')).toHaveAttribute('data-state', 'hidden');
    }
  });
});
