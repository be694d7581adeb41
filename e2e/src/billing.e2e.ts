import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import {
  apiCall,
  createClientThroughApi,
  dialog,
  message,
  openClient,
  scheduleSessionThroughApi,
} from './support/clients';
import { e2eServer, newAccount, newPerson, registerPractice, signIn, type Account } from './support/journeys';
import { linkFromOutbox } from './support/outbox';

/** SPEC.md §8 and the ledger's and online payments' messages, word for word. */
const INVOICE_SENT = 'Invoice sent.';
const CREDIT_NOTE_ISSUED = 'Credit note issued.';
const ADVANCE_RECORDED = 'Advance payment recorded.';
const PAID_ONLINE = 'Thank you: your payment was received.';

/** Two attended sessions at £80.00. */
const SESSION_PRICE_MINOR = 8_000;
const TOTAL = '£160.00';

/** Today in UTC, `YYYY-MM-DD` (the export's period ends today). */
const today = () => new Date().toISOString().slice(0, 10);

/** An attended session of the client an hour or more ago, at the service's price. */
async function attendedSession(page: Page, clientId: number, serviceId: number, minutesFromNow: number) {
  const id = await scheduleSessionThroughApi(page, clientId, minutesFromNow, { serviceId });
  const { version } = await apiCall<{ version: number }>(page, 'GET', `/api/clients/single-session/retrieve/${id}`);
  await apiCall(page, 'PATCH', `/api/clients/single-session/attendance/${id}`, { status: 'attended', version });
  return id;
}

/** A CSV export's text, downloaded as the web app downloads it (bearer token, the period's query). */
async function downloadCsv(page: Page, path: string): Promise<{ type: string; text: string }> {
  return page.evaluate(async (url) => {
    const token = window.localStorage.getItem('access_token');
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { type: response.headers.get('content-type') ?? '', text: await response.text() };
  }, path);
}

/**
 * Issue 15, item 12: a therapist invoices a client's attended sessions and sends the invoice -> the client pays online
 * from the e-mailed link on the sandbox provider -> the invoice shows paid with its timeline -> a credit note -> the
 * accountant's CSV export holds both.
 */
