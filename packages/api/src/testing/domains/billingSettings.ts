import { ApiError } from '../../client/errors';
import {
  BILLING_SETTINGS_MESSAGES as M,
  DEFAULT_BILLING_SETTINGS,
  REMINDER_RULES_MAX,
  isSessionKind,
  serviceColour,
  type BillingSettings,
  type HealthcodeAccount,
  type InsuranceProvider,
  type InvoiceAccount,
  type InvoiceReminder,
  type Service,
  type ServiceColour,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';
import { accountFixtures } from './account';

const STAMP = '2026-01-02T09:00:00.000Z';
const stamps = { version: 1, createdAt: STAMP, updatedAt: STAMP };

/** The practice's services: three sessions (two booked online) and two other services. */
export const SERVICES: Service[] = [
  {
    id: 31,
    name: 'Individual session',
    kind: 'individual',
    description: '50 minutes, one to one.',
    durationMinutes: 50,
    priceMinor: 7_500,
    currency: 'GBP',
    taxRateBp: 0,
    bookableOnline: true,
    colour: 'teal',
    archived: false,
    ...stamps,
  },
  {
    id: 32,
    name: 'Couple session',
    kind: 'couple',
    description: '',
    durationMinutes: 80,
    priceMinor: 11_000,
    currency: 'GBP',
    taxRateBp: 0,
    bookableOnline: true,
    colour: 'violet',
    archived: false,
    ...stamps,
  },
  {
    id: 33,
    name: 'Initial assessment',
    kind: 'assessment',
    description: 'The first meeting: history, goals and fit.',
    durationMinutes: 60,
    priceMinor: 9_000,
    currency: 'GBP',
    taxRateBp: 0,
    bookableOnline: false,
    colour: 'amber',
    archived: false,
    ...stamps,
  },
  {
    id: 34,
    name: 'Report writing',
    kind: 'other',
    description: 'A report for a GP, a court or an insurer.',
    durationMinutes: null,
    priceMinor: 12_000,
    currency: 'GBP',
    taxRateBp: 2_000,
    bookableOnline: false,
    colour: 'blue',
    archived: false,
    ...stamps,
  },
  {
    id: 35,
    name: 'Letter',
    kind: 'other',
    description: '',
    durationMinutes: null,
    priceMinor: 3_000,
    currency: 'GBP',
    taxRateBp: 2_000,
    bookableOnline: false,
    colour: 'green',
    archived: false,
    ...stamps,
  },
];

/** A GBP account (the default) and a EUR one. */
export const INVOICE_ACCOUNTS: InvoiceAccount[] = [
  {
    id: 41,
    name: 'Business current account',
    accountCurrency: 'GBP',
    isDefault: true,
    accountHolder: 'Halcyon Therapy Ltd',
    bankName: 'Harbour Bank',
    sortCode: '123456',
    accountNumber: '12345678',
    iban: '',
    bic: '',
    instructions: 'Please quote the invoice number.',
    ...stamps,
  },
  {
    id: 42,
    name: 'Euro account',
    accountCurrency: 'EUR',
    isDefault: true,
    accountHolder: 'Halcyon Therapy Ltd',
    bankName: 'Harbour Bank',
    sortCode: '',
    accountNumber: '',
    iban: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
    instructions: '',
    ...stamps,
  },
];

/** A friendly reminder three days before the due date and a firmer one a week after. */
export const INVOICE_REMINDERS: InvoiceReminder[] = [
  {
    id: 51,
    offsetDays: -3,
    subject: 'Invoice {{invoice.number}} is due on {{invoice.dueDate}}',
    body: 'Dear {{client.fullName}},\n\nA reminder that invoice {{invoice.number}} for {{invoice.amount}} is due on {{invoice.dueDate}}. You can pay online: {{link.url}}\n\n{{practice.name}}',
    enabled: true,
    ...stamps,
  },
  {
    id: 52,
    offsetDays: 7,
    subject: 'Invoice {{invoice.number}} is overdue',
    body: 'Dear {{client.fullName}},\n\nInvoice {{invoice.number}} for {{invoice.amount}} was due on {{invoice.dueDate}}. Please pay it at {{link.url}}.\n\n{{practice.name}}',
    enabled: true,
    ...stamps,
  },
];

export const INSURANCE_PROVIDERS: InsuranceProvider[] = [
  {
    id: 61,
    name: 'Bupa',
    payerId: 'BUPA-UK',
    address: 'Bupa Claims, PO Box 1234, Salford M5 3XX',
    contactName: 'Claims team',
    email: 'claims@bupa.example',
    phone: '0345 600 0000',
    healthcodeProviderCode: 'BUP',
    ...stamps,
  },
  {
    id: 62,
    name: 'AXA Health',
    payerId: 'AXA-PPP',
    address: '',
    contactName: '',
    email: '',
    phone: '',
    healthcodeProviderCode: 'AXA',
    ...stamps,
  },
];

export interface BillingSettingsOptions {
  services?: Service[];
  settings?: BillingSettings;
  accounts?: InvoiceAccount[];
  reminders?: InvoiceReminder[];
  providers?: InsuranceProvider[];
  healthcode?: HealthcodeAccount;
}

const byName = <T extends { name: string; id: number }>(a: T, b: T) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * Stateful mock answers for Settings > Services, Client-billing and Insurance: records are added, changed with their
 * version (a stale one answers 409) and deleted with SPEC.md's messages; an account made the default takes it from the
 * other account of its currency, and the default cannot be unset or deleted while its currency has others.
 */
export function billingSettingsHandlers(options: BillingSettingsOptions = {}): MockHandlers {
  const services = (options.services ?? SERVICES).map((s) => structuredClone(s));
  const accounts = (options.accounts ?? INVOICE_ACCOUNTS).map((a) => structuredClone(a));
  const reminders = (options.reminders ?? INVOICE_REMINDERS).map((r) => structuredClone(r));
  const providers = (options.providers ?? INSURANCE_PROVIDERS).map((p) => structuredClone(p));
  let settings = structuredClone(options.settings ?? DEFAULT_BILLING_SETTINGS);
  let healthcode = structuredClone(
    options.healthcode ?? { practitionerId: '', username: '', enabled: false, version: 0 },
  );
  let nextId = 200;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const find = <T extends { id: number }>(list: T[], id: unknown, missing: string): T =>
    list.find((item) => item.id === Number(id)) ?? fail(404, missing);
  const remove = <T extends { id: number }>(list: T[], id: unknown, missing: string, done: string) => {
    const index = list.findIndex((item) => item.id === Number(id));
    if (index < 0) fail(404, missing);
    list.splice(index, 1);
    return { detail: done };
  };
  const stale = (record: { version: number }, version: number, message: string) => {
    if (record.version !== version) fail(409, message);
  };
  const serviceFields = <B extends { kind: Service['kind']; name: string; colour?: ServiceColour }>(body: B) => ({
    ...body,
    durationMinutes: isSessionKind(body.kind)
      ? ((body as { durationMinutes?: number | null }).durationMinutes ?? null)
      : null,
    bookableOnline: isSessionKind(body.kind) && (body as { bookableOnline?: boolean }).bookableOnline === true,
    colour: body.colour ?? (serviceColour(body.name) as ServiceColour),
  });
  const makeDefault = (account: InvoiceAccount) => {
    for (const other of accounts) {
      if (other !== account && other.accountCurrency === account.accountCurrency) other.isDefault = false;
    }
    account.isDefault = true;
  };
  const { practice } = accountFixtures();
  return {
    // Prices and accounts start in the practice's currency.
    getPracticeSettings: () => practice,
    listServices: ({ query }) => ({
      items: services
        .filter((s) => query?.archived === 'true' || !s.archived)
        .filter((s) => !query?.group || (query.group === 'other') === (s.kind === 'other'))
        .sort((a, b) => Number(a.kind === 'other') - Number(b.kind === 'other') || byName(a, b)),
    }),
    getService: ({ params }) => services.find((s) => s.id === Number(params.id)) ?? null,
    createService: ({ body }) => {
      const created: Service = {
        description: '',
        taxRateBp: 0,
        archived: false,
        ...serviceFields(body),
        currency: body.currency.toUpperCase(),
        id: (nextId += 1),
        ...stamps,
      };
      services.push(created);
      return created;
    },
    updateService: ({ params, body }) => {
      const found = find(services, params.id, M.serviceNotFound);
      stale(found, body.version, M.serviceChanged);
      const { version: _version, ...fields } = body;
      return Object.assign(found, serviceFields(fields), { version: found.version + 1 });
    },
    deleteService: ({ params }) => remove(services, params.id, M.serviceNotFound, M.serviceDeleted),
    getBillingSettings: () => settings,
    updateBillingSettings: ({ body }) => {
      stale(settings, body.version, M.settingsChanged);
      settings = { ...settings, ...body, footer: body.footer ?? '', version: settings.version + 1 };
      return settings;
    },
    listInvoiceAccounts: () => ({
      items: [...accounts].sort(
        (a, b) =>
          a.accountCurrency.localeCompare(b.accountCurrency) ||
          Number(b.isDefault) - Number(a.isDefault) ||
          byName(a, b),
      ),
    }),
    getInvoiceAccount: ({ params }) => accounts.find((a) => a.id === Number(params.id)) ?? null,
    getDefaultInvoiceAccount: ({ params }) =>
      accounts.find((a) => a.isDefault && a.accountCurrency === params.currency.toUpperCase()) ?? null,
    createInvoiceAccount: ({ body }) => {
      const created: InvoiceAccount = {
        accountHolder: '',
        bankName: '',
        sortCode: '',
        accountNumber: '',
        iban: '',
        bic: '',
        instructions: '',
        ...body,
        accountCurrency: body.accountCurrency.toUpperCase(),
        isDefault: false,
        id: (nextId += 1),
        ...stamps,
      };
      accounts.push(created);
      const first = !accounts.some((a) => a !== created && a.accountCurrency === created.accountCurrency);
      if (first || body.isDefault) makeDefault(created);
      return created;
    },
    updateInvoiceAccount: ({ params, body }) => {
      const found = find(accounts, params.id, M.accountNotFound);
      stale(found, body.version, M.accountChanged);
      const others = accounts.some((a) => a !== found && a.accountCurrency === found.accountCurrency);
      if (found.isDefault && !body.isDefault && others) fail(409, M.keepOneDefault(found.accountCurrency));
      const { version: _version, isDefault, ...fields } = body;
      Object.assign(found, fields, { accountCurrency: body.accountCurrency.toUpperCase(), version: found.version + 1 });
      if (isDefault) makeDefault(found);
      return found;
    },
    deleteInvoiceAccount: ({ params }) => {
      const found = find(accounts, params.id, M.accountNotFound);
      const others = accounts.some((a) => a !== found && a.accountCurrency === found.accountCurrency);
      if (found.isDefault && others) fail(409, M.deleteDefault(found.accountCurrency));
      return remove(accounts, params.id, M.accountNotFound, M.accountDeleted);
    },
    listInvoiceReminders: () => ({ items: [...reminders].sort((a, b) => a.offsetDays - b.offsetDays || a.id - b.id) }),
    getInvoiceReminder: ({ params }) => reminders.find((r) => r.id === Number(params.id)) ?? null,
    createInvoiceReminder: ({ body }) => {
      if (reminders.length >= REMINDER_RULES_MAX) fail(409, M.tooManyReminders);
      if (reminders.some((r) => r.offsetDays === body.offsetDays)) fail(409, M.reminderExists(body.offsetDays));
      const created: InvoiceReminder = { enabled: true, ...body, id: (nextId += 1), ...stamps };
      reminders.push(created);
      return created;
    },
    updateInvoiceReminder: ({ params, body }) => {
      const found = find(reminders, params.id, M.reminderNotFound);
      stale(found, body.version, M.reminderChanged);
      if (reminders.some((r) => r !== found && r.offsetDays === body.offsetDays)) {
        fail(409, M.reminderExists(body.offsetDays));
      }
      const { version: _version, ...fields } = body;
      return Object.assign(found, fields, { version: found.version + 1 });
    },
    deleteInvoiceReminder: ({ params }) => remove(reminders, params.id, M.reminderNotFound, M.reminderDeleted),
    listInsuranceProviders: () => ({ items: [...providers].sort(byName) }),
    getInsuranceProvider: ({ params }) => providers.find((p) => p.id === Number(params.id)) ?? null,
    createInsuranceProvider: ({ body }) => {
      const created: InsuranceProvider = {
        payerId: '',
        address: '',
        contactName: '',
        email: '',
        phone: '',
        healthcodeProviderCode: '',
        ...body,
        id: (nextId += 1),
        ...stamps,
      };
      providers.push(created);
      return created;
    },
    updateInsuranceProvider: ({ params, body }) => {
      const found = find(providers, params.id, M.providerNotFound);
      stale(found, body.version, M.providerChanged);
      const { version: _version, ...fields } = body;
      return Object.assign(found, fields, { version: found.version + 1 });
    },
    deleteInsuranceProvider: ({ params }) => remove(providers, params.id, M.providerNotFound, M.providerDeleted),
    getHealthcodeAccount: () => healthcode,
    updateHealthcodeAccount: ({ body }) => {
      stale(healthcode, body.version, M.healthcodeChanged);
      healthcode = {
        practitionerId: body.practitionerId ?? '',
        username: body.username ?? '',
        enabled: body.enabled ?? false,
        version: healthcode.version + 1,
      };
      return healthcode;
    },
  };
}
