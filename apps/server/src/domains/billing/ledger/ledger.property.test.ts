import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Client, ClientBalance, Invoice, InvoicePage, PaymentPage } from '@halcyon/api/contract';
import { createBackup, knownMigrations, restoreSqlDump } from '../../../platform/backup';
import { rowsOf, type Db } from '../../../platform/db';
import { createTestDatabase } from '../../../test/database';
import { payments } from './schema';
import { ledgerSetup, type LedgerContext } from './testing';

const BASE = '/api/billing-payment';
vi.setConfig({ testTimeout: 300_000 });

/** One step of a random history of a client's billing. */
type Step =
  | { kind: 'invoice'; amounts: number[]; taxRateBp: number }
  | { kind: 'pay'; pick: number; percent: number; extra: number }
  | { kind: 'advance'; amount: number }
  | { kind: 'credit'; pick: number; all: boolean }
  | { kind: 'void'; pick: number }
  | { kind: 'unpay'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('invoice' as const),
    amounts: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 3 }),
    taxRateBp: fc.constantFrom(0, 500, 2_000, 1_750),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(),
    percent: fc.integer({ min: 1, max: 100 }),
    extra: fc.constantFrom(0, 0, 1, 2_500),
  }),
  fc.record({ kind: fc.constant('advance' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), all: fc.boolean() }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('unpay' as const), pick: fc.nat() }),
);

async function play(c: LedgerContext, clientId: number, steps: readonly Step[]): Promise<void> {
  const issued: Invoice[] = [];
  const paymentIds: number[] = [];
  for (const s of steps) {
    if (s.kind === 'invoice') {
      const lines = s.amounts.map((unitMinor) => c.free(unitMinor, s.taxRateBp));
      const response = await c.send('POST', `${BASE}/invoices`, { payload: { clientId, lines, action: 'save' } });
      expect(response.statusCode, response.body).toBe(201);
      issued.push(response.json<Invoice>());
    } else if (s.kind === 'advance') {
      const response = await c.send('POST', `${BASE}/advance-payment`, {
        payload: { clientId, amountMinor: s.amount, currency: 'GBP', date: '2026-11-01', method: 'cash' },
        key: crypto.randomUUID(),
      });
      expect(response.statusCode, response.body).toBe(201);
      paymentIds.push(response.json<{ id: number }>().id);
    } else if (issued.length > 0 && s.kind !== 'unpay') {
      const target = await c.read(issued[s.pick % issued.length]!.id);
      if (s.kind === 'pay' && target.outstandingMinor > 0) {
        const share = Math.max(1, Math.floor((target.outstandingMinor * s.percent) / 100));
        const response = await c.send('POST', `${BASE}/payments`, {
          payload: {
            clientId,
            amountMinor: share + s.extra,
            currency: 'GBP',
            date: '2026-11-01',
            method: 'card',
            allocations: [{ invoiceId: target.id, amountMinor: share }],
          },
          key: crypto.randomUUID(),
        });
        expect(response.statusCode, response.body).toBe(201);
        paymentIds.push(response.json<{ id: number }>().id);
      }
      if (s.kind === 'credit') {
        const open = target.lines.filter((line) => line.creditedByInvoiceId === null).map((line) => line.id);
        const lineIds = s.all ? [] : open.slice(0, 1);
        const response = await c.send('POST', `${BASE}/invoice/${target.id}/credit-note`, {
          payload: { lineIds, reason: 'Property' },
        });
        // Crediting a void invoice or one with every line credited is refused; the rest succeed.
        expect([201, 409], response.body).toContain(response.statusCode);
      }
      if (s.kind === 'void') {
        const response = await c.send('POST', `${BASE}/invoice/${target.id}/void`, { payload: { reason: 'Property' } });
        expect([200, 409], response.body).toContain(response.statusCode);
      }
    } else if (s.kind === 'unpay' && paymentIds.length > 0) {
      const [id] = paymentIds.splice(s.pick % paymentIds.length, 1);
      const payment = await c.send('GET', `${BASE}/payment/${id}`);
      const path = payment.statusCode === 200 ? 'payment' : 'advance-payment';
      expect((await c.send('DELETE', `${BASE}/${path}/${id}`)).statusCode).toBe(200);
    }
  }
}

/**
 * The client's kept balances (`client_balances`, written by the ledger's triggers) equal the ones the ledger derives
 * (`client-balance`: outstanding less unused credit, per currency), and the client page shows the practice currency's.
 */
