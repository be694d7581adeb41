import { IDEMPOTENCY_KEY_HEADER, type Invoice, type PaymentDetails } from '@halcyon/api/contract';
import { expect } from 'vitest';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { clients } from '../../clients/schema';
import { chargeableItems } from '../../scheduling/policies/schema';
import { clientSessions } from '../../sessions/schema';
import { invoiceAccounts } from '../settings/schema';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The ledger tests' practice (tests only): an Admin, an Assistant, an outsider of another practice, a client with an
 * e-mail address, and helpers for attended sessions, fees, accounts and calls with an Idempotency-Key.
 */
export async function ledgerSetup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const { db } = t.database;
  const send = (method: Method, url: string, options: { tokens?: Tokens; payload?: unknown; key?: string } = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(options.tokens ?? admin), ...(options.key && { [IDEMPOTENCY_KEY_HEADER]: options.key }) },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const addClient = async (firstName = 'Morgan', email: string | null = 'morgan@client.example') => {
    const [row] = await db
      .insert(clients)
      .values({ practiceId: practice.practiceId, firstName, lastName: 'Adeyemi', email })
      .returning({ id: clients.id });
    return row!.id;
  };
  const clientId = await addClient();
  let sessions = 0;
  /** A session of the client `daysAgo` days ago (each an hour after the last: no clash), attended unless told. */
  const session = async (
    options: { daysAgo?: number; priceMinor?: number | null; status?: string; client?: number } = {},
  ) => {
    sessions += 1;
    const startsAt = new Date(Date.now() - (options.daysAgo ?? 7) * DAY + sessions * HOUR);
    const [row] = await db
      .insert(clientSessions)
      .values({
        practiceId: practice.practiceId,
        clientId: options.client ?? clientId,
        therapistId: memberOf(practice, 'Therapist').userId,
        serviceName: 'Individual session',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 50 * 60_000),
        status: options.status ?? 'attended',
        priceMinor: options.priceMinor === undefined ? 6_000 : options.priceMinor,
      })
      .returning({ id: clientSessions.id });
    return row!.id;
  };
  /** A late-cancellation fee of a (late-cancelled) session. */
  const fee = async (amountMinor = 3_000) => {
    const sessionId = await session({ status: 'late cancellation' });
    const [row] = await db
      .insert(chargeableItems)
      .values({
        practiceId: practice.practiceId,
        clientId,
        sessionId,
        kind: 'late cancellation',
        amountMinor,
        currency: 'GBP',
      })
      .returning({ id: chargeableItems.id });
    return row!.id;
  };
  const account = async (currency = 'GBP', isDefault = true) => {
    const [row] = await db
      .insert(invoiceAccounts)
      .values({
        practiceId: practice.practiceId,
        name: `${currency} account`,
        currency,
        isDefault,
        accountHolder: 'Harbour Therapy Ltd',
        sortCode: '123456',
        accountNumber: '12345678',
      })
      .returning({ id: invoiceAccounts.id });
    return row!.id;
  };
  /** Creates an invoice (a draft unless `action`) and answers it; fails the test unless 201. */
  const invoice = async (payload: object, key?: string): Promise<Invoice> => {
    const response = await send('POST', '/api/billing-payment/invoices', { payload: { clientId, ...payload }, key });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Invoice>();
  };
  const free = (unitMinor: number, taxRateBp = 0, description = 'Report') => ({
    sourceKind: 'free',
    description,
    unitMinor,
    taxRateBp,
  });
  const pay = async (payload: object, key = crypto.randomUUID()): Promise<PaymentDetails> => {
    const response = await send('POST', '/api/billing-payment/payments', {
      payload: { clientId, currency: 'GBP', date: new Date().toISOString().slice(0, 10), method: 'card', ...payload },
      key,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PaymentDetails>();
  };
  const read = async (id: number): Promise<Invoice> => {
    const response = await send('GET', `/api/billing-payment/invoice/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Invoice>();
  };
  return {
    t,
    db,
    practice,
    other,
    admin,
    assistant,
    outsider,
    send,
    clientId,
    addClient,
    session,
    fee,
    account,
    invoice,
    free,
    pay,
    read,
  };
}
export type LedgerContext = Awaited<ReturnType<typeof ledgerSetup>>;
