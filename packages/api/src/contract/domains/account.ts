import { z } from 'zod';
import { ADMIN_ONLY, CLINICAL_ROLES, defineRoutes } from '../route';
import { nameField, text, textOf } from './common';
import { storedFileSchema } from './files';
import { IDLE_TIMEOUT_MAX, IDLE_TIMEOUT_MIN } from './practice';

/**
 * Account settings of SPEC.md §3 and §7 (profile config, notification preferences, security details, practice config,
 * practice logo) and the Subscription page's usage. Admin and Therapist (SPEC.md §6); practice writes are Admin only.
 */

/** Optional free text: trimmed; an empty string clears the value (answers null). */
function optionalText(max: number, label: string) {
  return textOf(max, { error: `Enter ${label} as text.` })
    .trim()
    .max(max, `Use at most ${max} characters for ${label}.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** Digits, spaces, brackets, dots and dashes, with an optional leading +; 6 to 20 digits. Empty clears it. */
export const phoneField = z
  .string({ error: 'Enter a phone number.' })
  .trim()
  .max(32, 'Use at most 32 characters for the phone number.')
  .refine(
    (value) => value === '' || (/^\+?[0-9 ().-]+$/.test(value) && /^(?:\D*\d){6,20}\D*$/.test(value)),
    'Enter a phone number with 6 to 20 digits; spaces, brackets, dashes and a leading + are fine.',
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

// ---- profile --------------------------------------------------------------------------------------------------------

export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest profile photo or practice logo. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const profileSettingsSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  professionalBody: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  photoFileId: z.string().nullable(),
  /** `/api/files/{id}`: download it with the bearer token (an `<img>` cannot send one). */
  photoUrl: z.string().nullable(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const updateProfileBodySchema = z.strictObject({
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  title: optionalText(100, 'the title'),
  phone: phoneField,
  professionalBody: optionalText(100, 'the professional body'),
  registrationNumber: optionalText(50, 'the registration number'),
  /** A file uploaded with POST /api/files (PNG, JPEG or WebP); null removes the photo. */
  photoFileId: z.uuid({ error: 'Upload the photo again.' }).nullable().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

// ---- notification preferences ---------------------------------------------------------------------------------------

/** The events that can e-mail a member (CATALOG.md Notifications), in the order the settings page lists them. */
export const NOTIFICATION_PREFERENCE_EVENTS = [
  'sessionRequests',
  'messages',
  'signedDocuments',
  'paidInvoices',
  'completedMeasures',
  'expiringCompliance',
  'failedReminders',
] as const;
export type NotificationPreferenceEvent = (typeof NOTIFICATION_PREFERENCE_EVENTS)[number];

export const NOTIFICATION_PREFERENCE_LABELS: Readonly<Record<NotificationPreferenceEvent, string>> = {
  sessionRequests: 'Session requests from clients',
  messages: 'New messages',
  signedDocuments: 'Documents signed by clients',
  paidInvoices: 'Invoices paid',
  completedMeasures: 'Outcome measures completed by clients',
  expiringCompliance: 'Licence and compliance records about to expire',
  failedReminders: 'Reminders that could not be sent',
};

const preferenceFlag = z.boolean({ error: 'Choose on or off.' });
export const notificationPreferencesSchema = z.strictObject({
  sessionRequests: preferenceFlag,
  messages: preferenceFlag,
  signedDocuments: preferenceFlag,
  paidInvoices: preferenceFlag,
  completedMeasures: preferenceFlag,
  expiringCompliance: preferenceFlag,
  failedReminders: preferenceFlag,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

// ---- security details -----------------------------------------------------------------------------------------------

export const securityDetailsSchema = z.object({
  email: z.string(),
  emailValidated: z.boolean(),
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  recoveryCodesLeft: z.number(),
  passwordChangedAt: z.string(),
  activeSessions: z.number(),
});
export type SecurityDetails = z.infer<typeof securityDetailsSchema>;

// ---- practice -------------------------------------------------------------------------------------------------------

/** Is this an IANA time zone the runtime knows (Europe/London, America/Toronto, UTC)? */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Is this an ISO 4217 currency code (GBP, EUR, USD)? */
export function isCurrency(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
  return supported ? supported.includes(value) : true;
}

export const DEFAULT_TIME_ZONE = 'Europe/London';
export const DEFAULT_CURRENCY = 'GBP';

export const practiceSettingsSchema = z.object({
  id: z.number(),
  name: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  timeZone: z.string(),
  currency: z.string(),
  taxNumber: z.string().nullable(),
  idleTimeoutMinutes: z.number(),
  requireTwoFactor: z.boolean(),
  logoUrl: z.string().nullable(),
});
export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;

export const idleTimeoutField = z
  .number({ error: 'Enter a number of minutes.' })
  .int('Enter a whole number of minutes.')
  .min(IDLE_TIMEOUT_MIN, `Use at least ${IDLE_TIMEOUT_MIN} minutes.`)
  .max(IDLE_TIMEOUT_MAX, `Use at most ${IDLE_TIMEOUT_MAX} minutes (12 hours).`);

export const timeZoneField = z
  .string({ error: 'Choose a time zone.' })
  .trim()
  .refine(isTimeZone, 'Choose a time zone from the list, such as Europe/London.');

export const currencyField = z
  .string({ error: 'Choose a currency.' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCurrency, 'Choose a currency from the list, such as GBP.');

/**
 * The countries and territories a practice can be in: the ISO 3166-1 alpha-2 codes (GB, IE, US, ...), one string so the
 * list stays short to ship; names come from `Intl.DisplayNames` (`countryName`).
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT
BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH
ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT
HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS
LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI
NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG
SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`
  .trim()
  .split(/\s+/);
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** Is this an ISO 3166-1 alpha-2 country code (GB, IE, US)? */
export function isCountryCode(value: string): boolean {
  return COUNTRY_SET.has(value);
}

/** A country's name for people ("GB" -> "United Kingdom"); the code itself if the runtime has no name for it. */
export function countryName(code: string, locale = 'en-GB'): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The ISO 3166-1 alpha-2 code of a stored country: the code itself ("gb" -> "GB"), or its English name ("United Kingdom" ->
 * "GB", as practices registered before countries were kept as codes have it); null for nothing or for what names no country.
 */
export function countryCodeOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const upper = trimmed.toUpperCase();
  if (COUNTRY_SET.has(upper)) return upper;
  const wanted = trimmed.toLocaleLowerCase('en-GB');
  return COUNTRY_CODES.find((code) => countryName(code).toLocaleLowerCase('en-GB') === wanted) ?? null;
}

/** A country chosen from the list, sent as its ISO 3166-1 alpha-2 code. */
export const countryField = z
  .string({ error: 'Choose a country.' })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, 'Choose a country from the list, such as United Kingdom.');

