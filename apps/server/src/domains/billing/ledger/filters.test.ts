import { describe, expect, it, vi } from 'vitest';
import { humanDate, shiftDate, todayDate, type InvoicePage, type PaymentPage } from '@halcyon/api/contract';
import { clients } from '../../clients/schema';
import { ledgerSetup } from './testing';

const BASE = '/api/billing-payment';
// Each test builds its own app and two practices: on two cores shared with other work, that alone can take 20 s.
vi.setConfig({ testTimeout: 120_000 });

describe('the invoice and payment lists filtered by client and dates (/Billing filters)', () => {
  it('given two clients, then each list filtered by one client answers only theirs; another practice’s client id answers an empty list', async () => {
    const c = await ledgerSetup();
    const other = await c.addClient('Noor');
    const morgans = await c.invoice({ lines: [c.free(1_000)], action: 'save' });
    const noors = await c.invoice({ clientId: other, lines: [c.free(2_000)], action: 'save' });
    const morganPaid = await c.pay({
      amountMinor: 1_000,
      allocations: [{ invoiceId: morgans.id, amountMinor: 1_000 }],
    });
    const noorPaid = await c.pay({ clientId: other, amountMinor: 500, allocations: [] });
    const [elsewhere] = await c.db
      .insert(clients)
      .values({ practiceId: c.other.practiceId, firstName: 'Zebedee', lastName: 'Elsewhere' })
      .returning({ id: clients.id });

    const invoices = async (query: string, tokens = c.admin) => {
      const response = await c.send('GET', `${BASE}/invoices?${query}`, { tokens });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InvoicePage>().items.map((item) => item.id);
    };
    const payments = async (query: string, tokens = c.admin) => {
      const response = await c.send('GET', `${BASE}/payments?${query}`, { tokens });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PaymentPage>().items.map((item) => item.id);
    };

    expect(await invoices(`clientId=${c.clientId}`)).toEqual([morgans.id]);
    expect(await invoices(`clientId=${other}`)).toEqual([noors.id]);
    expect(await payments(`clientId=${c.clientId}`)).toEqual([morganPaid.id]);
    expect(await payments(`clientId=${other}&kind=advance`)).toEqual([]);
    expect(await payments(`clientId=${other}`)).toEqual([noorPaid.id]);
    // The Assistant filters as the Admin does (SPEC §6: she works billing).
    expect(await invoices(`clientId=${other}`, c.assistant)).toEqual([noors.id]);
    // Tenancy: our client's id read by another practice, and another practice's client id read by us, list nothing.
    expect(await invoices(`clientId=${c.clientId}`, c.outsider)).toEqual([]);
    expect(await payments(`clientId=${c.clientId}`, c.outsider)).toEqual([]);
    expect(await invoices(`clientId=${elsewhere!.id}`)).toEqual([]);
    expect(await payments(`clientId=${elsewhere!.id}`)).toEqual([]);
  });

  it('given a client id that is not an id, or a date range out of order or out of bounds, then 400 says what to fix', async () => {
    const c = await ledgerSetup();
    const today = todayDate();
    const fieldsOf = async (url: string) => {
      const response = await c.send('GET', `${BASE}/${url}`);
      expect(response.statusCode, response.body).toBe(400);
      return response.body;
    };
    expect(await fieldsOf('invoices?clientId=abc')).toContain('Choose a client.');
    expect(await fieldsOf('payments?clientId=0')).toContain('Choose a client.');
    for (const list of ['invoices', 'payments']) {
      const reversed = await fieldsOf(`${list}?from=2026-03-01&to=2026-02-01`);
      expect(reversed).toContain('The last day must be on or after the first day.');
      const tooEarly = await fieldsOf(`${list}?from=1990-01-01`);
      expect(tooEarly).toContain(
        `Choose the first day between ${humanDate(shiftDate(today, { years: -10 }))} and ${humanDate(shiftDate(today, { years: 2 }))}.`,
      );
      expect(await fieldsOf(`${list}?to=2999-01-01`)).toContain('Choose the last day between');
    }
    const fine = await c.send('GET', `${BASE}/invoices?from=${shiftDate(today, { years: -1 })}&to=${today}`);
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
