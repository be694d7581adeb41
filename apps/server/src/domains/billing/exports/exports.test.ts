import { describe, expect, it } from 'vitest';
import { shiftDate, todayDate, type YearlySummary } from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../../test/auth';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const get = (url: string, tokens = assistant) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) });
  const spend = async (date: string, supplier: string, amountMinor: number, taxRateBp = 2000, currency = 'GBP') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing-payment/expenses',
      headers: bearer(assistant),
      payload: { date, category: 'travel', supplier, amountMinor, currency, taxRateBp },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { get, spend, outsider };
}

const today = todayDate();

describe("the accountant's exports", { timeout: 90_000 }, () => {
  it('given expenses with a formula for a supplier, when exported as CSV, then the file has the period, exact amounts and the formula as text', async () => {
    const c = await setup();
    await c.spend(shiftDate(today, { days: -2 }), '=HYPERLINK("https://evil.example","Refund")', 1_000);
    await c.spend(shiftDate(today, { days: -1 }), 'Café Nord, Bristol', 333, 2000);
    await c.spend(shiftDate(today, { days: -100 }), 'Outside the period', 999);
    const from = shiftDate(today, { days: -10 });
    const response = await c.get(`/api/billing-payment/exports/expenses?from=${from}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="expenses-${from}-to-${today}.csv"`);
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Date,Category,Supplier,Description,Net,Tax rate %,Tax,Total,Currency,Receipt',
      `${shiftDate(today, { days: -2 })},Travel,"'=HYPERLINK(""https://evil.example"",""Refund"")",,10.00,20,2.00,12.00,GBP,`,
      // 20% of £3.33 is 66.6p: 67p.
      `${shiftDate(today, { days: -1 })},Travel,"Café Nord, Bristol",,3.33,20,0.67,4.00,GBP,`,
    ]);
    // Another practice exports nothing of it.
    const theirs = await c.get(`/api/billing-payment/exports/expenses?from=${from}&to=${today}`, c.outsider);
    expect(theirs.body).not.toContain('Café Nord');
  });

  it('given a period longer than a year or ending before it starts, then 400 says what to choose', async () => {
    const c = await setup();
    const long = await c.get(
      `/api/billing-payment/exports/expenses?from=${shiftDate(today, { years: -2 })}&to=${today}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.to).toBe('Choose a period of at most 366 days: export a year at a time.');
    const backwards = await c.get(
      `/api/billing-payment/exports/invoices?from=${today}&to=${shiftDate(today, { days: -1 })}`,
    );
    expect(backwards.json().fields.to).toBe('The last day must be on or after the first day.');
  });

  it('given expenses in two currencies, then the yearly summary sums them per currency and month, and by category', async () => {
    const c = await setup();
    const year = 2025;
    await c.spend(`${year}-03-10`, 'Rail', 1_000);
    await c.spend(`${year}-03-20`, 'Rail', 500, 0);
    await c.spend(`${year}-11-02`, 'Bahn', 2_000, 1900, 'EUR');
    await c.spend(`${year - 1}-12-31`, 'Last year', 7_777);
    const summary = (await c.get(`/api/billing-payment/yearly-summary/${year}`)).json<YearlySummary>();
    expect(summary.currencies.map((b) => b.currency)).toEqual(['EUR', 'GBP']);
    const gbp = summary.currencies[1]!;
    expect(gbp.months).toHaveLength(12);
    expect(gbp.months[2]).toMatchObject({
      month: `${year}-03`,
      expensesNetMinor: 1_500,
      expensesTaxMinor: 200,
      expensesTotalMinor: 1_700,
    });
    expect(gbp.totals.expensesTotalMinor).toBe(1_700);
    expect(gbp.expensesByCategory).toEqual([{ category: 'travel', netMinor: 1_500, taxMinor: 200, totalMinor: 1_700 }]);
    const csv = await c.get(`/api/billing-payment/exports/yearly-summary/${year}`);
    expect(csv.body).toContain(`GBP,${year}-03,0.00,0.00,0.00,0.00,15.00,2.00,17.00`);
    expect(csv.body).toContain(`EUR,Total ${year},0.00,0.00,0.00,0.00,20.00,3.80,23.80`);
    expect((await c.get('/api/billing-payment/yearly-summary/1999')).statusCode).toBe(400);
  });
});