const plainEmail = z.email();
export const contactEmailField = z
  .string({ error: 'Enter an e-mail address.' })
  .trim()
  .max(254, 'Enter an e-mail address of at most 254 characters.')
  .refine((value) => value === '' || plainEmail.safeParse(value).success, 'Enter a valid e-mail address.')
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .optional();

export const websiteField = text({ error: 'Enter a web address.' })
  .trim()
  .max(200, 'Use at most 200 characters for the web address.')
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value),
    'Enter a full web address starting with https://',
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const updatePracticeSettingsBodySchema = z.strictObject({
  name: nameField.optional(),
  addressLine1: optionalText(200, 'the address'),
  addressLine2: optionalText(200, 'the address'),
  city: optionalText(100, 'the town or city'),
  region: optionalText(100, 'the county, state or province'),
  postcode: optionalText(20, 'the postcode'),
  country: countryField.optional(),
  contactEmail: contactEmailField,
  contactPhone: phoneField,
  website: websiteField,
  timeZone: timeZoneField.optional(),
  currency: currencyField.optional(),
  taxNumber: optionalText(50, 'the tax number'),
  idleTimeoutMinutes: idleTimeoutField.optional(),
  requireTwoFactor: z.boolean({ error: 'Choose on or off.' }).optional(),
});
export type UpdatePracticeSettingsBody = z.input<typeof updatePracticeSettingsBodySchema>;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/**
 * The widest and tallest logo, in pixels, as its header declares them: a small file can declare an image of billions of
 * pixels that every browser, PDF and e-mail showing the logo would have to unpack.
 */
