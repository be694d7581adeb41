import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_PAYMENT_MESSAGES } from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, signIn } from '../../../test/auth';
import { notifications } from '../../../schema';
import { invoiceLedger, type InvoiceLedger, type OnlinePaymentInput, type PayableDocument } from './ledger';
import { issuePayLink } from './pay';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from './sandbox';
import { onlineCheckouts, onlinePaymentEvents } from './schema';

/**
 * The ledger's two calls, faked for these tests of online payments alone: invoices as documents, payments recorded once
 * per idempotency key (as the ledger promises), each call counted. They replace the methods of the one ledger object the
 * routes are given (a spy, not a module mock, so it holds however the test worker shares its modules between files).
 */
const ledger = (() => {
  const documents = new Map<number, PayableDocument>();
  const payments = new Map<string, { id: number; practiceId: number; input: OnlinePaymentInput }>();
  const fake: InvoiceLedger = {
    invoiceDocument: (_db, practiceId, invoiceId) => {
      const document = documents.get(invoiceId);
      return Promise.resolve(
        document && (document as PayableDocument & { practiceId?: number }).practiceId === practiceId ? document : null,
      );
    },
    recordPayment: (_db, practiceId, input, key) => {
      const known = payments.get(key);
      if (known) return Promise.resolve({ id: known.id });
      const payment = { id: payments.size + 1, practiceId, input };
      payments.set(key, payment);
      const document = documents.get(input.allocations[0]?.invoiceId ?? -1);
      if (document) {
        const paid = input.allocations[0]?.amountMinor ?? 0;
        document.paidMinor += paid;
        document.outstandingMinor -= paid;
      }
      return Promise.resolve({ id: payment.id });
    },
    recordViewed: () => Promise.resolve(),
  };
  return { documents, payments, fake };
})();
beforeEach(() => {
  vi.spyOn(invoiceLedger, 'invoiceDocument').mockImplementation(ledger.fake.invoiceDocument);
  vi.spyOn(invoiceLedger, 'recordPayment').mockImplementation(ledger.fake.recordPayment);
  vi.spyOn(invoiceLedger, 'recordViewed').mockImplementation(ledger.fake.recordViewed);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const SECRET = 'sandbox-secret-for-tests-0123456789abcdef';
const PUBLIC_URL = 'https://halcyon.example.com';

async function setUp(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp({ PUBLIC_URL, SANDBOX_WEBHOOK_SECRET: SECRET, ...env });
  const practice = await seedPractice(t, { clients: 1 });
  const admin = await signIn(t.app, memberOf(practice, 'Admin').email);
  return { t, practice, admin };
}

async function connect(t: TestApp, admin: { access_token: string; refresh_token: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/settings/online-payments/onboarding',
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>();
}

let nextInvoiceId = 9000;

/** An issued invoice of the practice's first client, owing `amountMinor`, in the fake ledger. */
function invoice(practiceId: number, clientId: number, amountMinor = 8500): PayableDocument {
  nextInvoiceId += 1;
  const document = {
    invoiceId: nextInvoiceId,
    practiceId,
    kind: 'invoice' as const,
    status: 'sent' as const,
    number: `INV-${nextInvoiceId}`,
    issueDate: '2026-11-01',
    dueDate: '2099-12-01',
    currency: 'GBP',
    practice: { name: 'Harbour Counselling' },
    billTo: { name: 'Robin Client', email: 'robin@example.com' },
    client: { id: clientId, name: 'Robin Client' },
    totalMinor: amountMinor,
    paidMinor: 0,
    outstandingMinor: amountMinor,
  };
  ledger.documents.set(document.invoiceId, document);
  return document;
}

function signed(body: object, secret = SECRET) {
  const payload = JSON.stringify(body);
  return {
    payload,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, payload) },
  };
}

describe('Settings > Online-payments (SPEC.md §2, §4, §7)', { timeout: 120_000 }, () => {
  it('given no provider connected, when an Admin or a Therapist asks, then the onboarding status is "not started"; an Assistant gets 403', async () => {
    const { t, practice } = await setUp();
    for (const role of ['Admin', 'Therapist'] as const) {
      const tokens = await signIn(t.app, memberOf(practice, role).email);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/settings/online-payments/onboarding-status',
        headers: bearer(tokens),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'not started' });
    }
    const assistant = await signIn(t.app, memberOf(practice, 'Assistant').email);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/settings/online-payments/onboarding-status',
      headers: bearer(assistant),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('given the sandbox provider, when the Admin connects, then onboarding completes at once: back to -return, status active', async () => {
    const { t, practice, admin } = await setUp();
    expect(await connect(t, admin)).toEqual({ url: `${PUBLIC_URL}/Settings/Online-payments-return` });

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/settings/online-payments/onboarding-status',
      headers: bearer(admin),
    });
    expect(status.json()).toEqual({ status: 'active' });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/settings/online-payments/account-status',
      headers: bearer(admin),
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({
      status: 'active',
      provider: 'sandbox',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirements: [],
    });
    expect(account.json<{ accountId: string }>().accountId).toMatch(/^acct_sandbox_/);

    // Only an Admin connects or disconnects the practice's account.
    const therapist = await signIn(t.app, memberOf(practice, 'Therapist').email);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/settings/online-payments/onboarding',
      headers: bearer(therapist),
    });
    expect(refused.statusCode).toBe(403);

    const disconnected = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/online-payments/account-status',
      headers: bearer(admin),
    });
    expect(disconnected.json()).toEqual({ detail: ONLINE_PAYMENT_MESSAGES.disconnected });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/settings/online-payments/onboarding-status',
      headers: bearer(admin),
    });
    expect(after.json()).toEqual({ status: 'not started' });
  });

  it('given the settings, when saved with the version read, then kept; a stale version is 409 and 500 days is refused', async () => {
    const { t, admin } = await setUp();
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/settings/online-payment-details',
      headers: bearer(admin),
    });
    expect(read.json()).toEqual({ provider: 'sandbox', acceptCardPayments: true, payLinkDays: 60, version: 0 });
    const save = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings/online-payment-details', headers: bearer(admin), payload });
    const saved = await save({ acceptCardPayments: false, payLinkDays: 30, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ provider: 'sandbox', acceptCardPayments: false, payLinkDays: 30, version: 1 });
    expect((await save({ acceptCardPayments: true, payLinkDays: 30, version: 0 })).statusCode).toBe(409);
    const tooLong = await save({ acceptCardPayments: true, payLinkDays: 500, version: 1 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('A pay link works at most 365 days.');
  });
});