async function expectKeptBalance(c: LedgerContext, clientId: number): Promise<void> {
  const derived = (await c.send('GET', `${BASE}/client-balance/${clientId}`)).json<ClientBalance>().balances;
  const kept = await rowsOf<{ currency: string; balance_minor: number }>(
    c.db,
    sql`select currency, balance_minor from client_balances where client_id = ${clientId} order by currency`,
  );
  const currencies = [...new Set([...derived.map((row) => row.currency), ...kept.map((row) => row.currency)])];
  for (const currency of currencies) {
    const row = derived.find((balance) => balance.currency === currency);
    expect(Number(kept.find((balance) => balance.currency === currency)?.balance_minor ?? 0), currency).toBe(
      row ? row.outstandingMinor - row.creditMinor : 0,
    );
  }
  const client = (await c.send('GET', `/api/clients/single-client/${clientId}`)).json<Client>();
  const gbp = derived.find((balance) => balance.currency === 'GBP');
  expect(client.balanceMinor).toBe(gbp ? gbp.outstandingMinor - gbp.creditMinor : 0);
}

describe('property: invoice total = paid + credited + outstanding for random histories', () => {
  it('given random invoices, payments, advance payments, credit notes, voids and deleted payments, then every invoice balances and no payment is over-used', async () => {
    const c = await ledgerSetup();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const clientId = await c.addClient('Prop', 'prop@client.example');
        await play(c, clientId, steps);
        const invoices = (
          await c.send('GET', `${BASE}/invoices?clientId=${clientId}&kind=invoice&limit=100`)
        ).json<InvoicePage>();
        for (const invoice of invoices.items) {
          expect(invoice.outstandingMinor).toBeGreaterThanOrEqual(0);
          expect(invoice.paidMinor).toBeGreaterThanOrEqual(0);
          if (invoice.status === 'void') expect(invoice.outstandingMinor).toBe(0);
          else expect(invoice.totalMinor).toBe(invoice.paidMinor + invoice.creditedMinor + invoice.outstandingMinor);
        }
        const payments = (await c.send('GET', `${BASE}/payments?clientId=${clientId}&limit=100`)).json<PaymentPage>();
        for (const payment of payments.items) {
          expect(payment.unallocatedMinor).toBeGreaterThanOrEqual(0);
          expect(payment.allocatedMinor + payment.unallocatedMinor).toBe(payment.amountMinor);
        }
        const balance = (await c.send('GET', `${BASE}/client-balance/${clientId}`)).json<ClientBalance>();
        const open = invoices.items.filter((invoice) => invoice.status !== 'void');
        const owed = open.reduce((sum, invoice) => sum + invoice.outstandingMinor, 0);
        const credit = payments.items.reduce((sum, payment) => sum + payment.unallocatedMinor, 0);
        expect(
          balance.balances.find((row) => row.currency === 'GBP') ?? { outstandingMinor: 0, creditMinor: 0 },
        ).toMatchObject({
          outstandingMinor: owed,
          creditMinor: credit,
        });
        await expectKeptBalance(c, clientId);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 12) },
    );
  });
});

