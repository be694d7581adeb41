import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import {
  amountMinorField,
  idParam,
  messageSchema,
  optionalTextOf,
  requiredTextOf,
  textOf,
  versionField,
} from './common';
import { currencyField } from './account';
import { SESSION_MAX_MINUTES, SESSION_TOO_LONG } from '../sessionVocabulary';
import { SERVICE_COLOURS } from './diary';
import { taxRateBpField } from './billing';
import { mergeFieldProblems, type EmailUsageContext } from './templates';

/**
 * The practice's billing settings (SPEC.md §3, §7; CATALOG.md Settings > Services, Client-billing, Insurance): the
 * services it sells (sessions and other services such as reports, each with its length, price and tax), how invoices
 * are numbered and worded (prefix, payment terms, tax, footer), the accounts clients pay into (one default per
 * currency), the reminder e-mails for unpaid invoices, the insurers it bills, and its Healthcode account.
 *
 * Money is integer minor units with the ISO 4217 currency beside it (`priceMinor` + `currency`); tax rates are basis
 * points (`taxRateBp`: 2000 = 20%, 0 to 10000): the ledger's fields (billing.ts, on `@halcyon/api/money`).
 *
 * Access: the Settings pages are Admin and Therapist (SPEC.md §6), so every write is theirs. The reads are open to every
 * role: the Assistant books sessions (the service picker) and works billing fully (an invoice's account, bill-to insurer
 * and payment terms), and none of this is clinical content.
 */

// ---- vocabularies and limits ------------------------------------------------------------------------------------------