describe('billing: from attended sessions to a paid, credited invoice and the accountant’s export', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Bea');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given two attended sessions, when they are invoiced and sent, then the client pays online from the e-mail, the invoice shows paid with its timeline, is credited, and the export holds it', async () => {
    const therapist = await openPage(browser, { width: 1440, height: 1000 });
    const { page } = therapist;
    await signIn(page, server, account);

    // Set-up the journey is not about: a priced service, the account clients pay into, card payments (the sandbox).
    const service = await apiCall<{ id: number }>(page, 'POST', '/api/settings/services', {
      name: 'Individual session',
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: SESSION_PRICE_MINOR,
      currency: 'GBP',
    });
    await apiCall(page, 'POST', '/api/settings/client-billing/account-details', {
      name: 'Practice account',
      accountCurrency: 'GBP',
      sortCode: '123456',
      accountNumber: '12345678',
    });
    await apiCall(page, 'POST', '/api/settings/online-payments/onboarding');
    const person = newPerson('Grace', 'Hopper');
    const clientId = await createClientThroughApi(page, {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
    });
    await attendedSession(page, clientId, service.id, -26 * 60);
    await attendedSession(page, clientId, service.id, -2 * 60);

    // 1. The client's quick action "Invoice": both sessions are on it, £160.00; Send numbers and e-mails it.
    await openClient(page, server.url, clientId);
    await page.getByRole('button', { name: 'Invoice', exact: true }).click();
    const invoiceDialog = dialog(page, 'New invoice');
    await invoiceDialog.getByRole('group', { name: 'Line 2' }).waitFor();
    await expect.poll(() => invoiceDialog.getByLabel('Totals').innerText()).toContain(TOTAL);
    expect(await axeViolations(page)).toEqual([]);
    await invoiceDialog.getByRole('button', { name: 'Send', exact: true }).click();
    await message(page, INVOICE_SENT).waitFor();
    await invoiceDialog.waitFor({ state: 'detached' });
    const { items } = await apiCall<{ items: { id: number; number: string }[] }>(
      page,
      'GET',
      `/api/billing-payment/invoices?clientId=${clientId}`,
    );
    const invoice = items[0]!;
    expect(invoice.number).toMatch(/^INV-\d+$/);

    // 2. The client pays from the link in their e-mail, on a phone, with the sandbox's test card.
    const client = await openPage(browser, { width: 390, height: 844 });
    const link = await linkFromOutbox(server.dataDir, person.email, '/Pay');
    await client.page.goto(`${server.url}${link}`);
    await client.page.getByRole('button', { name: `Pay ${TOTAL}` }).click();
    const card = client.page.getByRole('form', { name: 'Card details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('Security code').fill('123');
    await card.getByRole('button', { name: `Pay ${TOTAL}` }).click();
    await message(client.page, PAID_ONLINE).waitFor({ timeout: 20_000 });
    expect(await axeViolations(client.page)).toEqual([]);
    expect(client.errors).toEqual([]);
    await client.context.close();

    // 3. The invoice shows paid, and its timeline has the sending and the payment.
    await page.goto(`${server.url}/Billing/${invoice.id}`);
    const timeline = page.getByRole('heading', { name: 'Timeline', level: 2 }).locator('xpath=../..');
    await timeline
      .getByText(/paid in full/i)
      .first()
      .waitFor();
    await timeline
      .getByText(`Invoice ${invoice.number} sent to ${person.firstName} ${person.lastName}`, { exact: false })
      .waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();

    // 4. A credit note for it (the sessions were paid, so the money becomes the client's credit).
    await page
      .getByRole('group', { name: 'Invoice actions' })
      .getByRole('button', { name: 'Issue credit note' })
      .click();
    const panel = page.locator('form').filter({ has: page.getByLabel('Reason') });
    await panel.getByLabel('Reason').fill('Sessions refunded as a goodwill gesture.');
    await panel.getByRole('button', { name: 'Issue credit note' }).click();
    await message(page, CREDIT_NOTE_ISSUED).waitFor();
    // The credit note's own page opens.
    await page.waitForURL((url) => /^\/Billing\/\d+$/.test(url.pathname) && url.pathname !== `/Billing/${invoice.id}`);
    const notes = await apiCall<{ items: { number: string; creditsInvoiceId: number }[] }>(
      page,
      'GET',
      `/api/billing-payment/invoices?clientId=${clientId}&kind=credit_note`,
    );
    expect(notes.items[0]?.creditsInvoiceId).toBe(invoice.id);

    // 5. The accountant's CSV of invoices holds the invoice and its credit note.
    const csv = await downloadCsv(page, `/api/billing-payment/exports/invoices?from=${today()}&to=${today()}`);
    expect(csv.type).toMatch(/text\/csv/);
    expect(csv.text).toContain(invoice.number);
    expect(csv.text).toContain(notes.items[0]!.number);
    expect(therapist.errors).toEqual([]);
    await therapist.context.close();
    // Two browsers, a payment through the sandbox and a credit note: longer than one page's journey.
  }, 150_000);

  it('given /Billing on a phone, when an advance payment is saved without a client, then the form says so; with one it is recorded', async () => {
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, server, account);
    await page.goto(`${server.url}/Billing`);
    await page.getByRole('button', { name: 'Advance payment' }).click();
    const advance = dialog(page, 'Advance payment');
    await advance.getByLabel(/^Amount/).fill('50');
    await advance.getByRole('button', { name: 'Record advance payment' }).click();
    await advance.getByText('Choose a client.').waitFor();
    await advance.getByRole('combobox', { name: /^Client/ }).fill('Grace');
    await page.getByRole('option', { name: /Grace Hopper/ }).click();
    await advance.getByRole('button', { name: 'Record advance payment' }).click();
    await message(page, ADVANCE_RECORDED).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
