import { ONLINE_PAYMENT_MESSAGES } from '@halcyon/api/contract';
import {
  createMockClient,
  MockApiProvider,
  onlinePaymentsHandlers,
  PAY_TOKEN,
  PAYABLE_INVOICE,
  SANDBOX_CHECKOUT_ID,
  type MockClient,
} from '@halcyon/api/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PayPage } from './PayPage';
import { checkCard, SandboxCheckoutPage } from './SandboxCheckoutPage';
import { payPageOf } from './shared';

let counter = 0;

/** The pay page and the sandbox card page, each test with its own token (the pages remember a link once opened). */
function renderPay(client: MockClient, path?: string) {
  counter += 1;
  const token = `${PAY_TOKEN}-${counter}`;
  const router = createMemoryRouter(
    [
      { path: '/Pay/Sandbox-checkout/:id', element: <SandboxCheckoutPage /> },
      { path: '/Pay/:token', element: <PayPage /> },
    ],
    { initialEntries: [path ?? `/Pay/${token}`] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return { token, router, ...view };
}

describe('the pay page (/Pay/{token})', { timeout: 30_000 }, () => {
  it('given an invoice owing £85.00, when the client pays with the sandbox test card, then they come back to "paid"', async () => {
    const user = userEvent.setup();
    const client = createMockClient({ handlers: onlinePaymentsHandlers() });
    const { router, token, container } = renderPay(client);
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0042' })).toBeInTheDocument();
    expect(screen.getByText('From Calm Minds')).toBeInTheDocument();
    expect(screen.getByText('Robin Ellis')).toBeInTheDocument();
    expect(screen.getByText('12 Jan 2026')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Pay £85.00' }));
    expect(await screen.findByRole('heading', { name: 'Pay £85.00' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/Pay/Sandbox-checkout/${SANDBOX_CHECKOUT_ID}`);
    await user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^Expiry/), '12/40');
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £85.00' }));

    expect(await screen.findByText(ONLINE_PAYMENT_MESSAGES.paid)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/Pay/${token}`);
    expect(screen.getByText('Paid', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    // Only the outcome went to the server, never the card.
    expect(client.mock.callsTo('sandboxCompleteCheckout')[0]?.input).toEqual({
      params: { id: SANDBOX_CHECKOUT_ID },
      body: { outcome: 'paid' },
    });
    expect(JSON.stringify(client.mock.calls)).not.toContain('4242');
  });

  it('given the decline test card, then the card page says so and nothing is paid; Cancel goes back', async () => {
    const user = userEvent.setup();
    const client = createMockClient({ handlers: onlinePaymentsHandlers() });
    const { router } = renderPay(
      client,
      `/Pay/Sandbox-checkout/${SANDBOX_CHECKOUT_ID}?return=${encodeURIComponent(`/Pay/${PAY_TOKEN}-decline`)}`,
    );
    await user.type(await screen.findByLabelText(/^Card number/), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText(/^Expiry/), '12/40');
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £85.00' }));
    expect(await screen.findByText(ONLINE_PAYMENT_MESSAGES.declined)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText(ONLINE_PAYMENT_MESSAGES.cancelled)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/Pay/${PAY_TOKEN}-decline`);
    expect(screen.getByRole('button', { name: 'Pay £85.00' })).toBeInTheDocument();
  });

  it('given an unknown or expired link, then the page says so', async () => {
    const client = createMockClient({
      handlers: {
        ...onlinePaymentsHandlers(),
        publicPayableInvoice: { error: { status: 410, message: ONLINE_PAYMENT_MESSAGES.linkExpired } },
      },
    });
    renderPay(client);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ONLINE_PAYMENT_MESSAGES.linkExpired);
  });

  it('given a practice that cannot take card payments now, then no Pay button and a sentence instead', async () => {
    const client = createMockClient({
      handlers: onlinePaymentsHandlers({ invoice: { ...PAYABLE_INVOICE, canPay: false, state: 'overdue' } }),
    });
    renderPay(client);
    expect(await screen.findByText(ONLINE_PAYMENT_MESSAGES.notActive)).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});

describe('the sandbox card page', () => {
  it('checks the test card in the browser: which outcome, or what to fix', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '06/26', cvc: '123' }, now)).toEqual({ outcome: 'paid' });
    expect(checkCard({ number: '4000-0000-0000-0002', expiry: '12/30', cvc: '1234' }, now)).toEqual({
      outcome: 'declined',
    });
    const wrong = checkCard({ number: '4111 1111 1111 1111', expiry: '05/26', cvc: '1' }, now);
    expect(wrong).toEqual({
      errors: {
        number: expect.stringContaining('Use a sandbox test card') as string,
        expiry: 'This card has expired: enter a date in the future.',
        cvc: 'Enter the 3 or 4 digits on the back of the card.',
      },
    });
  });

  it('goes back only to a pay page of this app', () => {
    expect(payPageOf('/Pay/abcdefghijklmnopqrstu')).toBe('/Pay/abcdefghijklmnopqrstu');
    expect(payPageOf('https://evil.example/Pay/abcdefghijklmnop')).toBeNull();
    expect(payPageOf('//evil.example/x')).toBeNull();
    expect(payPageOf(null)).toBeNull();
  });
});
