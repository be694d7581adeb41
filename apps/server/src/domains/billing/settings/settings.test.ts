import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BILLING_SETTINGS_MESSAGES as M,
  DEFAULT_BILLING_SETTINGS,
  type BillingSettings,
  type HealthcodeAccount,
  type InsuranceProvider,
  type InvoiceAccount,
  type InvoiceReminder,
  type Service,
  SESSION_MESSAGES,
  TEMPLATE_MESSAGES,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { billingSettingsOf, defaultAccount, insuranceProviderById, reminderRules, serviceById } from './index';
import { invoiceAccounts, invoiceReminderRules } from './schema';
import { clients } from '../../clients/schema';
import { clientSessions } from '../../sessions/schema';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async <T>(url: string, payload: unknown, tokens: Tokens = admin): Promise<T> => {
    const response = await send('POST', url, tokens, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  return { t, db: t.database.db, practiceId: practice.practiceId, admin, therapist, assistant, outsider, send, create };
}

const INDIVIDUAL = {
  name: 'Individual session',
  kind: 'individual',
  durationMinutes: 50,
  priceMinor: 7_500,
  currency: 'GBP',
};
const REPORT = {
  name: 'Report',
  kind: 'other',
  durationMinutes: 60,
  priceMinor: 12_000,
  currency: 'gbp',
  bookableOnline: true,
};
const GBP_ACCOUNT = {
  name: 'Business current',
  accountCurrency: 'GBP',
  sortCode: '12-34-56',
  accountNumber: '12345678',
};
const EUR_ACCOUNT = {
  name: 'Euro account',
  accountCurrency: 'EUR',
  iban: 'GB33 BUKB 2020 1555 5555 55',
  bic: 'BUKBGB22',
};
const FIRST_REMINDER = {
  offsetDays: 7,
  subject: 'Invoice {{invoice.number}} is overdue',
  body: 'Dear {{client.fullName}}, {{invoice.amount}} is due.',
};
const BUPA = { name: 'Bupa', payerId: 'BUPA01', healthcodeProviderCode: 'BUP' };

describe('services', () => {
  it('given an Admin and a Therapist, then they add, list, read, change and delete services with the SPEC messages', async () => {
    const c = await setup();
    const session = await c.create<Service>('/api/settings/services', { ...INDIVIDUAL, bookableOnline: true });
    expect(session).toMatchObject({ ...INDIVIDUAL, taxRateBp: 0, bookableOnline: true, archived: false, version: 1 });
    // An other service has no length and is never booked online, whatever the form sent.
    const report = await c.create<Service>('/api/settings/services', REPORT, c.therapist);
    expect(report).toMatchObject({ kind: 'other', durationMinutes: null, bookableOnline: false, currency: 'GBP' });

    const list = await c.send('GET', '/api/settings/services', c.assistant);
    expect(list.json<{ items: Service[] }>().items.map((s) => s.name)).toEqual(['Individual session', 'Report']);
    const others = await c.send('GET', '/api/settings/services?group=other');
    expect(others.json<{ items: Service[] }>().items.map((s) => s.name)).toEqual(['Report']);

    const changed = await c.send('PUT', `/api/settings/services/${session.id}`, c.therapist, {
      ...INDIVIDUAL,
      priceMinor: 8_000,
      taxRateBp: 2_000,
      archived: true,
      version: 1,
    });
    expect(changed.json()).toMatchObject({ priceMinor: 8_000, taxRateBp: 2_000, archived: true, version: 2 });
    const pickers = await c.send('GET', '/api/settings/services');
    expect(pickers.json<{ items: Service[] }>().items.map((s) => s.name)).toEqual(['Report']);
    const page = await c.send('GET', '/api/settings/services?archived=true');
    expect(page.json<{ items: Service[] }>().items).toHaveLength(2);
    expect(await serviceById(c.db, c.practiceId, session.id)).toMatchObject({ priceMinor: 8_000 });

    const stale = await c.send('PUT', `/api/settings/services/${session.id}`, c.admin, { ...INDIVIDUAL, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: M.serviceChanged });

    const deleted = await c.send('DELETE', `/api/settings/services/${report.id}`);
    expect(deleted.json()).toEqual({ detail: 'Service successfully deleted.' });
    expect((await c.send('GET', `/api/settings/services/${report.id}`)).statusCode).toBe(404);
  });

  it('given bad input (negative price, tax of 500%, unknown currency, a session without length, a taken name), then a message names what to fix and nothing is saved', async () => {
    const c = await setup();
    const cases: [object, string, string][] = [
      [{ ...INDIVIDUAL, priceMinor: -100 }, 'priceMinor', 'The price cannot be negative.'],
      [{ ...INDIVIDUAL, taxRateBp: 50_000 }, 'taxRateBp', 'Enter a tax rate of at most 100%.'],
      [{ ...INDIVIDUAL, currency: 'XYZ' }, 'currency', 'Choose a currency from the list, such as GBP.'],
      [{ ...INDIVIDUAL, durationMinutes: null }, 'durationMinutes', M.durationMissing],
      [{ ...INDIVIDUAL, priceMinor: 10.5 }, 'priceMinor', 'Enter the price in whole pence or cents.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await c.send('POST', '/api/settings/services', c.admin, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
    expect((await c.send('GET', '/api/settings/services')).json<{ items: unknown[] }>().items).toEqual([]);
    await c.create<Service>('/api/settings/services', INDIVIDUAL);
    const taken = await c.send('POST', '/api/settings/services', c.admin, {
      ...INDIVIDUAL,
      name: 'INDIVIDUAL session',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: M.serviceNameTaken });
  });
});

describe('a session booked as a service', () => {
  it('given a session scheduled with a service, then it takes the service’s price; another practice’s service is refused', async () => {
    const c = await setup();
    const service = await c.create<Service>('/api/settings/services', INDIVIDUAL);
    const [client] = await c.db
      .insert(clients)
      .values({ practiceId: c.practiceId, firstName: 'Morgan', lastName: 'Adeyemi' })
      .returning({ id: clients.id });
    const body = {
      serviceName: service.name,
      serviceId: service.id,
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      durationMinutes: 50,
    };
    const booked = await c.send('POST', `/api/clients/sessions/create/${client!.id}`, c.therapist, body);
    expect(booked.statusCode, booked.body).toBe(200);
    const [row] = await c.db.select().from(clientSessions).where(eq(clientSessions.clientId, client!.id));
    expect(row).toMatchObject({ serviceName: 'Individual session', priceMinor: 7_500 });

    const theirs = await c.create<Service>('/api/settings/services', INDIVIDUAL, c.outsider);
    const refused = await c.send('POST', `/api/clients/sessions/create/${client!.id}`, c.therapist, {
      ...body,
      serviceId: theirs.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { serviceId: SESSION_MESSAGES.serviceNotFound } });
  });
});

describe('client billing settings', () => {
  it('given a practice that never saved them, then the defaults (version 0); saving them once and again works and a stale save answers 409', async () => {
    const c = await setup();
    expect((await c.send('GET', '/api/settings/client-billing', c.assistant)).json()).toEqual(DEFAULT_BILLING_SETTINGS);
    const body = { ...DEFAULT_BILLING_SETTINGS, numberPrefix: 'HAL-', paymentTermsDays: 14, defaultTaxRateBp: 2_000 };
    const saved = await c.send('PUT', '/api/settings/client-billing', c.therapist, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BillingSettings>()).toMatchObject({ numberPrefix: 'HAL-', paymentTermsDays: 14, version: 1 });
    const again = await c.send('PUT', '/api/settings/client-billing', c.admin, {
      ...body,
      footer: 'Thank you.',
      version: 1,
    });
    expect(again.json<BillingSettings>()).toMatchObject({ footer: 'Thank you.', version: 2 });
    expect(await billingSettingsOf(c.db, c.practiceId)).toMatchObject({ numberPrefix: 'HAL-', footer: 'Thank you.' });
    const stale = await c.send('PUT', '/api/settings/client-billing', c.admin, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: M.settingsChanged });
    // Another practice still has its defaults.
    expect((await c.send('GET', '/api/settings/client-billing', c.outsider)).json()).toEqual(DEFAULT_BILLING_SETTINGS);
  });

  it('given a tax rate of 500% or payment terms of a negative number of days, then 400 naming the field', async () => {
    const c = await setup();
    const bad = await c.send('PUT', '/api/settings/client-billing', c.admin, {
      ...DEFAULT_BILLING_SETTINGS,
      defaultTaxRateBp: 50_000,
      paymentTermsDays: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: {
        defaultTaxRateBp: 'Enter a tax rate of at most 100%.',
        paymentTermsDays: 'The payment terms cannot be negative.',
      },
    });
  });
});

describe('invoice accounts: one default per currency', () => {
  it('given accounts in two currencies, then the first of each is its default; making another the default moves it; the default of a currency answers by currency', async () => {
    const c = await setup();
    const gbp = await c.create<InvoiceAccount>('/api/settings/client-billing/account-details', GBP_ACCOUNT);
    expect(gbp).toMatchObject({
      accountCurrency: 'GBP',
      isDefault: true,
      sortCode: '123456',
      accountNumber: '12345678',
    });
    const eur = await c.create<InvoiceAccount>(
      '/api/settings/client-billing/account-details',
      EUR_ACCOUNT,
      c.therapist,
    );
    expect(eur).toMatchObject({ accountCurrency: 'EUR', isDefault: true, iban: 'GB33BUKB20201555555555' });
    const savings = await c.create<InvoiceAccount>('/api/settings/client-billing/account-details', {
      ...GBP_ACCOUNT,
      name: 'Savings',
      accountNumber: '87654321',
    });
    expect(savings.isDefault).toBe(false);

    const moved = await c.send('PUT', `/api/settings/client-billing/single-account-details/${savings.id}`, c.admin, {
      ...GBP_ACCOUNT,
      name: 'Savings',
      isDefault: true,
      version: 1,
    });
    expect(moved.json()).toMatchObject({ isDefault: true, version: 2 });
    const list = (await c.send('GET', '/api/settings/client-billing/account-details', c.assistant)).json<{
      items: InvoiceAccount[];
    }>();
    expect(list.items.map((a) => [a.name, a.isDefault])).toEqual([
      ['Euro account', true],
      ['Savings', true],
      ['Business current', false],
    ]);
    const byCurrency = await c.send('GET', '/api/settings/client-billing/default-account-details/gbp');
    expect(byCurrency.json()).toMatchObject({ id: savings.id });
    expect(await defaultAccount(c.db, c.practiceId, 'EUR')).toMatchObject({ id: eur.id });
    const none = await c.send('GET', '/api/settings/client-billing/default-account-details/USD');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: M.noDefaultAccount('USD') });

    // The default cannot be unset or deleted while its currency has another account.
    const unset = await c.send('PUT', `/api/settings/client-billing/single-account-details/${savings.id}`, c.admin, {
      ...GBP_ACCOUNT,
      name: 'Savings',
      isDefault: false,
      version: 2,
    });
    expect(unset.statusCode).toBe(409);
    expect(unset.json()).toMatchObject({ detail: M.keepOneDefault('GBP') });
    const deleteDefault = await c.send('DELETE', `/api/settings/client-billing/single-account-details/${savings.id}`);
    expect(deleteDefault.statusCode).toBe(409);
    expect(deleteDefault.json()).toMatchObject({ detail: M.deleteDefault('GBP') });
    const deleted = await c.send('DELETE', `/api/settings/client-billing/single-account-details/${gbp.id}`);
    expect(deleted.json()).toEqual({ detail: 'Account successfully deleted.' });
  });

  it('given a second default written past the service, then the database refuses it', async () => {
    const c = await setup();
    await c.create<InvoiceAccount>('/api/settings/client-billing/account-details', GBP_ACCOUNT);
    await expect(
      c.db
        .insert(invoiceAccounts)
        .values({ practiceId: c.practiceId, name: 'Rogue', currency: 'GBP', isDefault: true }),
    ).rejects.toThrow();
    const defaults = await c.db
      .select()
      .from(invoiceAccounts)
      .where(and(eq(invoiceAccounts.practiceId, c.practiceId), eq(invoiceAccounts.isDefault, true)));
    expect(defaults).toHaveLength(1);
  });

  it('given bad bank details or an unknown currency, then 400 naming the field', async () => {
    const c = await setup();
    const cases: [object, string, string][] = [
      [{ ...GBP_ACCOUNT, accountCurrency: 'ZZZ' }, 'accountCurrency', 'Choose a currency from the list, such as GBP.'],
      [{ ...GBP_ACCOUNT, sortCode: '12-34' }, 'sortCode', 'Enter the sort code as six digits, such as 12-34-56.'],
      [
        { ...EUR_ACCOUNT, iban: 'GB34 BUKB 2020 1555 5555 55' },
        'iban',
        'Enter a valid IBAN, such as GB33 BUKB 2020 1555 5555 55.',
      ],
      [{ name: 'Nowhere', accountCurrency: 'GBP' }, 'accountNumber', M.bankDetailsMissing],
    ];
    for (const [payload, field, message] of cases) {
      const response = await c.send('POST', '/api/settings/client-billing/account-details', c.admin, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
  });
});

describe('invoice reminders', () => {
  it('given reminder rules, then they list by day offset, one per offset, with unknown merge fields refused', async () => {
    const c = await setup();
    const after = await c.create<InvoiceReminder>('/api/settings/client-billing/invoice-reminders', FIRST_REMINDER);
    const before = await c.create<InvoiceReminder>('/api/settings/client-billing/invoice-reminders', {
      ...FIRST_REMINDER,
      offsetDays: -3,
      enabled: false,
    });
    const list = await c.send('GET', '/api/settings/client-billing/invoice-reminders', c.assistant);
    expect(list.json<{ items: InvoiceReminder[] }>().items.map((r) => r.offsetDays)).toEqual([-3, 7]);
    expect((await reminderRules(c.db, c.practiceId)).map((r) => r.id)).toEqual([after.id]);

    const taken = await c.send('PUT', `/api/settings/client-billing/single-invoice-reminder/${before.id}`, c.admin, {
      ...FIRST_REMINDER,
      version: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: M.reminderExists(7) });
    const unknown = await c.send('POST', '/api/settings/client-billing/invoice-reminders', c.admin, {
      ...FIRST_REMINDER,
      offsetDays: 14,
      body: 'Pay {{balance}} now',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { body: TEMPLATE_MESSAGES.unknownMergeField('balance') } });
    const elsewhere = await c.send('POST', '/api/settings/client-billing/invoice-reminders', c.admin, {
      ...FIRST_REMINDER,
      offsetDays: 14,
      subject: 'Before {{session.start}}',
    });
    expect(elsewhere.json()).toMatchObject({
      fields: { subject: TEMPLATE_MESSAGES.unavailableMergeField('session.start', 'payment-reminder') },
    });
    const unclosed = await c.send('POST', '/api/settings/client-billing/invoice-reminders', c.admin, {
      ...FIRST_REMINDER,
      offsetDays: 14,
      body: 'Invoice {{invoice.number is due',
    });
    expect(unclosed.json()).toMatchObject({ fields: { body: TEMPLATE_MESSAGES.unclosedMergeField } });
    const tooLate = await c.send('POST', '/api/settings/client-billing/invoice-reminders', c.admin, {
      ...FIRST_REMINDER,
      offsetDays: 400,
    });
    expect(tooLate.statusCode).toBe(400);

    const deleted = await c.send('DELETE', `/api/settings/client-billing/single-invoice-reminder/${before.id}`);
    expect(deleted.json()).toEqual({ detail: 'Reminder successfully deleted.' });
  });
  it('given a rule written with the old {words}, when migration 0047 runs, then it holds the merge fields with the same values', async () => {
    const c = await setup();
    const [old] = await c.db
      .insert(invoiceReminderRules)
      .values({
        practiceId: c.practiceId,
        offsetDays: 5,
        subject: 'Invoice {invoiceNumber} from {practiceName} is due on {dueDate}',
        body: 'Dear {clientName},\n\n{amountDue} is owed. Pay at {payLink}. {unknown} stays.',
      })
      .returning({ id: invoiceReminderRules.id });
    const migration = fs.readFileSync(
      new URL('../../../../drizzle/0047_reminder_merge_fields.sql', import.meta.url),
      'utf8',
    );
    await c.db.execute(sql.raw(migration));
    const rule = (
      await c.send('GET', `/api/settings/client-billing/single-invoice-reminder/${old!.id}`)
    ).json<InvoiceReminder>();
    expect(rule.subject).toBe('Invoice {{invoice.number}} from {{practice.name}} is due on {{invoice.dueDate}}');
    expect(rule.body).toBe(
      'Dear {{client.fullName}},\n\n{{invoice.amount}} is owed. Pay at {{link.url}}. {unknown} stays.',
    );
  });
});

describe('insurance', () => {
  it('given insurers and the Healthcode account, then they are saved, read and deleted with the SPEC messages', async () => {
    const c = await setup();
    const bupa = await c.create<InsuranceProvider>('/api/settings/insurance', BUPA);
    expect(bupa).toMatchObject({ ...BUPA, address: '', version: 1 });
    await c.create<InsuranceProvider>('/api/settings/insurance', { name: 'AXA Health' }, c.therapist);
    const list = await c.send('GET', '/api/settings/insurance', c.assistant);
    expect(list.json<{ items: InsuranceProvider[] }>().items.map((p) => p.name)).toEqual(['AXA Health', 'Bupa']);
    const changed = await c.send('PUT', `/api/settings/single-insurance/${bupa.id}`, c.admin, {
      ...BUPA,
      email: 'claims@bupa.example',
      version: 1,
    });
    expect(changed.json()).toMatchObject({ email: 'claims@bupa.example', version: 2 });
    expect(await insuranceProviderById(c.db, c.practiceId, bupa.id)).toMatchObject({ email: 'claims@bupa.example' });
    const badEmail = await c.send('POST', '/api/settings/insurance', c.admin, { name: 'X', email: 'nope' });
    expect(badEmail.statusCode).toBe(400);

    expect((await c.send('GET', '/api/settings/insurance/healthcode-account')).json<HealthcodeAccount>().version).toBe(
      0,
    );
    const noId = await c.send('PUT', '/api/settings/insurance/healthcode-account', c.admin, {
      enabled: true,
      version: 0,
    });
    expect(noId.statusCode).toBe(400);
    const saved = await c.send('PUT', '/api/settings/insurance/healthcode-account', c.admin, {
      practitionerId: 'HC-12345',
      username: 'practice',
      enabled: true,
      version: 0,
    });
    expect(saved.json()).toEqual({ practitionerId: 'HC-12345', username: 'practice', enabled: true, version: 1 });

    const deleted = await c.send('DELETE', `/api/settings/single-insurance/${bupa.id}`);
    expect(deleted.json()).toEqual({ detail: 'Insurance provider successfully deleted.' });
  });
});

describe('access', () => {
  it('given an Assistant, then every write answers 403 and every read answers; another practice gets 404 for every id', async () => {
    const c = await setup();
    const service = await c.create<Service>('/api/settings/services', INDIVIDUAL);
    const account = await c.create<InvoiceAccount>('/api/settings/client-billing/account-details', GBP_ACCOUNT);
    const reminder = await c.create<InvoiceReminder>('/api/settings/client-billing/invoice-reminders', FIRST_REMINDER);
    const insurer = await c.create<InsuranceProvider>('/api/settings/insurance', BUPA);
    const writes: [Method, string, unknown?][] = [
      ['POST', '/api/settings/services', INDIVIDUAL],
      ['PUT', `/api/settings/services/${service.id}`, { ...INDIVIDUAL, version: 1 }],
      ['DELETE', `/api/settings/services/${service.id}`],
      ['PUT', '/api/settings/client-billing', DEFAULT_BILLING_SETTINGS],
      ['POST', '/api/settings/client-billing/account-details', GBP_ACCOUNT],
      ['PUT', `/api/settings/client-billing/single-account-details/${account.id}`, { ...GBP_ACCOUNT, version: 1 }],
      ['DELETE', `/api/settings/client-billing/single-account-details/${account.id}`],
      ['POST', '/api/settings/client-billing/invoice-reminders', { ...FIRST_REMINDER, offsetDays: 1 }],
      ['PUT', `/api/settings/client-billing/single-invoice-reminder/${reminder.id}`, { ...FIRST_REMINDER, version: 1 }],
      ['DELETE', `/api/settings/client-billing/single-invoice-reminder/${reminder.id}`],
      ['POST', '/api/settings/insurance', BUPA],
      ['PUT', `/api/settings/single-insurance/${insurer.id}`, { ...BUPA, version: 1 }],
      ['DELETE', `/api/settings/single-insurance/${insurer.id}`],
      ['PUT', '/api/settings/insurance/healthcode-account', { version: 0 }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await c.send(method, url, c.assistant, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const reads = [
      `/api/settings/services/${service.id}`,
      `/api/settings/client-billing/single-account-details/${account.id}`,
      `/api/settings/client-billing/single-invoice-reminder/${reminder.id}`,
      `/api/settings/single-insurance/${insurer.id}`,
    ];
    for (const url of reads) {
      expect((await c.send('GET', url, c.assistant)).statusCode, url).toBe(200);
      expect((await c.send('GET', url, c.outsider)).statusCode, url).toBe(404);
    }
    for (const [method, url, payload] of writes.filter(([, url]) => /\/\d+$/.test(url))) {
      expect((await c.send(method, url, c.outsider, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await c.send('GET', '/api/settings/client-billing/default-account-details/GBP', c.outsider)).statusCode,
    ).toBe(404);
  });
});
