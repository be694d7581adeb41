import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  BILLING_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  type BillableItem,
  type ClientBalance,
  type ClientSession,
  type Invoice,
  type InvoiceDocument,
  type InvoiceEvent,
  type InvoicePage,
  type LastPaymentReminder,
  type PaymentDetails,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor } from '../../../test/auth';
import { eq } from 'drizzle-orm';
import { notifications } from '../../notifications/schema';
import { invoiceLedger } from '../online';
import { invoiceReminderRules } from '../settings/schema';
import { sendDueReminders } from './reminders';
import { ledgerSetup } from './testing';

const BASE = '/api/billing-payment';
// Each test builds its own app and two practices: on two cores shared with other work, that alone can take 20 s.
vi.setConfig({ testTimeout: 120_000 });

describe('invoices from the work done', () => {
  it('given attended sessions and a fee, then the invoice bills them once at their price, and they are offered no more', async () => {
    const c = await ledgerSetup();
    const first = await c.session({ daysAgo: 10 });
    const second = await c.session({ daysAgo: 3, priceMinor: 7_500 });
    await c.session({ status: 'scheduled', daysAgo: -3 });
    const fee = await c.fee(2_500);
    const offered = await c.send('GET', `${BASE}/billable/${c.clientId}`);
    const items = offered.json<{ items: BillableItem[] }>().items;
    expect(items.map((item) => [item.sourceKind, item.unitMinor])).toEqual([
      ['session', 6_000],
      ['chargeable', 2_500],
      ['session', 7_500],
    ]);
    // Each names its session (a fee, the late-cancelled session it charges for), so an invoice can open on one session.
    expect(items.map((item) => item.sessionId)).toEqual([first, expect.any(Number), second]);
    expect([first, second]).not.toContain(items[1]!.sessionId);

    const draft = await c.invoice({
      lines: [
        { sourceKind: 'session', sourceId: first },
        { sourceKind: 'session', sourceId: second, taxRateBp: 2_000 },
        { sourceKind: 'chargeable', sourceId: fee },
        c.free(1_234, 1_000, 'Letter to GP'),
      ],
    });
    expect(draft).toMatchObject({ status: 'draft', documentType: 'Draft invoice', number: null, state: 'draft' });
    // 6000 + 7500 + 1500 tax + 2500 + 1234 + 123.4 -> 123 tax.
    expect(draft).toMatchObject({ netMinor: 17_234, taxMinor: 1_623, totalMinor: 18_857, outstandingMinor: 0 });
    expect(draft.lines[0]?.description).toMatch(/^Individual session, \d+ \w+ \d{4}$/);
    expect(draft.lines[0]).toMatchObject({
      sourceKind: 'session',
      sourceId: first,
      serviceDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      quantity: 1,
      unitMinor: 6_000,
      taxRateBp: 0,
      grossMinor: 6_000,
      creditedByInvoiceId: null,
      creditsLineId: null,
    });
    expect(draft.lines.map((line) => line.sourceKind)).toEqual(['session', 'session', 'chargeable', 'free']);
    expect(draft.lines[2]?.description).toMatch(/^Late cancellation fee: Individual session/);

    const after = await c.send('GET', `${BASE}/billable/${c.clientId}`);
    expect(after.json<{ items: BillableItem[] }>().items).toEqual([]);
    const again = await c.send('POST', `${BASE}/invoices`, {
      payload: { clientId: c.clientId, lines: [{ sourceKind: 'session', sourceId: first }] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: BILLING_MESSAGES.sourceBilled });

    // Deleting the draft lets its work go.
    const deleted = await c.send('DELETE', `${BASE}/draft-invoice/${draft.id}`);
    expect(deleted.json()).toEqual({ detail: BILLING_MESSAGES.draftInvoiceDeleted });
    const back = await c.send('GET', `${BASE}/billable/${c.clientId}`);
    expect(back.json<{ items: BillableItem[] }>().items).toHaveLength(3);
  });

  it("given a session invoiced, then the client's sessions name its invoice and its state: a draft, then its number, partly paid, paid; voiding lets it go", async () => {
    const c = await ledgerSetup();
    await c.account('GBP');
    const sessionId = await c.session({ daysAgo: 2 });
    const invoiceOf = async (id = sessionId) => {
      const list = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}`);
      expect(list.statusCode, list.body).toBe(200);
      return list.json<{ items: ClientSession[] }>().items.find((s) => s.id === id)?.invoice;
    };
    expect(await invoiceOf()).toBeNull();
    const draft = await c.invoice({ lines: [{ sourceKind: 'session', sourceId: sessionId }] });
    expect(await invoiceOf()).toEqual({ id: draft.id, number: null, draft: true, state: 'draft' });
    const sent = await c.send('POST', `${BASE}/invoice/${draft.id}/send`, { payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const single = await c.send('GET', `/api/clients/single-session/retrieve/${sessionId}`);
    expect(single.json<ClientSession>().invoice).toEqual({
      id: draft.id,
      number: 'INV-0001',
      draft: false,
      state: 'unpaid',
    });
    await c.send('POST', `${BASE}/invoice/${draft.id}/void`, { payload: { reason: 'Wrong date' } });
    expect(await invoiceOf()).toBeNull();
    // Another session paid in part, then in full: its row says so.
    const second = await c.session({ daysAgo: 3 });
    const billed = await c.invoice({ lines: [{ sourceKind: 'session', sourceId: second }] });
    await c.send('POST', `${BASE}/invoice/${billed.id}/send`, { payload: {} });
    const stateOf = async () => (await invoiceOf(second))?.state;
    await c.pay({ amountMinor: 1_000, allocations: [{ invoiceId: billed.id, amountMinor: 1_000 }] });
    expect(await stateOf()).toBe('partly paid');
    const rest = billed.totalMinor - 1_000;
    await c.pay({ amountMinor: rest, allocations: [{ invoiceId: billed.id, amountMinor: rest }] });
    expect(await stateOf()).toBe('paid');
  });

  it("given a session not attended, another client's session, or one without a price, then the line says what to fix", async () => {
    const c = await ledgerSetup();
    const scheduled = await c.session({ status: 'scheduled' });
    const otherClient = await c.session({ client: await c.addClient('Sam') });
    const unpriced = await c.session({ priceMinor: null });
    const refused = async (line: object, field: string, message: string) => {
      const response = await c.send('POST', `${BASE}/invoices`, { payload: { clientId: c.clientId, lines: [line] } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[`lines.0.${field}`]).toBe(message);
    };
    await refused({ sourceKind: 'session', sourceId: scheduled }, 'sourceId', BILLING_MESSAGES.sessionNotAttended);
    await refused({ sourceKind: 'session', sourceId: otherClient }, 'sourceId', BILLING_MESSAGES.sourceNotFound);
    await refused({ sourceKind: 'session', sourceId: unpriced }, 'unitMinor', BILLING_MESSAGES.priceMissing);
    const priced = await c.invoice({ lines: [{ sourceKind: 'session', sourceId: unpriced, unitMinor: 4_000 }] });
    expect(priced.totalMinor).toBe(4_000);
  });

  it('given bad input, then 400 names the field: a negative price, a tax rate of 500%, a currency the account lacks', async () => {
    const c = await ledgerSetup();
    const gbp = await c.account('GBP');
    const field = async (payload: object, name: string) => {
      const response = await c.send('POST', `${BASE}/invoices`, { payload: { clientId: c.clientId, ...payload } });
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ fields: Record<string, string> }>().fields[name];
    };
    expect(await field({ lines: [c.free(-100)] }, 'lines.0.unitMinor')).toBe('The price cannot be negative.');
    expect(await field({ lines: [c.free(100, 50_000)] }, 'lines.0.taxRateBp')).toBe(
      'Enter a tax rate of at most 100%.',
    );
    expect(await field({ accountId: gbp, currency: 'EUR', lines: [c.free(100)] }, 'currency')).toBe(
      BILLING_MESSAGES.accountCurrency('GBP account', 'GBP', 'EUR'),
    );
  });
});

describe('a client paying online', () => {
  it('given one card payment settling two invoices, then the therapist gets one "Invoice paid" each, with what settled it', async () => {
    const c = await ledgerSetup();
    await c.account('GBP');
    const first = await c.invoice({ lines: [c.free(3_000)], action: 'send' });
    const second = await c.invoice({ lines: [c.free(4_500)], action: 'send' });
    await invoiceLedger.recordPayment(
      c.db,
      c.practice.practiceId,
      {
        clientId: c.clientId,
        amountMinor: 7_500,
        currency: 'GBP',
        date: new Date().toISOString().slice(0, 10),
        method: 'online',
        reference: 'pi_sandbox_both',
        allocations: [
          { invoiceId: first.id, amountMinor: 3_000 },
          { invoiceId: second.id, amountMinor: 4_500 },
        ],
      },
      'sandbox:evt_both',
    );
    const told = await c.db
      .select({ title: notifications.title, content: notifications.content, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.practiceId, c.practice.practiceId));
    expect(told.filter((n) => n.link === `/Billing/${first.id}`)).toEqual([
      expect.objectContaining({
        title: 'Invoice paid',
        content: expect.stringMatching(/was paid online by card: £30\.00\.$/),
      }),
    ]);
    expect(told.filter((n) => n.link === `/Billing/${second.id}`)).toEqual([
      expect.objectContaining({
        title: 'Invoice paid',
        content: expect.stringMatching(/was paid online by card: £45\.00\.$/),
      }),
    ]);
  });
});

describe('the invoice opened from its pay link', () => {
  it('given the pay page opened again and again, then the timeline says "viewed" once after each sending or reminder', async () => {
    const c = await ledgerSetup();
    await c.account('GBP');
    const sent = await c.invoice({ lines: [c.free(2_000)], action: 'send' });
    const document = (await invoiceLedger.invoiceDocument(c.db, c.practice.practiceId, sent.id))!;
    const viewed = async () => {
      const timeline = await c.send('GET', `${BASE}/invoice-timeline/${sent.id}`);
      return timeline.json<{ items: InvoiceEvent[] }>().items.filter((event) => event.kind === 'viewed');
    };
    await invoiceLedger.recordViewed(c.db, c.practice.practiceId, document);
    await invoiceLedger.recordViewed(c.db, c.practice.practiceId, document);
    expect(await viewed()).toEqual([
      expect.objectContaining({
        description: `Invoice ${sent.number} opened from its e-mailed pay link`,
        actorName: null,
      }),
    ]);
    const reminded = await c.send('POST', `${BASE}/invoice/${sent.id}/reminder`, { payload: { message: '' } });
    expect(reminded.statusCode, reminded.body).toBe(200);
    await invoiceLedger.recordViewed(c.db, c.practice.practiceId, document);
    await invoiceLedger.recordViewed(c.db, c.practice.practiceId, document);
    expect(await viewed()).toHaveLength(2);
  });
});

describe('issuing: numbers, due dates, sending, void and credit notes', () => {
  it('given drafts saved and sent, then numbers run on per practice, the due date follows the payment terms, and the invoice is e-mailed', async () => {
    const c = await ledgerSetup();
    await c.account('GBP');
    const saved = await c.invoice({ issueDate: '2026-11-02', lines: [c.free(5_000)], action: 'save' });
    expect(saved).toMatchObject({
      status: 'saved',
      number: 'INV-0001',
      documentType: 'Invoice',
      dueDate: '2026-12-02',
    });
    const draft = await c.invoice({ lines: [c.free(7_000)] });
    const sent = await c.send('POST', `${BASE}/invoice/${draft.id}/send`, { payload: { message: 'Thank you.' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Invoice>()).toMatchObject({ status: 'sent', number: 'INV-0002' });
    const mail = readOutbox(c.t).find((message) => message.subject === `Invoice INV-0002 from ${c.practice.name}`);
    expect(mail?.to).toBe('morgan@client.example');
    expect(mail?.text).toContain('£70.00');
    expect(mail?.text).toContain('Sort code: 12-34-56');

    // An issued invoice changes only by a credit note.
    const change = await c.send('PUT', `${BASE}/draft-invoice/${saved.id}`, {
      payload: { clientId: c.clientId, lines: [c.free(1)], version: saved.version },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ detail: BILLING_MESSAGES.notADraft });
    const remove = await c.send('DELETE', `${BASE}/draft-invoice/${saved.id}`);
    expect(remove.json()).toMatchObject({ detail: BILLING_MESSAGES.numberedNotDeleted });

    // Void keeps the number; the next invoice takes the next number.
    const voided = await c.send('POST', `${BASE}/invoice/${saved.id}/void`, { payload: { reason: 'Sent twice' } });
    expect(voided.json<Invoice>()).toMatchObject({ status: 'void', number: 'INV-0001', outstandingMinor: 0 });
    const next = await c.invoice({ lines: [c.free(100)], action: 'save' });
    expect(next.number).toBe('INV-0003');
  });

  it("given the practice's own invoice and payment-reminder e-mails, then an invoice and a reminder sent by hand go out in its words", async () => {
    const c = await ledgerSetup();
    await c.account('GBP');
    for (const [usageContext, subject, body] of [
      [
        'invoice',
        'Your invoice {{invoice.number}}',
        'Dear {{client.firstName}},\n\nOur invoice comes to {{invoice.amount}}.',
      ],
      [
        'payment-reminder',
        'Still open: {{invoice.number}}',
        'Dear {{client.firstName}},\n\n{{invoice.amount}} is still open.',
      ],
    ] as const) {
      const template = await c.send('POST', '/api/settings/emails', { payload: { usageContext, subject, body } });
      expect(template.statusCode, template.body).toBe(200);
    }
    const draft = await c.invoice({ lines: [c.free(7_000)] });
    const sent = await c.send('POST', `${BASE}/invoice/${draft.id}/send`, { payload: { message: '' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const invoiceMail = readOutbox(c.t).find((message) => message.subject === 'Your invoice INV-0001');
    expect(invoiceMail?.text).toContain('Our invoice comes to £70.00.');
    expect(invoiceMail?.text).toContain('Sort code: 12-34-56');
    const reminded = await c.send('POST', `${BASE}/invoice/${draft.id}/reminder`, { payload: { message: '' } });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const reminder = readOutbox(c.t).find((message) => message.subject === 'Still open: INV-0001');
    expect(reminder?.text).toContain('£70.00 is still open.');
  });

  it('given e-mail that cannot be delivered, then the timeline says so after "sent" and the member who sent it is warned', async () => {
    const c = await ledgerSetup();
    // The outbox folder cannot be made (a file has its name): every delivery fails, as with a full disk.
    fs.writeFileSync(path.join(c.t.config.DATA_DIR, 'outbox'), '');
    const draft = await c.invoice({ lines: [c.free(7_000)] });
    const sent = await c.send('POST', `${BASE}/invoice/${draft.id}/send`, { payload: { message: '' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const reminded = await c.send('POST', `${BASE}/invoice/${draft.id}/reminder`, { payload: { message: '' } });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const timeline = (await c.send('GET', `${BASE}/invoice-timeline/${draft.id}`)).json<{ items: InvoiceEvent[] }>();
    expect(timeline.items.map((event) => [event.kind, event.description])).toEqual([
      ['created', expect.any(String)],
      ['sent', expect.any(String)],
      ['undelivered', 'The invoice e-mail to Morgan Adeyemi (morgan@client.example) could not be delivered'],
      ['reminded', expect.any(String)],
      ['undelivered', 'The payment reminder to Morgan Adeyemi (morgan@client.example) could not be delivered'],
    ]);
    const warned = await c.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, memberOf(c.practice, 'Admin').userId));
    expect(warned.map((row) => [row.title, row.content, row.severity, row.link])).toEqual([
      [
        'An invoice e-mail was not delivered',
        'The e-mail with invoice INV-0001 could not be delivered to Morgan Adeyemi (morgan@client.example). Check the address, then send it again.',
        'warning',
        `/Billing/${draft.id}`,
      ],
      [
        'An invoice e-mail was not delivered',
        'The payment reminder for invoice INV-0001 could not be delivered to Morgan Adeyemi (morgan@client.example). Check the address, then send it again.',
        'warning',
        `/Billing/${draft.id}`,
      ],
    ]);
  });

  it('given a client without an e-mail address, then sending says so and numbers nothing', async () => {
    const c = await ledgerSetup();
    const silent = await c.addClient('Quiet', null);
    const response = await c.send('POST', `${BASE}/invoices`, {
      payload: { clientId: silent, lines: [c.free(100)], action: 'send' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: BILLING_MESSAGES.noEmail('Quiet Adeyemi') });
    const saved = await c.invoice({ lines: [c.free(100)], action: 'save' });
    expect(saved.number).toBe('INV-0001');
  });

  it('given a paid invoice credited in part, then the credit note is numbered apart, the lines are freed and the excess becomes credit', async () => {
    const c = await ledgerSetup();
    const sessionId = await c.session();
    const invoice = await c.invoice({
      lines: [{ sourceKind: 'session', sourceId: sessionId }, c.free(4_000, 2_000, 'Report')],
      action: 'save',
    });
    expect(invoice.totalMinor).toBe(10_800);
    await c.pay({ amountMinor: 10_800, allocations: [{ invoiceId: invoice.id, amountMinor: 10_800 }] });
    const response = await c.send('POST', `${BASE}/invoice/${invoice.id}/credit-note`, {
      payload: { lineIds: [invoice.lines[1]!.id], reason: 'Report not needed' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json<Invoice>();
    expect(note).toMatchObject({
      kind: 'credit_note',
      documentType: 'Credit note',
      number: 'CN-0001',
      totalMinor: 4_800,
    });
    const credited = await c.read(invoice.id);
    expect(credited).toMatchObject({ paidMinor: 6_000, creditedMinor: 4_800, outstandingMinor: 0, state: 'paid' });
    // Each line names the credit note that credits it; the credit note's line names the line it credits.
    expect(credited.lines.map((line) => line.creditedByInvoiceId)).toEqual([null, note.id]);
    expect(note.lines).toEqual([
      expect.objectContaining({ creditsLineId: invoice.lines[1]!.id, creditedByInvoiceId: null }),
    ]);
    expect(credited.totalMinor).toBe(credited.paidMinor + credited.creditedMinor + credited.outstandingMinor);
    const balance = (await c.send('GET', `${BASE}/client-balance/${c.clientId}`)).json<ClientBalance>();
    expect(balance.balances).toEqual([
      expect.objectContaining({ currency: 'GBP', outstandingMinor: 0, creditMinor: 4_800 }),
    ]);
    const document = (await c.send('GET', `${BASE}/invoice-details/${note.id}`)).json<InvoiceDocument>();
    expect(document).toMatchObject({
      title: 'Credit note',
      creditsInvoice: { invoiceId: invoice.id, number: 'INV-0001' },
    });
    // The credited line's work can be billed again; the rest cannot be credited twice.
    const twice = await c.send('POST', `${BASE}/invoice/${invoice.id}/credit-note`, {
      payload: { lineIds: [invoice.lines[1]!.id], reason: 'Again' },
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('payments', () => {
  it('given a payment for two invoices and more, then each is settled, the rest is credit, and the next invoice uses it', async () => {
    const c = await ledgerSetup();
    const a = await c.invoice({ lines: [c.free(5_000)], action: 'save' });
    const b = await c.invoice({ lines: [c.free(3_000)], action: 'save' });
    const payment = await c.pay({
      amountMinor: 10_000,
      method: 'bank transfer',
      allocations: [
        { invoiceId: a.id, amountMinor: 5_000 },
        { invoiceId: b.id, amountMinor: 2_000 },
      ],
    });
    expect(payment).toMatchObject({ documentType: 'Payment', allocatedMinor: 7_000, unallocatedMinor: 3_000 });
    expect((await c.read(a.id)).state).toBe('paid');
    expect(await c.read(b.id)).toMatchObject({ state: 'partly paid', outstandingMinor: 1_000 });

    const advance = await c.send('POST', `${BASE}/advance-payment`, {
      payload: { clientId: c.clientId, amountMinor: 2_000, currency: 'GBP', date: '2026-11-01', method: 'cash' },
      key: 'advance-1',
    });
    expect(advance.json<PaymentDetails>()).toMatchObject({ documentType: 'Adv payment', unallocatedMinor: 2_000 });
    // A later invoice uses the credit (3000 left of the payment, then the advance), oldest first.
    const later = await c.invoice({ lines: [c.free(4_000)], action: 'save' });
    expect(later).toMatchObject({ paidMinor: 4_000, outstandingMinor: 0, state: 'paid' });
    const timeline = (await c.send('GET', `${BASE}/invoice-timeline/${later.id}`)).json<{ items: InvoiceEvent[] }>();
    expect(timeline.items.map((event) => event.kind)).toEqual(['created', 'saved', 'payment', 'payment', 'paid']);

    const list = (await c.send('GET', `${BASE}/payments?clientId=${c.clientId}`)).json<{ items: PaymentDetails[] }>();
    expect(list.items.map((item) => item.documentType).sort()).toEqual(['Adv payment', 'Payment']);
  });

  it('given a payment larger than what an invoice owes, a negative amount or another currency, then 400 names the field and nothing is saved', async () => {
    const c = await ledgerSetup();
    const invoice = await c.invoice({ lines: [c.free(5_000)], action: 'save' });
    const attempt = (payload: object) =>
      c.send('POST', `${BASE}/payments`, {
        payload: { clientId: c.clientId, currency: 'GBP', date: '2026-11-01', method: 'card', ...payload },
        key: crypto.randomUUID(),
      });
    const over = await attempt({ amountMinor: 6_000, allocations: [{ invoiceId: invoice.id, amountMinor: 6_000 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ fields: Record<string, string> }>().fields['allocations.0.amountMinor']).toBe(
      BILLING_MESSAGES.overAllocated('INV-0001', '£50.00'),
    );
    const negative = await attempt({ amountMinor: -5 });
    expect(negative.json<{ fields: Record<string, string> }>().fields.amountMinor).toBe('Enter the amount above zero.');
    const euros = await attempt({
      amountMinor: 100,
      currency: 'EUR',
      allocations: [{ invoiceId: invoice.id, amountMinor: 100 }],
    });
    expect(euros.json<{ fields: Record<string, string> }>().fields['allocations.0.invoiceId']).toBe(
      BILLING_MESSAGES.paymentCurrency('INV-0001', 'GBP', 'EUR'),
    );
    const none = await c.send('GET', `${BASE}/payments`);
    expect(none.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('given the same Idempotency-Key twice, then one payment is recorded and both answers are the same; a payment without a key is refused', async () => {
    const c = await ledgerSetup();
    const invoice = await c.invoice({ lines: [c.free(5_000)], action: 'save' });
    const payload = {
      clientId: c.clientId,
      amountMinor: 5_000,
      currency: 'GBP',
      date: '2026-11-01',
      method: 'card',
      allocations: [{ invoiceId: invoice.id, amountMinor: 5_000 }],
    };
    const first = await c.send('POST', `${BASE}/payments`, { payload, key: 'pay-once' });
    const second = await c.send('POST', `${BASE}/payments`, { payload, key: 'pay-once' });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const list = (await c.send('GET', `${BASE}/payments`)).json<{ items: unknown[] }>();
    expect(list.items).toHaveLength(1);
    expect((await c.read(invoice.id)).paidMinor).toBe(5_000);

    const reused = await c.send('POST', `${BASE}/payments`, {
      payload: { ...payload, amountMinor: 6_000 },
      key: 'pay-once',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.reused });
    const missing = await c.send('POST', `${BASE}/payments`, { payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.missing });

    // Mark as paid, retried: one payment.
    const other = await c.invoice({ lines: [c.free(2_000)], action: 'save' });
    const paid = { date: '2026-11-02', method: 'cash' };
    const marked = await c.send('POST', `${BASE}/invoice/${other.id}/mark-as-paid`, { payload: paid, key: 'mark-1' });
    const remarked = await c.send('POST', `${BASE}/invoice/${other.id}/mark-as-paid`, { payload: paid, key: 'mark-1' });
    expect(marked.statusCode, marked.body).toBe(201);
    expect(remarked.json()).toEqual(marked.json());
    expect((await c.read(other.id)).state).toBe('paid');
  });

  it('given an invoice that is paid or void, then no payment can be marked and it cannot be voided once paid', async () => {
    const c = await ledgerSetup();
    const invoice = await c.invoice({ lines: [c.free(2_000)], action: 'save' });
    await c.pay({ amountMinor: 1_000, allocations: [{ invoiceId: invoice.id, amountMinor: 1_000 }] });
    const voided = await c.send('POST', `${BASE}/invoice/${invoice.id}/void`, { payload: { reason: 'x' } });
    expect(voided.json()).toMatchObject({ detail: BILLING_MESSAGES.voidHasPayments });
  });
});

describe('reminders, roles and tenancy', () => {
  it('given reminder rules, then the job reminds an unpaid invoice once per rule, never a paid or void one, and records it', async () => {
    const c = await ledgerSetup();
    const today = new Date().toISOString().slice(0, 10);
    await c.db.insert(invoiceReminderRules).values({
      practiceId: c.practice.practiceId,
      offsetDays: 0,
      subject: 'Invoice {{invoice.number}} is due',
      body: 'Hello {{client.fullName}}, {{invoice.amount}} is due today.',
    });
    const unpaid = await c.invoice({ issueDate: today, dueDate: today, lines: [c.free(5_000)], action: 'save' });
    const paid = await c.invoice({ issueDate: today, dueDate: today, lines: [c.free(1_000)], action: 'save' });
    await c.pay({ amountMinor: 1_000, allocations: [{ invoiceId: paid.id, amountMinor: 1_000 }] });
    const voided = await c.invoice({ issueDate: today, dueDate: today, lines: [c.free(1_000)], action: 'save' });
    await c.send('POST', `${BASE}/invoice/${voided.id}/void`, { payload: { reason: 'Wrong client' } });

    expect(await sendDueReminders(c.db, c.t.platform.mailer)).toBe(1);
    expect(await sendDueReminders(c.db, c.t.platform.mailer)).toBe(0);
    const mail = readOutbox(c.t).find((message) => message.subject === 'Invoice INV-0001 is due');
    expect(mail?.text).toContain('Hello Morgan Adeyemi, £50.00 is due today.');
    const last = (
      await c.send('GET', `${BASE}/invoice/last-payment-reminder/${unpaid.id}`)
    ).json<LastPaymentReminder>();
    expect(last).toMatchObject({ invoiceId: unpaid.id, offsetDays: 0, to: 'morgan@client.example', count: 1 });
    const none = (await c.send('GET', `${BASE}/invoice/last-payment-reminder/${paid.id}`)).json<LastPaymentReminder>();
    expect(none).toMatchObject({ sentAt: null, count: 0 });
    const byHand = await c.send('POST', `${BASE}/invoice/${paid.id}/reminder`, { payload: {} });
    expect(byHand.json()).toMatchObject({ detail: BILLING_MESSAGES.reminderNotDue });
  });

  it("given the Assistant, then she bills fully; another practice's ids answer 404", async () => {
    const c = await ledgerSetup();
    const created = await c.send('POST', `${BASE}/invoices`, {
      tokens: c.assistant,
      payload: { clientId: c.clientId, lines: [c.free(1_000)], action: 'save' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json<Invoice>();
    const list = await c.send('GET', `${BASE}/invoices`, { tokens: c.assistant });
    expect(list.json<InvoicePage>().items.map((item) => item.documentId)).toEqual([invoice.id]);
    const note = await c.send('POST', `${BASE}/invoice-notes/${invoice.id}`, {
      tokens: c.assistant,
      payload: { text: 'Client asked to pay next week.' },
    });
    expect(note.statusCode).toBe(201);
    for (const url of [`/invoice/${invoice.id}`, `/invoice-details/${invoice.id}`, `/invoice-timeline/${invoice.id}`]) {
      expect((await c.send('GET', `${BASE}${url}`, { tokens: c.outsider })).statusCode).toBe(404);
    }
    const outsiderList = await c.send('GET', `${BASE}/invoices`, { tokens: c.outsider });
    expect(outsiderList.json<InvoicePage>().items).toEqual([]);
  });

  it('given payments of two clients, then the payment list searches the client name and the reference, every word', async () => {
    const c = await ledgerSetup();
    const sam = await c.addClient('Samira', null);
    await c.pay({ amountMinor: 1_000, method: 'bank transfer', reference: 'BACS 0042 March' });
    await c.pay({ amountMinor: 2_000, clientId: sam, method: 'cash', reference: 'Till receipt 17' });
    const found = async (search: string) =>
      (await c.send('GET', `${BASE}/payments?search=${encodeURIComponent(search)}`))
        .json<{ items: { amountMinor: number }[] }>()
        .items.map((item) => item.amountMinor);
    expect(await found('samira')).toEqual([2_000]);
    expect(await found('0042')).toEqual([1_000]);
    expect(await found('morgan march')).toEqual([1_000]);
    expect(await found('morgan receipt')).toEqual([]);
    const tooLong = await c.send('GET', `${BASE}/payments?search=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('given a page size, then the invoice list pages by cursor, newest first, and filters by state', async () => {
    const c = await ledgerSetup();
    const ids: number[] = [];
    for (const day of ['2026-10-01', '2026-10-02', '2026-10-03']) {
      ids.push((await c.invoice({ issueDate: day, dueDate: day, lines: [c.free(1_000)], action: 'save' })).id);
    }
    const first = (await c.send('GET', `${BASE}/invoices?limit=2`)).json<InvoicePage>();
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const second = (await c.send('GET', `${BASE}/invoices?limit=2&cursor=${first.nextCursor}`)).json<InvoicePage>();
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    const overdue = (await c.send('GET', `${BASE}/invoices?state=overdue`)).json<InvoicePage>();
    expect(overdue.items).toHaveLength(3);
    expect(overdue.items.every((item) => item.state === 'overdue')).toBe(true);

    // A search finds an invoice by its number (any case), by the client's name, and needs every word to match.
    const numbers = first.items.map((item) => item.number!);
    const byNumber = (await c.send('GET', `${BASE}/invoices?search=${numbers[0]!.toLowerCase()}`)).json<InvoicePage>();
    expect(byNumber.items.map((item) => item.id)).toEqual([ids[2]]);
    const clientName = first.items[0]!.clientName;
    const byName = (
      await c.send('GET', `${BASE}/invoices?search=${encodeURIComponent(clientName)}`)
    ).json<InvoicePage>();
    expect(byName.items).toHaveLength(3);
    const none = (
      await c.send('GET', `${BASE}/invoices?search=${encodeURIComponent(`${clientName} zzz`)}`)
    ).json<InvoicePage>();
    expect(none.items).toEqual([]);
  });
});

describe('the generated ledger', () => {
  it('given a generated practice, then it has twelve months of invoices and payments, an overdue invoice and a credit note, all balanced', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 30, seed: 15 });
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const page = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${BASE}/invoices?limit=100&${query}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InvoicePage>();
    };
    const invoices = await page('kind=invoice');
    expect(invoices.items.length).toBeGreaterThan(20);
    const months = new Set(invoices.items.map((item) => item.issueDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    for (const item of invoices.items) {
      expect(item.totalMinor).toBe(item.paidMinor + item.creditedMinor + item.outstandingMinor);
    }
    expect((await page('state=overdue')).items.length).toBeGreaterThan(0);
    const notes = await page('kind=credit_note');
    expect(notes.items).toEqual([expect.objectContaining({ number: 'CN-0001', documentType: 'Credit note' })]);
    const read = async <T>(url: string) =>
      (await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: bearer(admin) })).json<T>();
    // Each prints the default account's bank details; the credit note has its own history.
    const document = await read<InvoiceDocument>(`/invoice-details/${invoices.items[0]!.documentId}`);
    expect(document.paymentInstructions?.lines.length).toBeGreaterThan(0);
    const noteTimeline = await read<{ items: InvoiceEvent[] }>(`/invoice-timeline/${notes.items[0]!.documentId}`);
    expect(noteTimeline.items.map((event) => event.kind)).toContain('created');
    const payments = await t.app.inject({ method: 'GET', url: `${BASE}/payments`, headers: bearer(admin) });
    expect(payments.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
  });
});