/** What a service is: a kind of session, or 'other' (non-session work billed on its own: a report, a letter). */
export const SERVICE_KINDS = ['individual', 'couple', 'group', 'assessment', 'other'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const SERVICE_KIND_LABELS: Readonly<Record<ServiceKind, string>> = {
  individual: 'Individual session',
  couple: 'Couple session',
  group: 'Group session',
  assessment: 'Assessment',
  other: 'Other service',
};
/** Is this kind a session (it has a length and can be booked), rather than an other service? */
export const isSessionKind = (kind: ServiceKind): boolean => kind !== 'other';

/** Payment terms: due on the day of issue (0) up to a year later. */
export const PAYMENT_TERMS_DAYS_MAX = 365;
/** A reminder goes up to 60 days before the due date and up to a year after it. */
export const REMINDER_OFFSET_DAYS_MIN = -60;
export const REMINDER_OFFSET_DAYS_MAX = 365;
/** How many reminder rules a practice keeps. */
export const REMINDER_RULES_MAX = 10;
/** An invoice number's digits: INV-0042 is 4. */
export const NUMBER_PADDING_MIN = 1;
export const NUMBER_PADDING_MAX = 10;

/** The longest text of each field. */
export const BILLING_SETTINGS_TEXT_MAX = {
  serviceName: 200,
  description: 1000,
  numberPrefix: 12,
  taxLabel: 30,
  footer: 1000,
  accountName: 100,
  accountHolder: 140,
  bankName: 140,
  instructions: 1000,
  reminderSubject: 200,
  reminderBody: 5000,
  providerName: 200,
  payerId: 50,
  address: 500,
  contactName: 140,
  email: 254,
  phone: 40,
  healthcodeCode: 50,
  healthcodeUsername: 100,
} as const;

/** A service's colour in the diary and the pickers: one of the diary's service colours. */
export type ServiceColour = (typeof SERVICE_COLOURS)[number];

/**
 * A reminder e-mail is a payment-reminder e-mail of the template library (Settings > Template-library): its subject and
 * body hold the same merge fields ({{invoice.number}}, {{link.url}}, ...), checked and filled in by the same functions.
 */
export const REMINDER_USAGE_CONTEXT = 'payment-reminder' satisfies EmailUsageContext;

/** What the server answers and the forms say; the deletion sentences are SPEC.md §8's, word for word. */
export const BILLING_SETTINGS_MESSAGES = {
  serviceNotFound: 'Service not found.',
  serviceCreated: 'Service created.',
  serviceUpdated: 'Service updated.',
  serviceDeleted: 'Service successfully deleted.',
  serviceChanged:
    'This service was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  serviceNameTaken: 'A service with this name already exists: choose another name or change that service.',
  durationMissing: 'Enter the length of the session in minutes.',
  settingsUpdated: 'Client billing settings updated.',
  settingsChanged:
    'The client billing settings were changed elsewhere since you opened them. Nothing was saved: reload them and make your change again.',
  accountNotFound: 'Account not found.',
  accountCreated: 'Account created.',
  accountUpdated: 'Account updated.',
  accountDeleted: 'Account successfully deleted.',
  accountChanged:
    'This account was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  noDefaultAccount: (currency: string) => `There is no default account for ${currency}: add one in Client billing.`,
  keepOneDefault: (currency: string) =>
    `This is the default account for ${currency}: make another ${currency} account the default instead.`,
  deleteDefault: (currency: string) =>
    `This is the default account for ${currency}: make another ${currency} account the default before deleting it.`,
  accountInUse: 'This account is on invoices already: it cannot be deleted.',
  bankDetailsMissing: 'Enter the account number and sort code, or an IBAN.',
  reminderNotFound: 'Reminder not found.',
  reminderCreated: 'Reminder created.',
  reminderUpdated: 'Reminder updated.',
  reminderDeleted: 'Reminder successfully deleted.',
  reminderChanged:
    'This reminder was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  reminderExists: (offsetDays: number) =>
    `A reminder ${describeReminderOffset(offsetDays)} already exists: change that reminder instead.`,
  tooManyReminders: `A practice keeps at most ${REMINDER_RULES_MAX} reminders: delete one first.`,
  providerNotFound: 'Insurance provider not found.',
  providerCreated: 'Insurance provider created.',
  providerUpdated: 'Insurance provider updated.',
  providerDeleted: 'Insurance provider successfully deleted.',
  providerChanged:
    'This insurance provider was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  providerInUse: 'This insurance provider is on invoices or claims already: it cannot be deleted.',
  healthcodeUpdated: 'Healthcode account updated.',
  healthcodeChanged:
    'The Healthcode account was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
} as const;

/** "3 days before the due date", "on the due date", "7 days after the due date". */
export function describeReminderOffset(offsetDays: number): string {
  if (offsetDays === 0) return 'on the due date';
  const days = Math.abs(offsetDays);
  return `${days} day${days === 1 ? '' : 's'} ${offsetDays < 0 ? 'before' : 'after'} the due date`;
}

// ---- fields -----------------------------------------------------------------------------------------------------------

const versionOpened = versionField('Reload and try again.');

const optional = (max: number) => optionalTextOf(max);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const optionalEmail = optionalTextOf(BILLING_SETTINGS_TEXT_MAX.email).refine(
  (value) => value === '' || EMAIL_PATTERN.test(value),
  'Enter an e-mail address such as accounts@insurer.example.',
);

/** Letters, digits, spaces removed and upper-cased: how bank identifiers are compared and stored. */
const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** A stored sort code as it is printed: "12-34-56". */
export const formatSortCode = (sortCode: string): string => sortCode.replace(/(\d{2})(?=\d)/g, '$1-');

/** A stored IBAN as it is printed, in groups of four: "GB33 BUKB 2020 1555 5555 55". */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** Does the IBAN's check (ISO 13616, mod 97) hold? */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

const bankField = (max: number, pattern: RegExp, message: string) =>
  textOf(max, { error: message })
    .trim()
    .max(max, message)
    .transform(compact)
    .refine((value) => value === '' || pattern.test(value), message)
    .optional()
    .transform((value) => value ?? '');

// ---- services ---------------------------------------------------------------------------------------------------------

export const serviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(SERVICE_KINDS),
  description: z.string(),
  /** The session's length; null for an other service. */
  durationMinutes: z.number().nullable(),
  priceMinor: z.number(),
  currency: z.string(),
  taxRateBp: z.number(),
  /** Offered on the practice's public booking page (sessions only). */
  bookableOnline: z.boolean(),
  colour: z.enum(SERVICE_COLOURS),
  /** Kept for the invoices and sessions that name it, but no longer offered in the pickers. */
  archived: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

const serviceFields = {
  name: requiredTextOf(BILLING_SETTINGS_TEXT_MAX.serviceName, 'Give the service a name.'),
  kind: z.enum(SERVICE_KINDS, { error: 'Choose what kind of service this is.' }),
  description: optional(BILLING_SETTINGS_TEXT_MAX.description),
  durationMinutes: z
    .number({ error: BILLING_SETTINGS_MESSAGES.durationMissing })
    .int('Enter a whole number of minutes.')
    .min(5, 'A session lasts at least 5 minutes.')
    .max(SESSION_MAX_MINUTES, SESSION_TOO_LONG)
    .nullish()
    .transform((value) => value ?? null),
  priceMinor: amountMinorField('the price'),
  currency: currencyField,
  taxRateBp: taxRateBpField.optional().default(0),
  bookableOnline: z.boolean().optional().default(false),
  /** Absent: the colour the diary gives the name (serviceColour). */
  colour: z.enum(SERVICE_COLOURS, { error: 'Choose a colour.' }).optional(),
  archived: z.boolean().optional().default(false),
};

type ServiceInput = { kind: ServiceKind; durationMinutes: number | null; bookableOnline: boolean };
/** A session needs its length; an other service has none and is never booked online. */
const sessionNeedsLength = (body: ServiceInput, ctx: z.RefinementCtx) => {
  if (isSessionKind(body.kind) && body.durationMinutes === null) {
    ctx.addIssue({ code: 'custom', path: ['durationMinutes'], message: BILLING_SETTINGS_MESSAGES.durationMissing });
  }
};
const onlyItsFields = <T extends ServiceInput>(body: T): T =>
  isSessionKind(body.kind) ? body : { ...body, durationMinutes: null, bookableOnline: false };

export const createServiceBodySchema = z
  .strictObject(serviceFields)
  .superRefine(sessionNeedsLength)
  .transform(onlyItsFields);
export type CreateServiceBody = z.input<typeof createServiceBodySchema>;
export const updateServiceBodySchema = z
  .strictObject({ ...serviceFields, version: versionOpened })
  .superRefine(sessionNeedsLength)
  .transform(onlyItsFields);
export type UpdateServiceBody = z.input<typeof updateServiceBodySchema>;

export const serviceListQuerySchema = z.strictObject({
  /** 'session' lists the session kinds, 'other' the other services; absent: both. */
  group: z.enum(['session', 'other'], { error: 'Choose session or other.' }).optional(),
  /** Include archived services (the Settings page); the pickers leave them out. */
  archived: z
    .enum(['true', 'false'], { error: 'Choose true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;

// ---- client billing: invoice settings ---------------------------------------------------------------------------------

export const billingSettingsSchema = z.object({
  /** The invoice number's start, as in INV-0042. */
  numberPrefix: z.string(),
  /** The credit note number's start, as in CN-0007. */
  creditNotePrefix: z.string(),
  /** The digits of the number, zero-padded: 4 writes INV-0042. */
  numberPadding: z.number(),
  /** Days from issue to due date (0: due on receipt). */
  paymentTermsDays: z.number(),
  /** The tax rate a free line starts with, in basis points. */
  defaultTaxRateBp: z.number(),
  /** What the tax is called on an invoice (VAT, GST, Sales tax). */
  taxLabel: z.string(),
  /** Text at the foot of every invoice (a thank-you, the practice's registration). */
  footer: z.string(),
  /** 0 until the practice first saves its settings (the answer then shows the defaults). */
  version: z.number(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** What a practice that has never saved its client billing settings invoices with. */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  numberPrefix: 'INV-',
  creditNotePrefix: 'CN-',
  numberPadding: 4,
  paymentTermsDays: 30,
  defaultTaxRateBp: 0,
  taxLabel: 'VAT',
  footer: '',
  version: 0,
};

const prefixField = (what: string) =>
  textOf(BILLING_SETTINGS_TEXT_MAX.numberPrefix, { error: `Enter the ${what} prefix.` })
    .trim()
    .max(BILLING_SETTINGS_TEXT_MAX.numberPrefix, `Use at most ${BILLING_SETTINGS_TEXT_MAX.numberPrefix} characters.`)
    .regex(/^[A-Za-z0-9/_-]*$/, `Use letters, digits, "-", "/" or "_" in the ${what} prefix.`);

export const updateBillingSettingsBodySchema = z.strictObject({
  numberPrefix: prefixField('invoice number'),
  creditNotePrefix: prefixField('credit note number'),
  numberPadding: z
    .number({ error: 'Enter how many digits the number has.' })
    .int('Enter a whole number of digits.')
    .min(NUMBER_PADDING_MIN, `Use at least ${NUMBER_PADDING_MIN} digit.`)
    .max(NUMBER_PADDING_MAX, `Use at most ${NUMBER_PADDING_MAX} digits.`),
  paymentTermsDays: z
    .number({ error: 'Enter the payment terms in days.' })
    .int('Enter a whole number of days.')
    .min(0, 'The payment terms cannot be negative.')
    .max(PAYMENT_TERMS_DAYS_MAX, `Use at most ${PAYMENT_TERMS_DAYS_MAX} days.`),
  defaultTaxRateBp: taxRateBpField,
  taxLabel: requiredTextOf(BILLING_SETTINGS_TEXT_MAX.taxLabel, 'Enter what the tax is called, such as VAT.'),
  footer: optional(BILLING_SETTINGS_TEXT_MAX.footer),
  /** The version opened: 0 when the settings were never saved. */
  version: versionField('Reload and try again.', 0),
});
export type UpdateBillingSettingsBody = z.input<typeof updateBillingSettingsBodySchema>;

/** An invoice number as the settings write it: formatInvoiceNumber('INV-', 4, 42) is 'INV-0042'. */
export function formatInvoiceNumber(prefix: string, padding: number, sequence: number): string {
  return `${prefix}${String(sequence).padStart(padding, '0')}`;
}

// ---- client billing: invoice accounts ---------------------------------------------------------------------------------

export const invoiceAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The currency invoices paid into this account are written in (SPEC.md §3). */
  accountCurrency: z.string(),
  /** The account invoices in its currency use unless another is chosen; one per currency (SPEC.md §3). */
  isDefault: z.boolean(),
  accountHolder: z.string(),
  bankName: z.string(),
  sortCode: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  bic: z.string(),
  /** Other payment instructions printed on the invoice. */
  instructions: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceAccount = z.infer<typeof invoiceAccountSchema>;

const SORT_CODE_MESSAGE = 'Enter the sort code as six digits, such as 12-34-56.';
const ACCOUNT_NUMBER_MESSAGE = 'Enter the account number as 6 to 17 digits.';
const IBAN_MESSAGE = 'Enter a valid IBAN, such as GB33 BUKB 2020 1555 5555 55.';
const BIC_MESSAGE = 'Enter the BIC (SWIFT code) as 8 or 11 letters and digits.';

const accountFields = {
  name: requiredTextOf(BILLING_SETTINGS_TEXT_MAX.accountName, 'Give the account a name.'),
  accountCurrency: currencyField,
  isDefault: z.boolean().optional().default(false),
  accountHolder: optional(BILLING_SETTINGS_TEXT_MAX.accountHolder),
  bankName: optional(BILLING_SETTINGS_TEXT_MAX.bankName),
  sortCode: bankField(20, /^\d{6}$/, SORT_CODE_MESSAGE),
  accountNumber: bankField(30, /^\d{6,17}$/, ACCOUNT_NUMBER_MESSAGE),
  iban: bankField(50, /^[A-Z0-9]*$/, IBAN_MESSAGE).refine((value) => value === '' || isValidIban(value), IBAN_MESSAGE),
  bic: bankField(20, /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, BIC_MESSAGE),
  instructions: optional(BILLING_SETTINGS_TEXT_MAX.instructions),
};

type AccountInput = { sortCode: string; accountNumber: string; iban: string; instructions: string };
/** Clients need somewhere to pay: a UK account (number and sort code), an IBAN, or written instructions. */
const somewhereToPay = (body: AccountInput, ctx: z.RefinementCtx) => {
  const uk = body.sortCode !== '' && body.accountNumber !== '';
  if (!uk && body.iban === '' && body.instructions === '') {
    ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: BILLING_SETTINGS_MESSAGES.bankDetailsMissing });
  }
  if ((body.sortCode === '') !== (body.accountNumber === '')) {
    const path = body.sortCode === '' ? 'sortCode' : 'accountNumber';
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: path === 'sortCode' ? SORT_CODE_MESSAGE : ACCOUNT_NUMBER_MESSAGE,
    });
  }
};

export const createInvoiceAccountBodySchema = z.strictObject(accountFields).superRefine(somewhereToPay);
export type CreateInvoiceAccountBody = z.input<typeof createInvoiceAccountBodySchema>;
export const updateInvoiceAccountBodySchema = z
  .strictObject({ ...accountFields, version: versionOpened })
  .superRefine(somewhereToPay);
export type UpdateInvoiceAccountBody = z.input<typeof updateInvoiceAccountBodySchema>;

// ---- client billing: invoice reminders --------------------------------------------------------------------------------

export const invoiceReminderSchema = z.object({
  id: z.number(),
  /** Days from the due date: negative before it, 0 on it, positive after it. */
  offsetDays: z.number(),
  subject: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

const templateField = (max: number, missing: string) =>
  requiredTextOf(max, missing).superRefine((value, ctx) => {
    const [problem] = mergeFieldProblems(value, REMINDER_USAGE_CONTEXT);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const reminderFields = {
  offsetDays: z
    .number({ error: 'Enter how many days before or after the due date.' })
    .int('Enter a whole number of days.')
    .min(REMINDER_OFFSET_DAYS_MIN, `Remind at most ${-REMINDER_OFFSET_DAYS_MIN} days before the due date.`)
    .max(REMINDER_OFFSET_DAYS_MAX, `Remind at most ${REMINDER_OFFSET_DAYS_MAX} days after the due date.`),
  subject: templateField(BILLING_SETTINGS_TEXT_MAX.reminderSubject, 'Enter the subject of the e-mail.'),
  body: templateField(BILLING_SETTINGS_TEXT_MAX.reminderBody, 'Write the e-mail.'),
  enabled: z.boolean().optional().default(true),
};

export const createInvoiceReminderBodySchema = z.strictObject(reminderFields);
export type CreateInvoiceReminderBody = z.input<typeof createInvoiceReminderBodySchema>;
export const updateInvoiceReminderBodySchema = z.strictObject({ ...reminderFields, version: versionOpened });
export type UpdateInvoiceReminderBody = z.input<typeof updateInvoiceReminderBodySchema>;

// ---- insurance --------------------------------------------------------------------------------------------------------

export const insuranceProviderSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The insurer's payer id (the code claims are sent to). */
  payerId: z.string(),
  address: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The insurer's code on Healthcode (UK electronic claims). */
  healthcodeProviderCode: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InsuranceProvider = z.infer<typeof insuranceProviderSchema>;

const providerFields = {
  name: requiredTextOf(BILLING_SETTINGS_TEXT_MAX.providerName, 'Enter the name of the insurer.'),
  payerId: optional(BILLING_SETTINGS_TEXT_MAX.payerId),
  address: optional(BILLING_SETTINGS_TEXT_MAX.address),
  contactName: optional(BILLING_SETTINGS_TEXT_MAX.contactName),
  email: optionalEmail,
  phone: optional(BILLING_SETTINGS_TEXT_MAX.phone).refine(
    (value) => value === '' || /^[+0-9 ()-]{5,}$/.test(value),
    'Enter a phone number using digits, spaces and + ( ) -.',
  ),
  healthcodeProviderCode: optional(BILLING_SETTINGS_TEXT_MAX.healthcodeCode).refine(
    (value) => /^[A-Za-z0-9-]*$/.test(value),
    'Use letters, digits and "-" in the Healthcode provider code.',
  ),
};

export const createInsuranceProviderBodySchema = z.strictObject(providerFields);
export type CreateInsuranceProviderBody = z.input<typeof createInsuranceProviderBodySchema>;
export const updateInsuranceProviderBodySchema = z.strictObject({ ...providerFields, version: versionOpened });
export type UpdateInsuranceProviderBody = z.input<typeof updateInsuranceProviderBodySchema>;

export const healthcodeAccountSchema = z.object({
  /** The practitioner's Healthcode id (on every electronic claim); '' until set. */
  practitionerId: z.string(),
  /** The Healthcode user name the claims are filed under. */
  username: z.string(),
  /** Send claims to insurers with a Healthcode code electronically. */
  enabled: z.boolean(),
  /** 0 until the practice first saves it. */
  version: z.number(),
});
export type HealthcodeAccount = z.infer<typeof healthcodeAccountSchema>;

export const updateHealthcodeAccountBodySchema = z
  .strictObject({
    practitionerId: optional(BILLING_SETTINGS_TEXT_MAX.healthcodeCode).refine(
      (value) => /^[A-Za-z0-9-]*$/.test(value),
      'Use letters, digits and "-" in the Healthcode practitioner id.',
    ),
    username: optional(BILLING_SETTINGS_TEXT_MAX.healthcodeUsername),
    enabled: z.boolean().optional().default(false),
    version: versionField('Reload and try again.', 0),
  })
  .superRefine((body, ctx) => {
    if (body.enabled && body.practitionerId === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['practitionerId'],
        message: 'Enter the Healthcode practitioner id to send claims.',
      });
    }
  });
export type UpdateHealthcodeAccountBody = z.input<typeof updateHealthcodeAccountBodySchema>;

// ---- routes -----------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
/** A currency in a path: three letters (any case), an ISO 4217 code. */
const currencyParams = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code')
    .pipe(currencyField),
});

export const billingSettingsRoutes = defineRoutes({
  listServices: {
    method: 'GET',
    path: '/api/settings/services',
    summary: "The practice's services (sessions and other services), by kind then name; archived ones on request",
    access: ALL_ROLES,
    query: serviceListQuerySchema,
    response: z.object({ items: z.array(serviceSchema) }),
  },
  getService: {
    method: 'GET',
    path: '/api/settings/services/:id',
    summary: 'One service',
    access: ALL_ROLES,
    params: idParams,
    response: serviceSchema,
  },
  createService: {
    method: 'POST',
    path: '/api/settings/services',
    summary: 'Add a service (a session needs its length; names are unique in the practice)',
    access: CLINICAL_ROLES,
    errors: [409],
    body: createServiceBodySchema,
    response: serviceSchema,
  },
  updateService: {
    method: 'PUT',
    path: '/api/settings/services/:id',
    summary: 'Change a service (send its version; sessions already booked keep their price)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateServiceBodySchema,
    response: serviceSchema,
  },
  deleteService: {
    method: 'DELETE',
    path: '/api/settings/services/:id',
    summary: 'Delete a service (sessions and invoices keep the name and price they were given)',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  getBillingSettings: {
    method: 'GET',
    path: '/api/settings/client-billing',
    summary:
      'How invoices are numbered and worded: prefixes, payment terms, default tax, footer (defaults until saved)',
    access: ALL_ROLES,
    response: billingSettingsSchema,
  },
  updateBillingSettings: {
    method: 'PUT',
    path: '/api/settings/client-billing',
    summary: 'Save the client billing settings (send the version opened: 0 the first time)',
    access: CLINICAL_ROLES,
    body: updateBillingSettingsBodySchema,
    response: billingSettingsSchema,
  },
  listInvoiceAccounts: {
    method: 'GET',
    path: '/api/settings/client-billing/account-details',
    summary: 'The accounts clients pay into, by currency (the default first), then name',
    access: ALL_ROLES,
    response: z.object({ items: z.array(invoiceAccountSchema) }),
  },
  getInvoiceAccount: {
    method: 'GET',
    path: '/api/settings/client-billing/single-account-details/:id',
    summary: 'One invoice account',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceAccountSchema,
  },
  getDefaultInvoiceAccount: {
    method: 'GET',
    path: '/api/settings/client-billing/default-account-details/:currency',
    summary: 'The default account of a currency (404 when the practice has none in it)',
    access: ALL_ROLES,
    params: currencyParams,
    response: invoiceAccountSchema,
  },
  createInvoiceAccount: {
    method: 'POST',
    path: '/api/settings/client-billing/account-details',
    summary:
      "Add an invoice account (the first of its currency becomes that currency's default; isDefault moves the default to it)",
    access: CLINICAL_ROLES,
    body: createInvoiceAccountBodySchema,
    response: invoiceAccountSchema,
  },
  updateInvoiceAccount: {
    method: 'PUT',
    path: '/api/settings/client-billing/single-account-details/:id',
    summary: 'Change an invoice account (send its version; isDefault moves the default of its currency to it)',
    access: CLINICAL_ROLES,
    errors: [409],
    params: idParams,
    body: updateInvoiceAccountBodySchema,
    response: invoiceAccountSchema,
  },
  deleteInvoiceAccount: {
    method: 'DELETE',
    path: '/api/settings/client-billing/single-account-details/:id',
    summary: 'Delete an invoice account (not the default while its currency has others; not one on invoices)',
    access: CLINICAL_ROLES,
    errors: [409],
    params: idParams,
    response: messageSchema,
  },
  listInvoiceReminders: {
    method: 'GET',
    path: '/api/settings/client-billing/invoice-reminders',
    summary: 'The reminder e-mails for unpaid invoices, by days from the due date',
    access: ALL_ROLES,
    response: z.object({ items: z.array(invoiceReminderSchema) }),
  },
  getInvoiceReminder: {
    method: 'GET',
    path: '/api/settings/client-billing/single-invoice-reminder/:id',
    summary: 'One invoice reminder',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceReminderSchema,
  },
  createInvoiceReminder: {
    method: 'POST',
    path: '/api/settings/client-billing/invoice-reminders',
    summary: 'Add an invoice reminder (one per day offset; at most ten)',
    access: CLINICAL_ROLES,
    errors: [409],
    body: createInvoiceReminderBodySchema,
    response: invoiceReminderSchema,
  },
  updateInvoiceReminder: {
    method: 'PUT',
    path: '/api/settings/client-billing/single-invoice-reminder/:id',
    summary: 'Change an invoice reminder (send its version; a stale one or a taken day offset answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateInvoiceReminderBodySchema,
    response: invoiceReminderSchema,
  },
  deleteInvoiceReminder: {
    method: 'DELETE',
    path: '/api/settings/client-billing/single-invoice-reminder/:id',
    summary: 'Delete an invoice reminder (reminders already sent stay on the invoices’ timelines)',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  listInsuranceProviders: {
    method: 'GET',
    path: '/api/settings/insurance',
    summary: 'The insurers the practice bills, by name',
    access: ALL_ROLES,
    response: z.object({ items: z.array(insuranceProviderSchema) }),
  },
  getInsuranceProvider: {
    method: 'GET',
    path: '/api/settings/single-insurance/:id',
    summary: 'One insurance provider',
    access: ALL_ROLES,
    params: idParams,
    response: insuranceProviderSchema,
  },
  createInsuranceProvider: {
    method: 'POST',
    path: '/api/settings/insurance',
    summary: 'Add an insurance provider',
    access: CLINICAL_ROLES,
    body: createInsuranceProviderBodySchema,
    response: insuranceProviderSchema,
  },
  updateInsuranceProvider: {
    method: 'PUT',
    path: '/api/settings/single-insurance/:id',
    summary: 'Change an insurance provider (send its version)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateInsuranceProviderBodySchema,
    response: insuranceProviderSchema,
  },
  deleteInsuranceProvider: {
    method: 'DELETE',
    path: '/api/settings/single-insurance/:id',
    summary: 'Delete an insurance provider (not one on invoices or claims)',
    access: CLINICAL_ROLES,
    errors: [409],
    params: idParams,
    response: messageSchema,
  },
  getHealthcodeAccount: {
    method: 'GET',
    path: '/api/settings/insurance/healthcode-account',
    summary: "The practice's Healthcode account (empty until saved)",
    access: ALL_ROLES,
    response: healthcodeAccountSchema,
  },
  updateHealthcodeAccount: {
    method: 'PUT',
    path: '/api/settings/insurance/healthcode-account',
    summary: 'Save the Healthcode account (send the version opened: 0 the first time)',
    access: CLINICAL_ROLES,
    body: updateHealthcodeAccountBodySchema,
    response: healthcodeAccountSchema,
  },
});