describe('invoice numbers under concurrency', () => {
  it('given 50 drafts saved at once, then they take 1 to 50: no gap, no duplicate', async () => {
    const c = await ledgerSetup();
    const drafts: Invoice[] = [];
    for (let i = 0; i < 50; i += 1) drafts.push(await c.invoice({ lines: [c.free(1_000 + i)] }));
    const answers = await Promise.all(
      drafts.map((draft, i) =>
        i % 2 === 0
          ? c.send('POST', `${BASE}/invoice/${draft.id}/save`)
          : c.send('POST', `${BASE}/invoice/${draft.id}/send`, { payload: {}, key: `send-${draft.id}` }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => answer.json<Invoice>().number).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(4, '0')}`));
  });
});

describe("a client's kept balance under concurrency", () => {
  it('given payments, advance payments and allocations of one client recorded at once, then the kept balance is the derived one', async () => {
    const c = await ledgerSetup();
    const invoices: Invoice[] = [];
    for (let i = 0; i < 8; i += 1) invoices.push(await c.invoice({ lines: [c.free(10_000 + i)], action: 'save' }));
    const day = '2026-11-01';
    const answers = await Promise.all([
      ...invoices.map((invoice, i) =>
        c.send('POST', `${BASE}/payments`, {
          payload: {
            clientId: c.clientId,
            amountMinor: 4_000 + i * 100,
            currency: 'GBP',
            date: day,
            method: 'card',
            allocations: [{ invoiceId: invoice.id, amountMinor: 3_000 + i * 100 }],
          },
          key: crypto.randomUUID(),
        }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        c.send('POST', `${BASE}/advance-payment`, {
          payload: { clientId: c.clientId, amountMinor: 500 + i, currency: 'GBP', date: day, method: 'cash' },
          key: crypto.randomUUID(),
        }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        c.send('POST', `${BASE}/invoices`, {
          payload: { clientId: c.clientId, lines: [c.free(2_000 + i)], action: 'save' },
        }),
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    await expectKeptBalance(c, c.clientId);
  });

  it.runIf(Boolean(process.env.DATABASE_URL)).each([
    ['a new payment waits for another new one (both added)', 'add', 'add'],
    ['a new payment (added) waits for a changed one (recomputed)', 'change', 'add'],
    ['a changed payment (recomputed) waits for a new one (added)', 'add', 'change'],
  ] as const)(
    'given two transactions on one client on PostgreSQL, when %s, then the kept balance counts both',
    async (_name, firstDoes, secondDoes) => {
      const c = await ledgerSetup();
      const payment = (amountMinor: number) => ({
        practiceId: c.practice.practiceId,
        clientId: c.clientId,
        kind: 'advance',
        method: 'cash',
        amountMinor,
        currency: 'GBP',
        date: '2026-11-01',
      });
      const [earlier] = await c.db.insert(payments).values(payment(1_000)).returning({ id: payments.id });
      // A new payment of 250 (its trigger adds it), or the earlier one changed to 1,500 (its trigger recomputes).
      const does = (what: 'add' | 'change') => async (tx: Db) => {
        if (what === 'add') await tx.insert(payments).values(payment(250));
        else
          await tx
            .update(payments)
            .set({ amountMinor: 1_500 })
            .where(sql`${payments.id} = ${earlier!.id}`);
      };
      let began!: () => void;
      let release!: () => void;
      const didBegin = new Promise<void>((resolve) => (began = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = c.db.transaction(async (tx) => {
        await does(firstDoes)(tx);
        began();
        await held;
      });
      await didBegin;
      let settled = false;
      const second = c.db.transaction((tx) => does(secondDoes)(tx)).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled, "the second waits for the first's balance row").toBe(false);
      release();
      await Promise.all([first, second]);
      await expectKeptBalance(c, c.clientId);
      const [kept] = await rowsOf<{ balance_minor: number }>(
        c.db,
        sql`select balance_minor from client_balances where client_id = ${c.clientId}`,
      );
      const moved = { add: 250, change: 500 };
      expect(Number(kept?.balance_minor)).toBe(-(1_000 + moved[firstDoes] + moved[secondDoes]));
    },
  );
});

describe("a client's kept balance, restored", () => {
  /** Every kept balance, in key order. */
  const keptBalances = (db: Db) =>
    rowsOf<{ client_id: number; currency: string; balance_minor: number }>(
      db,
      sql`select client_id, currency, balance_minor from client_balances order by client_id, currency`,
    );

  const clientCounts = (db: Db) =>
    rowsOf(db, sql`select * from client_counts order by practice_id, status, kind, risk_level`);

  it.each([
    ['a backup that leaves the kept balances out', false],
    ['an older backup that holds them', true],
  ])(
    'given invoices, payments and credit of two clients, when %s is restored into a fresh database, then each balance is rebuilt once',
    async (_name, holdsBalances) => {
      const c = await ledgerSetup();
      const [first, second] = await Promise.all([
        c.invoice({ lines: [c.free(12_000)], action: 'save' }),
        c.invoice({ lines: [c.free(8_000)], action: 'save' }),
      ]);
      await c.pay({ amountMinor: 5_000, allocations: [{ invoiceId: first.id, amountMinor: 5_000 }] });
      await c.pay({ amountMinor: 9_000, allocations: [{ invoiceId: second.id, amountMinor: 8_000 }] });
      // A client with payments on account alone: the balance only the payments' own trigger makes.
      const onAccount = await c.addClient('Rowan', null);
      for (const amountMinor of [2_500, 4_000]) {
        const response = await c.send('POST', `${BASE}/advance-payment`, {
          payload: { clientId: onAccount, amountMinor, currency: 'GBP', date: '2026-11-01', method: 'cash' },
          key: crypto.randomUUID(),
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      const before = await keptBalances(c.db);
      expect(before.find((row) => row.client_id === c.clientId)?.balance_minor).toBe(20_000 - 5_000 - 9_000);
      expect(before.find((row) => row.client_id === onAccount)?.balance_minor).toBe(-6_500);

      // A backup taken before the balances were derived held their rows: restoring them and then the payments they
      // count must not count the payments twice. (The test databases are reused, emptied: the comment is put back.)
      const [{ comment } = { comment: '' }] = await rowsOf<{ comment: string }>(
        c.db,
        sql`select obj_description('client_balances'::regclass, 'pg_class') as comment`,
      );
      if (holdsBalances) await c.db.execute(sql`comment on table client_balances is null`);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-balances-'));
      const target = await createTestDatabase();
      try {
        const backup = await createBackup(c.t.database, dir, { format: 'sql' });
        const dump = zlib.gunzipSync(fs.readFileSync(backup.file)).toString();
        expect(dump.includes('INSERT INTO "public"."client_balances"')).toBe(holdsBalances);
        await restoreSqlDump(target, backup.file, knownMigrations());
        expect(await keptBalances(target.db)).toEqual(before);
        // The clients' counters are derived too: rebuilt from the clients restored, not restored and then counted again.
        expect(await clientCounts(target.db)).toEqual(await clientCounts(c.db));
      } finally {
        if (holdsBalances)
          await c.db.execute(sql.raw(`comment on table client_balances is '${comment.replaceAll("'", "''")}'`));
        await target.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
