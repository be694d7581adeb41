import { describe, expect, it } from 'vitest';
import { shiftDate, type BillingSummary, type InsuranceClaimDetails, type YearlySummary } from '@halcyon/api/contract';
import { todayIn } from '@halcyon/api/time';
import { insuranceProviders } from '../settings/schema';
import { ledgerSetup, type LedgerContext } from './testing';

const BASE = '/api/billing-payment';

/** An insurer of the practice (Settings > Insurance). */
async function insurer(c: LedgerContext) {
  const [row] = await c.db
    .insert(insuranceProviders)
    .values({ practiceId: c.practice.practiceId, name: 'Bupa', payerId: 'BUPA01', healthcodeProviderCode: 'HC123' })
    .returning({ id: insuranceProviders.id });
  return row!.id;
}

const csvLines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe("the ledger's reads for claims, exports, the summary cards and the PDF", { timeout: 90_000 }, () => {
  it('given an issued invoice billed to an insurer with a credited line, when the Assistant claims it, then the claim copies the lines still owed and its CSV lists them', async () => {
    const c = await ledgerSetup();
    const insurerId = await insurer(c);
    const sessionId = await c.session();
    const invoice = await c.invoice({
      billToKind: 'insurer',
      insurerId,
      lines: [{ sourceKind: 'session', sourceId: sessionId }, c.free(4_000, 2_000, 'Report')],
      action: 'save',
    });
    const credit = await c.send('POST', `${BASE}/invoice/${invoice.id}/credit-note`, {
      payload: { lineIds: [invoice.lines[1]!.id], reason: 'Report not needed' },
    });
    expect(credit.statusCode, credit.body).toBe(201);

    const created = await c.send('POST', `${BASE}/insurance-claims`, {
      tokens: c.assistant,
      payload: { invoiceId: invoice.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const claimId = created.json<{ id: number }>().id;
    const details = (await c.send('GET', `${BASE}/insurance-claim-details/${claimId}`)).json<InsuranceClaimDetails>();
    expect(details).toMatchObject({
      invoiceNumber: invoice.number,
      providerName: 'Bupa',
      payerId: 'BUPA01',
      totalMinor: 6_000,
      lines: [expect.objectContaining({ description: invoice.lines[0]!.description, grossMinor: 6_000 })],
    });
    const csv = await c.send('GET', `${BASE}/insurance-claim-export/${claimId}`);
    expect(csvLines(csv.body)).toHaveLength(2);
    expect(csv.body).toContain(`${invoice.number},`);

    // A draft, a credit note and another practice's invoice are not claimed.
    const draft = await c.invoice({ billToKind: 'insurer', insurerId, lines: [c.free(1_000)] });
    const refused = await c.send('POST', `${BASE}/insurance-claims`, { payload: { invoiceId: draft.id } });
    expect(refused.json().fields.invoiceId).toBe('Send the invoice before claiming it: a draft can still change.');
    const note = credit.json<{ id: number }>().id;
    const onNote = await c.send('POST', `${BASE}/insurance-claims`, { payload: { invoiceId: note } });
    expect(onNote.json().fields.invoiceId).toBe('A credit note cannot be claimed. Choose the invoice it credits.');
    const theirs = await c.send('POST', `${BASE}/insurance-claims`, {
      tokens: c.outsider,
      payload: { invoiceId: invoice.id },
    });
    expect(theirs.json().fields.invoiceId).toBe('Invoice not found. Choose another invoice.');
  });

  it('given invoices, a credit note, a void invoice and payments, then the invoice and payment CSVs and the yearly summary read them', async () => {
    const c = await ledgerSetup();
    await c.account();
    const day = '2026-03-10';
    const invoice = await c.invoice({
      issueDate: day,
      dueDate: '2026-04-09',
      lines: [c.free(10_000, 2_000, 'Assessment'), c.free(5_000, 0, 'Report')],
      action: 'save',
    });
    const credit = await c.send('POST', `${BASE}/invoice/${invoice.id}/credit-note`, {
      payload: { lineIds: [invoice.lines[1]!.id], reason: 'Report not needed' },
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const voided = await c.invoice({ issueDate: day, lines: [c.free(999)], action: 'save' });
    const voiding = await c.send('POST', `${BASE}/invoice/${voided.id}/void`, { payload: { reason: 'Typed twice' } });
    expect(voiding.statusCode, voiding.body).toBe(200);
    // Paid after the void: the unallocated £20 stays the client's credit.
    await c.pay({
      date: '2026-03-20',
      amountMinor: 8_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 6_000 }],
    });
    await c.invoice({ issueDate: day, lines: [c.free(777)] }); // a draft: not issued, not exported
    // Before the period; it uses £1.23 of the client's credit.
    const earlier = await c.invoice({ issueDate: '2025-12-31', lines: [c.free(123)], action: 'save' });

    const invoices = await c.send('GET', `${BASE}/exports/invoices?from=2026-01-01&to=2026-12-31`, {
      tokens: c.assistant,
    });
    expect(invoices.statusCode, invoices.body).toBe(200);
    const rows = csvLines(invoices.body);
    expect(rows[0]).toBe(
      'Number,Type,Status,Issue date,Due date,Client,Bill to,Credits invoice,Net,Tax,Total,Paid,Credited,Outstanding,Currency',
    );
    expect(rows).toHaveLength(4);
    expect(rows).toContain(
      `${invoice.number},Invoice,Overdue,${day},2026-04-09,Morgan Adeyemi,Morgan Adeyemi,,150.00,20.00,170.00,60.00,50.00,60.00,GBP`,
    );
    expect(rows).toContain(
      `${voided.number},Invoice,Void,${day},${voided.dueDate},Morgan Adeyemi,Morgan Adeyemi,,9.99,0.00,9.99,0.00,0.00,0.00,GBP`,
    );
    expect(
      rows.some(
        (row) => row.startsWith(`CN-0001,Credit note,Issued,`) && row.includes(`,${invoice.number},50.00,0.00,50.00,`),
      ),
    ).toBe(true);

    const payments = await c.send('GET', `${BASE}/exports/payments?from=2026-01-01&to=2026-12-31`);
    expect(csvLines(payments.body)).toEqual([
      'Date,Type,Client,Method,Reference,Amount,Allocated,Unallocated (client credit),Currency,Invoices settled',
      `2026-03-20,Payment,Morgan Adeyemi,Card,,80.00,61.23,18.77,GBP,${earlier.number} ${invoice.number}`,
    ]);
    // Another practice exports none of it.
    const theirs = await c.send('GET', `${BASE}/exports/payments?from=2026-01-01&to=2026-12-31`, {
      tokens: c.outsider,
    });
    expect(csvLines(theirs.body)).toHaveLength(1);

    const summary = (await c.send('GET', `${BASE}/yearly-summary/2026`)).json<YearlySummary>();
    const gbp = summary.currencies.find((block) => block.currency === 'GBP')!;
    const march = gbp.months[2]!;
    // Invoiced £170 less the £50 credit note, counted in the month it was issued (today).
    const creditIssued = credit.json<{ issueDate: string }>().issueDate;
    const less = (prefix: string) => (creditIssued.startsWith(prefix) ? 5_000 : 0);
    expect(march.receivedMinor).toBe(8_000);
    expect(march.invoicedGrossMinor).toBe(17_000 - less('2026-03'));
    expect(gbp.totals.invoicedGrossMinor).toBe(17_000 - less('2026'));
    expect(march.invoicedTaxMinor).toBe(2_000);
  });

  it('given invoices, payments and expenses this month and before, then the summary cards add up each per currency', async () => {
    const c = await ledgerSetup();
    const today = todayIn('Europe/London');
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastMonth = shiftDate(monthStart, { days: -1 });
    const overdue = await c.invoice({
      issueDate: lastMonth,
      dueDate: lastMonth,
      lines: [c.free(5_000)],
      action: 'save',
    });
    await c.invoice({
      issueDate: today,
      dueDate: shiftDate(today, { days: 30 }),
      lines: [c.free(2_000)],
      action: 'save',
    });
    await c.pay({ date: today, amountMinor: 1_000, allocations: [{ invoiceId: overdue.id, amountMinor: 1_000 }] });
    await c.pay({ date: lastMonth, amountMinor: 500, allocations: [{ invoiceId: overdue.id, amountMinor: 500 }] });
    const spend = async (date: string, amountMinor: number, currency = 'GBP') => {
      const response = await c.send('POST', `${BASE}/expenses`, {
        tokens: c.assistant,
        payload: { date, category: 'rooms', supplier: 'Harbour Rooms', amountMinor, currency, taxRateBp: 2000 },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await spend(today, 10_000);
    await spend(monthStart, 1_000, 'EUR');
    await spend(lastMonth, 99_999);

    const summary = await c.send('GET', `${BASE}/summary`, { tokens: c.assistant });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<BillingSummary>().items).toEqual([
      { currency: 'EUR', outstandingMinor: 0, overdueMinor: 0, paidThisMonthMinor: 0, expensesThisMonthMinor: 1_200 },
      {
        currency: 'GBP',
        outstandingMinor: 5_500,
        overdueMinor: 3_500,
        paidThisMonthMinor: 1_000,
        expensesThisMonthMinor: 12_000,
      },
    ]);
    const theirs = await c.send('GET', `${BASE}/summary`, { tokens: c.outsider });
    expect(theirs.json<BillingSummary>().items).toEqual([]);
  });

  it('given a draft, then its PDF is served as the draft preview; another practice gets 404', async () => {
    const c = await ledgerSetup();
    const draft = await c.invoice({ lines: [c.free(2_500)] });
    const pdf = await c.send('GET', `${BASE}/invoice-pdf/${draft.id}`, { tokens: c.assistant });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Draft invoice ${draft.id}.pdf"`);
    expect((await c.send('GET', `${BASE}/invoice-pdf/${draft.id}`, { tokens: c.outsider })).statusCode).toBe(404);
  });
});
