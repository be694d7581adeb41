import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EXPENSE_MESSAGES,
  shiftDate,
  todayDate,
  type Expense,
  type ExpenseDetails,
  type ExpenseList,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { SAMPLE_FILES, upload } from '../../../test/upload';
import { rowsOf } from '../../../platform/db';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const receipt = async (
    tokens: Tokens = therapist,
    file = { name: 'receipt.pdf', type: 'application/pdf', bytes: SAMPLE_FILES.pdf },
  ) => {
    const response = await upload(t, tokens, file);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string }>().id;
  };
  return { t, practice, admin, therapist, assistant, outsider, send, receipt };
}

const today = todayDate();
const ROOM_HIRE = {
  date: shiftDate(today, { days: -3 }),
  category: 'rooms',
  supplier: 'Harbour Rooms Ltd',
  description: 'Room hire, November',
  amountMinor: 12_345,
  currency: 'gbp',
  taxRateBp: 2000,
};

describe('expenses', { timeout: 90_000 }, () => {
  it('given a Therapist, when an expense with a receipt is recorded, changed and deleted, then each answer carries the figures and SPEC wording', async () => {
    const c = await setup();
    const fileId = await c.receipt();
    const created = await c.send('POST', '/api/billing-payment/expenses', c.therapist, {
      ...ROOM_HIRE,
      receiptFileId: fileId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const expense = created.json<Expense>();
    // 20% of £123.45 is £24.69 (24.69 exactly); the total is the amount plus the tax; the currency is upper-cased.
    expect(expense).toMatchObject({
      currency: 'GBP',
      amountMinor: 12_345,
      taxMinor: 2_469,
      totalMinor: 14_814,
      receipt: { id: fileId, name: 'receipt.pdf', type: 'application/pdf' },
      version: 1,
    });

    const details = await c.send('GET', `/api/billing-payment/expense-details/${expense.id}`, c.assistant);
    expect(details.json<ExpenseDetails>()).toMatchObject({ id: expense.id, createdByName: expect.any(String) });
    // The Assistant works billing fully: the receipt downloads for her too.
    const download = await c.send('GET', `/api/files/${fileId}`, c.assistant);
    expect(download.statusCode).toBe(200);

    const changed = await c.send('PUT', `/api/billing-payment/expense/${expense.id}`, c.assistant, {
      ...ROOM_HIRE,
      amountMinor: 5,
      taxRateBp: 5000,
      receiptFileId: null,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Half of 5p is 2.5p: rounded half away from zero, 3p.
    expect(changed.json<Expense>()).toMatchObject({ taxMinor: 3, totalMinor: 8, receipt: null, version: 2 });
    // The receipt taken off is deleted with it.
    expect((await c.send('GET', `/api/files/${fileId}`)).statusCode).toBe(404);

    const stale = await c.send('PUT', `/api/billing-payment/expense/${expense.id}`, c.therapist, {
      ...ROOM_HIRE,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(EXPENSE_MESSAGES.changed);

    const deleted = await c.send('DELETE', `/api/billing-payment/expense/${expense.id}`, c.admin);
    expect(deleted.json()).toEqual({ detail: 'Expense was successfully deleted.' });
    expect((await c.send('GET', `/api/billing-payment/expense/${expense.id}`)).statusCode).toBe(404);
    const audit = await rowsOf<{ action: string }>(
      c.t.database.db,
      sql`select action from audit_log where entity = 'expense' and entity_id = ${String(expense.id)} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('given bad input, then 400 names the field to fix and nothing is saved', async () => {
    const c = await setup();
    const textFile = await c.receipt(c.therapist, { name: 'note.txt', type: 'text/plain', bytes: SAMPLE_FILES.text });
    const cases: [object, string, string][] = [
      [{ amountMinor: -500 }, 'amountMinor', EXPENSE_MESSAGES.amountNegative],
      [{ amountMinor: 0 }, 'amountMinor', EXPENSE_MESSAGES.amountZero],
      [{ taxRateBp: 50_000 }, 'taxRateBp', EXPENSE_MESSAGES.taxTooHigh],
      [{ date: shiftDate(today, { days: 10 }) }, 'date', 'Choose the date between'],
      [{ date: '2026-02-30' }, 'date', 'Enter the date as a full date'],
      [{ supplier: '  ' }, 'supplier', 'Enter who was paid.'],
      [{ category: 'lunch' }, 'category', 'Choose a category from the list.'],
      [{ currency: 'XYZ1' }, 'currency', 'Choose a currency'],
      [{ receiptFileId: textFile }, 'receiptFileId', EXPENSE_MESSAGES.receiptType],
      [{ receiptFileId: '8f14e45f-ceea-467a-9f47-6f5f0ec5d8a1' }, 'receiptFileId', EXPENSE_MESSAGES.receiptMissing],
    ];
    for (const [change, field, message] of cases) {
      const response = await c.send('POST', '/api/billing-payment/expenses', c.therapist, { ...ROOM_HIRE, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(change)).toContain(message);
    }
    const list = await c.send('GET', '/api/billing-payment/expenses');
    expect(list.json<ExpenseList>().items).toEqual([]);
  });

  it("given another practice's receipt or a receipt already used, then it cannot be attached", async () => {
    const c = await setup();
    const theirs = await c.receipt(c.outsider);
    const response = await c.send('POST', '/api/billing-payment/expenses', c.therapist, {
      ...ROOM_HIRE,
      receiptFileId: theirs,
    });
    expect(response.json().fields.receiptFileId).toBe(EXPENSE_MESSAGES.receiptMissing);
    const mine = await c.receipt();
    expect(
      (await c.send('POST', '/api/billing-payment/expenses', c.therapist, { ...ROOM_HIRE, receiptFileId: mine }))
        .statusCode,
    ).toBe(200);
    const again = await c.send('POST', '/api/billing-payment/expenses', c.therapist, {
      ...ROOM_HIRE,
      receiptFileId: mine,
    });
    expect(again.json().fields.receiptFileId).toBe(EXPENSE_MESSAGES.receiptInUse);
  });

  it('given many expenses, then the list pages newest first, filters by period, category and supplier, and counts no further than it must', async () => {
    const c = await setup();
    const days = [1, 2, 3, 40, 400];
    for (const [i, back] of days.entries()) {
      const response = await c.send('POST', '/api/billing-payment/expenses', c.therapist, {
        ...ROOM_HIRE,
        date: shiftDate(today, { days: -back }),
        category: i % 2 === 0 ? 'rooms' : 'travel',
        supplier: i === 3 ? 'Great Western Railway' : `Supplier ${i}`,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const page = (query: string) =>
      c.send('GET', `/api/billing-payment/expenses?${query}`).then((r) => r.json<ExpenseList>());
    const first = await page('pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5, totalCapped: false });
    expect(first.items.map((e) => e.date)).toEqual([shiftDate(today, { days: -1 }), shiftDate(today, { days: -2 })]);
    expect((await page('pageSize=2&page=3')).items).toHaveLength(1);
    expect((await page(`from=${shiftDate(today, { days: -45 })}`)).total).toBe(4);
    expect((await page('category=travel')).total).toBe(2);
    expect((await page('search=western')).items.map((e) => e.supplier)).toEqual(['Great Western Railway']);
    const backwards = await c.send(
      'GET',
      `/api/billing-payment/expenses?from=${today}&to=${shiftDate(today, { days: -5 })}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.to).toBe('The last day must be on or after the first day.');
  });

  it('given another practice, then its expenses answer 404 and cannot be changed or deleted', async () => {
    const c = await setup();
    const expense = (await c.send('POST', '/api/billing-payment/expenses', c.therapist, ROOM_HIRE)).json<Expense>();
    for (const [method, url, payload] of [
      ['GET', `/api/billing-payment/expense/${expense.id}`],
      ['GET', `/api/billing-payment/expense-details/${expense.id}`],
      ['PUT', `/api/billing-payment/expense/${expense.id}`, { ...ROOM_HIRE, version: 1 }],
      ['DELETE', `/api/billing-payment/expense/${expense.id}`],
    ] as [Method, string, object?][]) {
      expect((await c.send(method, url, c.outsider, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await c.send('GET', '/api/billing-payment/expenses', c.outsider)).json<ExpenseList>().items).toEqual([]);
    expect((await c.send('GET', `/api/billing-payment/expense/${expense.id}`)).json<Expense>().amountMinor).toBe(
      12_345,
    );
  });
});