/** A connected practice, an invoice of `amountMinor` e-mailed with its pay link, and a checkout started from it. */
async function checkoutStarted(amountMinor: number) {
  const { t, practice, admin } = await setUp();
  await connect(t, admin);
  const document = invoice(practice.practiceId, practice.clientIds[0]!, amountMinor);
  const token = (await issuePayLink(t.database.db, t.platform, practice.practiceId, document.invoiceId))!
    .split('/')
    .pop()!;
  const started = await t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });
  const id = new URL(started.json<{ url: string }>().url).pathname.split('/').pop()!;
  return { t, practice, document, id };
}

describe('the pay page and the sandbox checkout (issue 15 item 8)', { timeout: 120_000 }, () => {
  it('given an invoice e-mailed with its pay link, when the client pays on the sandbox card page, then one payment is recorded and the checkout is paid, with no second notice beside the ledger’s', async () => {
    const { t, practice, admin } = await setUp();
    const document = invoice(practice.practiceId, practice.clientIds[0]!);
    expect(await issuePayLink(t.database.db, t.platform, practice.practiceId, document.invoiceId)).toBeNull();
    await connect(t, admin);
    const link = await issuePayLink(t.database.db, t.platform, practice.practiceId, document.invoiceId);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/Pay/[A-Za-z0-9_-]{44,}$`));
    // The document shows the same link again while it has time left: reading it makes no new link.
    expect(await issuePayLink(t.database.db, t.platform, practice.practiceId, document.invoiceId)).toBe(link);
    const token = link!.split('/').pop()!;

    const page = await t.app.inject({ method: 'GET', url: `/api/pay/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      practiceName: 'Harbour Counselling',
      invoiceNumber: document.number,
      billToName: 'Robin Client',
      issueDate: '2026-11-01',
      dueDate: '2099-12-01',
      currency: 'GBP',
      totalMinor: 8500,
      paidMinor: 0,
      balanceMinor: 8500,
      state: 'due',
      canPay: true,
    });

    const checkout = await t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { url } = checkout.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/Pay/Sandbox-checkout/cs_sandbox_`));
    const id = new URL(url).pathname.split('/').pop()!;
    expect(new URL(url).searchParams.get('return')).toBe(`/Pay/${token}`);
    const card = await t.app.inject({ method: 'GET', url: `/api/pay-sandbox/checkout/${id}` });
    expect(card.json()).toEqual({
      practiceName: 'Harbour Counselling',
      invoiceNumber: document.number,
      currency: 'GBP',
      amountMinor: 8500,
      state: 'open',
    });

    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/pay-sandbox/checkout/${id}`,
      payload: { outcome: 'declined' },
    });
    expect(declined.json()).toEqual({ state: 'declined', detail: ONLINE_PAYMENT_MESSAGES.declined });
    expect(ledger.payments.size).toBe(0);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/pay-sandbox/checkout/${id}`,
      payload: { outcome: 'paid' },
    });
    expect(paid.json()).toEqual({ state: 'paid', detail: ONLINE_PAYMENT_MESSAGES.paid });
    const recorded = [...ledger.payments.values()].filter((p) => p.practiceId === practice.practiceId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.input).toMatchObject({
      clientId: practice.clientIds[0],
      amountMinor: 8500,
      currency: 'GBP',
      method: 'online',
      allocations: [{ invoiceId: document.invoiceId, amountMinor: 8500 }],
    });
    const [row] = await t.database.db.select().from(onlineCheckouts).where(eq(onlineCheckouts.providerCheckoutId, id));
    expect(row).toMatchObject({ status: 'paid', paymentId: 1 });
    expect(row!.paymentRef).toMatch(/^pi_sandbox_/);
    // The payer gets a receipt: the amount, the invoice, the provider's reference, and that nothing is owed.
    const receipts = readOutbox(t).filter((mail) => mail.text.includes('has received your card payment'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toBe('robin@example.com');
    expect(receipts[0]!.text).toContain(`card payment of £85.00 for invoice ${document.number}`);
    expect(receipts[0]!.text).toContain(`Payment reference: ${row!.paymentRef}.`);
    expect(receipts[0]!.text).toContain('The invoice is paid in full.');
    // Paid in full: the ledger's one "Invoice paid" tells the therapist (ledger.test.ts), not a second notification.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.practiceId, practice.practiceId), eq(notifications.title, 'Payment received online')),
      );
    expect(told).toHaveLength(0);

    // Paid: the page says so, and neither a new checkout nor the closed sandbox page takes money again.
    expect((await t.app.inject({ method: 'GET', url: `/api/pay/${token}` })).json()).toMatchObject({
      state: 'paid',
      balanceMinor: 0,
      canPay: false,
    });
    const again = await t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ONLINE_PAYMENT_MESSAGES.nothingOwed });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/pay-sandbox/checkout/${id}`,
      payload: { outcome: 'paid' },
    });
    expect(closed.statusCode).toBe(409);
  });

  it('given a paid event delivered twice (a provider retry, a replay), then one payment and one event are recorded', async () => {
    const { t, practice, id } = await checkoutStarted(4000);
    const before = ledger.payments.size;
    const event = {
      id: `evt_replay_${id.slice(-8)}`,
      type: 'checkout.paid',
      created: Math.floor(Date.now() / 1000),
      data: { checkoutId: id, paymentRef: 'pi_sandbox_replayed', amountMinor: 4000, currency: 'GBP' },
    };
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', ...signed(event) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect(ledger.payments.size - before).toBe(1);
    expect(readOutbox(t).filter((mail) => mail.text.includes('pi_sandbox_replayed'))).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(onlinePaymentEvents)
      .where(eq(onlinePaymentEvents.eventId, event.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'payment recorded', practiceId: practice.practiceId });
  });

  it('given a card payment for an invoice paid another way meanwhile, then it is recorded as credit and the therapist told what came in', async () => {
    const { t, practice, document, id } = await checkoutStarted(4000);
    // Recorded by the desk while the client was on the card page.
    document.paidMinor = 4000;
    document.outstandingMinor = 0;
    const event = {
      id: `evt_credit_${id.slice(-8)}`,
      type: 'checkout.paid',
      created: Math.floor(Date.now() / 1000),
      data: { checkoutId: id, paymentRef: 'pi_sandbox_late', amountMinor: 4000, currency: 'GBP' },
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', ...signed(event) });
    expect(response.statusCode, response.body).toBe(200);
    const recorded = [...ledger.payments.values()].find((p) => p.input.reference === 'pi_sandbox_late');
    expect(recorded?.input).toMatchObject({ amountMinor: 4000, allocations: [] });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.practiceId, practice.practiceId), eq(notifications.title, 'Payment received online')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toMatch(/ paid £40\.00 towards invoice .* online by card\.$/);
    expect(told[0]!.link).toBe(`/Billing/${document.invoiceId}`);
    const receipt = readOutbox(t).find((mail) => mail.text.includes('pi_sandbox_late'));
    expect(receipt?.text).toContain('£40.00 of it is kept as credit on your account for later invoices.');
  });

  it('given a webhook whose signature does not match its body, then 400 and nothing is recorded', async () => {
    const { t } = await setUp();
    const event = { id: 'evt_forged', type: 'checkout.paid', created: Math.floor(Date.now() / 1000), data: {} };
    const forged = signed(event, 'another-secret-that-is-not-the-sandbox-one');
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', ...forged });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ONLINE_PAYMENT_MESSAGES.signatureRefused });
    const tampered = signed(event);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: tampered.headers,
      payload: tampered.payload.replace('evt_forged', 'evt_forgee'),
    });
    expect(changed.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.database.db.select().from(onlinePaymentEvents)).toEqual([]);
    // The provider not configured here has no webhook.
    const stripe = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', ...signed(event) });
    expect(stripe.statusCode).toBe(404);
  });

  it('given an unknown or expired pay link, then 404 or 410 with a sentence', async () => {
    const { t, practice, admin } = await setUp();
    await connect(t, admin);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/pay/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: ONLINE_PAYMENT_MESSAGES.linkInvalid });
    const document = invoice(practice.practiceId, practice.clientIds[0]!);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 61 * 86_400_000 });
    const old = (await issuePayLink(t.database.db, t.platform, practice.practiceId, document.invoiceId))!;
    vi.useRealTimers();
    const expired = await t.app.inject({ method: 'GET', url: `/api/pay/${old.split('/').pop()}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: ONLINE_PAYMENT_MESSAGES.linkExpired });
  });
});
