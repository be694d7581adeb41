import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import { idParam, messageSchema, textOf, versionField } from './common';
import { currencyField } from './account';
import { SESSION_LOCATION_KINDS } from '../sessionVocabulary';

/**
 * The practice's appointment policies (SPEC.md §3, §5, §7; CATALOG.md Settings > Appointments): where sessions happen
 * (locations: in person, video or phone), the cancellation policy (rules of hours before the start and a fee, applied
 * when a session is cancelled late or missed, recorded as a chargeable item for billing), and the scheduling preferences
 * (when clients are reminded of their sessions: a field of the diary's scheduling preferences). Settings are read and
 * written by Admins and Therapists (SPEC.md §6); the fee preview is read by everyone who books (Appointments: every
 * role).
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

/** A location is where a session happens: the same three kinds a session has. */
export const LOCATION_KINDS = SESSION_LOCATION_KINDS;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** A rule's fee: a share of the session's price, or a fixed amount. */
export const FEE_KINDS = ['percent', 'fixed'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_KIND_LABELS: Readonly<Record<FeeKind, string>> = {
  percent: 'A percentage of the session price',
  fixed: 'A fixed amount',
};

/** What a fee is charged for: a session cancelled inside the policy's notice, or one the client missed. */
export const CHARGE_KINDS = ['late cancellation', 'did not attend'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const CHARGE_KIND_LABELS: Readonly<Record<ChargeKind, string>> = {
  'late cancellation': 'Late cancellation',
  'did not attend': 'Did not attend',
};

/** The longest notice a rule can ask for: 30 days. */
export const RULE_HOURS_MAX = 720;
export const FEE_PERCENT_MAX = 100;
/** The largest fixed fee, in minor units (1,000,000.00). */
export const FEE_MINOR_MAX = 100_000_000;

/** When clients can be reminded before a session, in minutes, as the settings page offers them. */
export const REMINDER_OFFSET_CHOICES = [10_080, 4_320, 2_880, 1_440, 720, 240, 120, 60] as const;
/** A practice that has not chosen reminds 24 hours before (the column's default: every client with reminders on). */
export const DEFAULT_REMINDER_OFFSETS: readonly number[] = [1_440];
export const REMINDER_OFFSETS_MAX = 3;
/** The shortest and longest reminder offsets, in minutes (30 minutes to 7 days). */
export const REMINDER_OFFSET_MIN = 30;
export const REMINDER_OFFSET_MAX = 10_080;

/** "24 hours", "2 days", "1 week", "30 minutes": a reminder's or a rule's notice as a person says it. */
export function describeOffset(minutes: number): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (minutes % 10_080 === 0) return plural(minutes / 10_080, 'week');
  if (minutes % 1_440 === 0 && minutes > 1_440) return plural(minutes / 1_440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** The longest text of each field. */
export const POLICY_TEXT_MAX = {
  locationName: 100,
  address: 500,
  room: 100,
  instructions: 1000,
  ruleMessage: 1000,
} as const;

/** What the server answers and the forms say; the deletion sentences are SPEC.md §8's, word for word. */
export const APPOINTMENT_POLICY_MESSAGES = {
  locationNotFound: 'Location not found.',
  ruleNotFound: 'Policy rule not found.',
  locationChanged:
    'This location was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  ruleChanged:
    'This policy rule was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  ruleExists: (hours: number | null) =>
    hours === null
      ? 'A rule that applies at any time already exists: change that rule instead.'
      : `A rule for ${describeOffset(hours * 60)} before the start already exists: change that rule instead.`,
  addressMissing: 'Enter the address of this location.',
  locationCreated: 'Appointment location created.',
  locationUpdated: 'Appointment location updated.',
  locationDeleted: 'Appointment location successfully deleted.',
  ruleCreated: 'Policy rule created.',
  ruleUpdated: 'Policy rule updated.',
  ruleDeleted: 'Policy rule successfully deleted.',
  preferencesUpdated: 'Appointment preferences updated.',
} as const;

/** The notification a member gets when a client's reminder could not be e-mailed after every retry. */
export const REMINDER_FAILED_NOTIFICATION = {
  title: 'Reminder not sent',
  content: (clientName: string, when: string) =>
    `The reminder for ${clientName}'s session on ${when} could not be e-mailed. Please remind them another way.`,
} as const;

// ---- fields -----------------------------------------------------------------------------------------------------------

function optionalText(max: number, what: string) {
  return textOf(max, { error: `Enter ${what} as text.` })
    .trim()
    .max(max, `Use at most ${max} characters for ${what}.`)
    .optional()
    .transform((value) => value ?? '');
}

const versionOpened = versionField('Reload and try again.');

/** A meeting link: a full https:// address (it goes into the client's e-mails). */
const LINK_MESSAGE = 'Enter the video link as a full address starting with https://';
const linkField = textOf(500, { error: LINK_MESSAGE })
  .trim()
  .max(500, 'Use at most 500 characters for the video link.')
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), LINK_MESSAGE)
  .optional()
  .transform((value) => value ?? '');

// ---- locations --------------------------------------------------------------------------------------------------------

export const appointmentLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  /** The street address of an in-person location ('' for video and phone). */
  address: z.string(),
  room: z.string(),
  /** The standing meeting link of a video location ('' when each session has its own). */
  videoLink: z.string(),
  /** What the client needs to know: the entrance, parking, how the call works. */
  instructions: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentLocation = z.infer<typeof appointmentLocationSchema>;

const locationFields = {
  name: textOf(POLICY_TEXT_MAX.locationName, { error: 'Give the location a name.' })
    .trim()
    .min(1, 'Give the location a name.')
    .max(POLICY_TEXT_MAX.locationName, `Use at most ${POLICY_TEXT_MAX.locationName} characters for the name.`),
  kind: z.enum(LOCATION_KINDS, { error: 'Choose in person, video or phone.' }),
  address: optionalText(POLICY_TEXT_MAX.address, 'the address'),
  room: optionalText(POLICY_TEXT_MAX.room, 'the room'),
  videoLink: linkField,
  instructions: optionalText(POLICY_TEXT_MAX.instructions, 'the instructions'),
};

type LocationInput = { kind: LocationKind; address: string };
const addressRule = (body: LocationInput, ctx: z.RefinementCtx) => {
  if (body.kind === 'in person' && body.address === '') {
    ctx.addIssue({ code: 'custom', path: ['address'], message: APPOINTMENT_POLICY_MESSAGES.addressMissing });
  }
};

export const createAppointmentLocationBodySchema = z.strictObject(locationFields).superRefine(addressRule);
export type CreateAppointmentLocationBody = z.input<typeof createAppointmentLocationBodySchema>;
export const updateAppointmentLocationBodySchema = z
  .strictObject({ ...locationFields, version: versionOpened })
  .superRefine(addressRule);
export type UpdateAppointmentLocationBody = z.input<typeof updateAppointmentLocationBodySchema>;

// ---- cancellation rules -----------------------------------------------------------------------------------------------

export const cancellationRuleSchema = z.object({
  id: z.number(),
  /**
   * The rule applies when the session is cancelled less than this many hours before its start (0: only a missed
   * session); null: whenever it is cancelled, however early (SPEC.md §5 lists such rules last).
   */
  triggerInHoursBeforeStart: z.number().nullable(),
  feeKind: z.enum(FEE_KINDS),
  /** The share of the session's price (1-100) for a percentage fee; null for a fixed one. */
  feePercent: z.number().nullable(),
  /** The fixed fee in minor units of `currency` (pence, cents); null for a percentage. */
  feeMinor: z.number().nullable(),
  currency: z.string().nullable(),
  /** What the client is told about the rule (in the reminder and the cancellation e-mail). */
  message: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CancellationRule = z.infer<typeof cancellationRuleSchema>;

const ruleFields = {
  triggerInHoursBeforeStart: z
    .number({ error: 'Enter the notice in hours.' })
    .int('Enter a whole number of hours.')
    .min(0, 'The notice cannot be negative.')
    .max(RULE_HOURS_MAX, `Use at most ${RULE_HOURS_MAX} hours (30 days).`)
    .nullable(),
  feeKind: z.enum(FEE_KINDS, { error: 'Choose a percentage or a fixed amount.' }),
  feePercent: z
    .number({ error: 'Enter the percentage.' })
    .int('Enter a whole percentage.')
    .min(1, 'Enter a percentage of at least 1.')
    .max(FEE_PERCENT_MAX, `Enter a percentage of at most ${FEE_PERCENT_MAX}.`)
    .nullish()
    .transform((value) => value ?? null),
  feeMinor: z
    .number({ error: 'Enter the fee.' })
    .int('Enter the fee in whole pence or cents.')
    .min(1, 'Enter a fee above zero.')
    .max(FEE_MINOR_MAX, 'The fee is too large.')
    .nullish()
    .transform((value) => value ?? null),
  currency: currencyField.nullish().transform((value) => value ?? null),
  message: optionalText(POLICY_TEXT_MAX.ruleMessage, 'the message'),
};

type RuleInput = { feeKind: FeeKind; feePercent: number | null; feeMinor: number | null; currency: string | null };
/** A percentage fee needs its percentage; a fixed one its amount and currency; the other kind's fields are dropped. */
const feeRule = (body: RuleInput, ctx: z.RefinementCtx) => {
  if (body.feeKind === 'percent' && body.feePercent === null) {
    ctx.addIssue({ code: 'custom', path: ['feePercent'], message: 'Enter the percentage.' });
  }
  if (body.feeKind === 'fixed' && body.feeMinor === null) {
    ctx.addIssue({ code: 'custom', path: ['feeMinor'], message: 'Enter the fee.' });
  }
  if (body.feeKind === 'fixed' && body.currency === null) {
    ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Choose a currency.' });
  }
};
const onlyItsFee = <T extends RuleInput>(body: T): T =>
  body.feeKind === 'percent' ? { ...body, feeMinor: null, currency: null } : { ...body, feePercent: null };

export const createCancellationRuleBodySchema = z.strictObject(ruleFields).superRefine(feeRule).transform(onlyItsFee);
export type CreateCancellationRuleBody = z.input<typeof createCancellationRuleBodySchema>;
export const updateCancellationRuleBodySchema = z
  .strictObject({ ...ruleFields, version: versionOpened })
  .superRefine(feeRule)
  .transform(onlyItsFee);
export type UpdateCancellationRuleBody = z.input<typeof updateCancellationRuleBodySchema>;

/** When a rule applies, as the settings page and the modals say it. */
export function describeRuleNotice(hours: number | null): string {
  if (hours === null) return 'Whenever the session is cancelled';
  if (hours === 0) return 'A missed session, or one cancelled after it started';
  return `Cancelled less than ${describeOffset(hours * 60)} before the start`;
}

/** A rule's fee in words: "50% of the session price", or the fixed amount as `money` writes it ("£20.00"). */
export function describeRuleFee(
  rule: Pick<CancellationRule, 'feeKind' | 'feePercent' | 'feeMinor' | 'currency'>,
  money: (minor: number, currency: string) => string,
): string {
  return rule.feeKind === 'percent'
    ? `${rule.feePercent ?? 0}% of the session price`
    : money(rule.feeMinor ?? 0, rule.currency ?? 'GBP');
}

/** The hours from a moment to a session's start (negative once it has started). */
export function hoursBefore(startsAt: string | Date, at: string | Date): number {
  return (new Date(startsAt).getTime() - new Date(at).getTime()) / 3_600_000;
}

/**
 * The notice a cancellation gave, in hours, as the rules compare it: cancelling `at` a moment gives the hours left to
 * the start; a missed session gave none at all (so every rule, even one of 0 hours, applies to it).
 */
export function noticeHours(kind: ChargeKind, startsAt: string | Date, at: string | Date): number {
  return kind === 'did not attend' ? Number.NEGATIVE_INFINITY : hoursBefore(startsAt, at);
}

/**
 * The rule that applies to a cancellation with `hours` of notice (see noticeHours): the first rule, in SPEC.md §5 order
 * (hours ascending, missing last, then id), whose notice was not given (`hours` is less than its hours; a rule of 0
 * hours applies only once the session has started or was missed); a rule without hours applies to every cancellation.
 * Rules must come in that order.
 */
export function matchingRule<R extends Pick<CancellationRule, 'triggerInHoursBeforeStart'>>(
  ordered: readonly R[],
  hours: number,
): R | null {
  return (
    ordered.find((rule) => rule.triggerInHoursBeforeStart === null || hours < rule.triggerInHoursBeforeStart) ?? null
  );
}

/** A rule's fee for a session of this price (minor units); null when a percentage has no price to take it from. */
export function feeOf(
  rule: Pick<CancellationRule, 'feeKind' | 'feePercent' | 'feeMinor' | 'currency'>,
  price: { minor: number | null; currency: string },
): { minor: number; currency: string } | null {
  if (rule.feeKind === 'fixed') return { minor: rule.feeMinor ?? 0, currency: rule.currency ?? price.currency };
  if (price.minor === null) return null;
  return { minor: Math.round((price.minor * (rule.feePercent ?? 0)) / 100), currency: price.currency };
}

// ---- the fee of a session ---------------------------------------------------------------------------------------------

export const cancellationFeeQuerySchema = z.strictObject({
  kind: z.enum(CHARGE_KINDS, { error: 'Choose late cancellation or did not attend.' }).default('late cancellation'),
  /**
   * When the session is (or was) cancelled; absent: now. A late cancellation marked afterwards is sent as the session's
   * start (the least notice); a missed session gave no notice at all, whatever `at` says.
   */
  at: z.iso.datetime({ offset: true, error: 'Give the cancellation time as an ISO date-time.' }).optional(),
});
export type CancellationFeeQuery = z.input<typeof cancellationFeeQuerySchema>;

export const cancellationFeeSchema = z.object({
  sessionId: z.number(),
  kind: z.enum(CHARGE_KINDS),
  /** Hours of notice the cancellation gives (0 for a missed session), to one decimal. */
  hoursBeforeStart: z.number(),
  /** The rule that applies, or null when none does (enough notice, or no rules). */
  rule: cancellationRuleSchema.nullable(),
  /** The session's price in minor units of the practice's currency, when it has one. */
  priceMinor: z.number().nullable(),
  /** The fee the rule sets, or null: no rule applies, or a percentage of a session without a price. */
  feeMinor: z.number().nullable(),
  currency: z.string(),
});
export type CancellationFee = z.infer<typeof cancellationFeeSchema>;

// ---- reminder timing ------------------------------------------------------------------------------------------------

/**
 * When clients with e-mail reminders on are reminded, in minutes before the start (at most three, each once, 30 minutes
 * to 7 days): one field of the practice's scheduling preferences (the diary's `schedulingPreferenceFields`, which the
 * answer shares, so it checks and never transforms).
 */
export const reminderOffsetsField = z
  .array(
    z
      .number({ error: 'Choose when reminders go.' })
      .int('Choose when reminders go.')
      .min(REMINDER_OFFSET_MIN, `Remind at least ${describeOffset(REMINDER_OFFSET_MIN)} before.`)
      .max(REMINDER_OFFSET_MAX, `Remind at most ${describeOffset(REMINDER_OFFSET_MAX)} before.`),
    { error: 'Choose when reminders go.' },
  )
  .max(REMINDER_OFFSETS_MAX, `Choose at most ${REMINDER_OFFSETS_MAX} reminder times.`)
  .refine((offsets) => new Set(offsets).size === offsets.length, 'Choose each reminder time once.');

// ---- routes -----------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
const sessionParams = z.strictObject({ sessionId: idParam });

export const appointmentPoliciesRoutes = defineRoutes({
  listAppointmentLocations: {
    method: 'GET',
    path: '/api/settings/appointments/location',
    summary:
      "The practice's appointment locations (in person, video, phone), by name: every role books sessions at them",
    access: ALL_ROLES,
    response: z.object({ items: z.array(appointmentLocationSchema) }),
  },
  getAppointmentLocation: {
    method: 'GET',
    path: '/api/settings/appointments/single-location/:id',
    summary: 'One appointment location',
    access: CLINICAL_ROLES,
    params: idParams,
    response: appointmentLocationSchema,
  },
  createAppointmentLocation: {
    method: 'POST',
    path: '/api/settings/appointments/location',
    summary: 'Add an appointment location (an in-person one needs its address)',
    access: CLINICAL_ROLES,
    body: createAppointmentLocationBodySchema,
    response: appointmentLocationSchema,
  },
  updateAppointmentLocation: {
    method: 'PUT',
    path: '/api/settings/appointments/single-location/:id',
    summary: 'Change an appointment location (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateAppointmentLocationBodySchema,
    response: appointmentLocationSchema,
  },
  deleteAppointmentLocation: {
    method: 'DELETE',
    path: '/api/settings/appointments/single-location/:id',
    summary: 'Delete an appointment location (sessions keep the place they were booked at)',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  listCancellationRules: {
    method: 'GET',
    path: '/api/settings/appointments/cancellation',
    summary:
      "The practice's cancellation policy rules, by triggerInHoursBeforeStart ascending (rules without hours last), then id (SPEC.md §5)",
    access: CLINICAL_ROLES,
    response: z.object({ items: z.array(cancellationRuleSchema) }),
  },
  getCancellationRule: {
    method: 'GET',
    path: '/api/settings/appointments/single-cancellation/:id',
    summary: 'One cancellation policy rule',
    access: CLINICAL_ROLES,
    params: idParams,
    response: cancellationRuleSchema,
  },
  createCancellationRule: {
    method: 'POST',
    path: '/api/settings/appointments/cancellation',
    summary: 'Add a cancellation policy rule (one rule per notice period; 409 when one exists)',
    access: CLINICAL_ROLES,
    errors: [409],
    body: createCancellationRuleBodySchema,
    response: cancellationRuleSchema,
  },
  updateCancellationRule: {
    method: 'PUT',
    path: '/api/settings/appointments/single-cancellation/:id',
    summary: 'Change a cancellation policy rule (send its version; a stale one or a taken notice period answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateCancellationRuleBodySchema,
    response: cancellationRuleSchema,
  },
  deleteCancellationRule: {
    method: 'DELETE',
    path: '/api/settings/appointments/single-cancellation/:id',
    summary: 'Delete a cancellation policy rule (fees already recorded stay)',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  getCancellationFee: {
    method: 'GET',
    path: '/api/appointments/cancellation-fee/:sessionId',
    summary:
      'The fee the cancellation policy sets for cancelling a session at a time (now unless `at`), or for a missed one: the rule, the price and the fee, before anything is saved',
    access: ALL_ROLES,
    params: sessionParams,
    query: cancellationFeeQuerySchema,
    response: cancellationFeeSchema,
  },
});