export const LOGO_MAX_PIXELS = 4096;
/** What the server answers about a profile photo or the practice's logo. */
export const ACCOUNT_MESSAGES = {
  photoMissing: 'That photo was not found. Please upload it again.',
  photoType: 'Use a PNG, JPEG or WebP image for your photo.',
  photoSize: 'The photo is larger than 2 MB. Choose a smaller image.',
  logoType: 'The logo must be a PNG, JPEG or WebP image.',
  logoSize: 'The logo is larger than 2 MB. Choose a smaller image.',
  logoPixels: `The logo is larger than ${LOGO_MAX_PIXELS} × ${LOGO_MAX_PIXELS} pixels. Choose a smaller image, or resize it first.`,
  logoUnreadable: 'The logo could not be read as an image. Choose another file, or save it again as PNG, JPEG or WebP.',
} as const;

export const practiceLogoSchema = z.object({
  /** `/api/files/{id}` of the logo, or null. */
  logoUrl: z.string().nullable(),
  file: storedFileSchema.nullable(),
});
export type PracticeLogo = z.infer<typeof practiceLogoSchema>;

// ---- subscription ---------------------------------------------------------------------------------------------------

export const subscriptionSchema = z.object({
  planName: z.string(),
  seatsUsed: z.number(),
  seatsLimit: z.number(),
  pendingInvitations: z.number(),
  clientsCount: z.number(),
  storageUsedBytes: z.number(),
  storageLimitBytes: z.number(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const accountRoutes = defineRoutes({
  getProfileSettings: {
    method: 'GET',
    path: '/api/settings/profile',
    summary: 'Your profile: name, title, contact, professional body and registration, photo',
    access: CLINICAL_ROLES,
    response: profileSettingsSchema,
  },
  updateProfileSettings: {
    method: 'PATCH',
    path: '/api/settings/profile',
    summary: 'Change your profile (only the fields sent); photoFileId sets or removes the photo',
    access: CLINICAL_ROLES,
    body: updateProfileBodySchema,
    response: profileSettingsSchema,
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/settings/notifications',
    summary: 'Which events e-mail you',
    access: CLINICAL_ROLES,
    response: notificationPreferencesSchema,
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/api/settings/notifications',
    summary: 'Choose which events e-mail you (every event, on or off)',
    access: CLINICAL_ROLES,
    body: notificationPreferencesSchema,
    response: notificationPreferencesSchema,
  },
  getSecurityDetails: {
    method: 'GET',
    path: '/api/settings/profile/security-details',
    summary:
      'Your e-mail and its validation, 2-step verification, recovery codes left, password age, signed-in sessions',
    access: CLINICAL_ROLES,
    response: securityDetailsSchema,
  },
  getPracticeSettings: {
    method: 'GET',
    path: '/api/settings/practice',
    summary: "The practice's details: name, address, contact, time zone, currency, tax number, idle sign-out, logo",
    access: CLINICAL_ROLES,
    response: practiceSettingsSchema,
  },
  updatePracticeSettings: {
    method: 'PATCH',
    path: '/api/settings/practice',
    summary: "Change the practice's details (only the fields sent; Admin only)",
    access: ADMIN_ONLY,
    body: updatePracticeSettingsBodySchema,
    response: practiceSettingsSchema,
  },
  getPracticeLogo: {
    method: 'GET',
    path: '/api/settings/practice/logo',
    summary: "The practice's logo (its file and download path), or nulls",
    access: CLINICAL_ROLES,
    response: practiceLogoSchema,
  },
  uploadPracticeLogo: {
    method: 'PUT',
    path: '/api/settings/practice/logo',
    summary:
      'Replace the logo (multipart/form-data, field "file"; PNG, JPEG or WebP up to 2 MB and 4096 x 4096 pixels; Admin only)',
    access: ADMIN_ONLY,
    multipart: true,
    response: practiceLogoSchema,
  },
  deletePracticeLogo: {
    method: 'DELETE',
    path: '/api/settings/practice/logo',
    summary: 'Remove the logo (Admin only)',
    access: ADMIN_ONLY,
    response: practiceLogoSchema,
  },
  getSubscription: {
    method: 'GET',
    path: '/api/settings/subscription',
    summary: "The practice's plan name and usage: seats, clients, storage (no prices)",
    access: CLINICAL_ROLES,
    response: subscriptionSchema,
  },
});
