import { z } from 'zod';
import { ADMIN_ONLY, defineRoutes } from '../route';
import { nameField } from './common';

/** Idle sign-out bounds in minutes (QUALITY.md security 3). */
export const IDLE_TIMEOUT_MIN = 15;
export const IDLE_TIMEOUT_MAX = 720;
export const IDLE_TIMEOUT_DEFAULT = 30;

export const practiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  idleTimeoutMinutes: z.number(),
  requireTwoFactor: z.boolean(),
  logoUrl: z.string().nullable(),
  /** The practice's IANA time zone, which sets every local day (SPEC.md §9); readable by every role, the Assistant too. */
  timeZone: z.string(),
  /** The practice's currency (ISO 4217), which a new price, invoice, payment or expense starts in; every role reads it. */
  currency: z.string(),
});
export type Practice = z.infer<typeof practiceSchema>;

export const updatePracticeBodySchema = z.strictObject({
  name: nameField.optional(),
  idleTimeoutMinutes: z
    .number({ error: 'Enter a number of minutes.' })
    .int('Enter a whole number of minutes.')
    .min(IDLE_TIMEOUT_MIN, `Use at least ${IDLE_TIMEOUT_MIN} minutes.`)
    .max(IDLE_TIMEOUT_MAX, `Use at most ${IDLE_TIMEOUT_MAX} minutes (12 hours).`)
    .optional(),
  requireTwoFactor: z.boolean({ error: 'Choose on or off.' }).optional(),
});
export type UpdatePracticeBody = z.input<typeof updatePracticeBodySchema>;

/** Which of a new practice's four setup steps are done (/Prepare-console's checklist, CATALOG.md). */
export const practiceSetupSchema = z.object({
  /** An address and a way to be contacted (e-mail or phone): what invoices and e-mails to clients print. */
  details: z.boolean(),
  /** At least one service that is not archived. */
  service: z.boolean(),
  /** At least one availability entry, of any member. */
  availability: z.boolean(),
  /** At least one invoice account. */
  invoiceAccount: z.boolean(),
});
export type PracticeSetup = z.infer<typeof practiceSetupSchema>;

export const practiceRoutes = defineRoutes({
  getPractice: {
    method: 'GET',
    path: '/api/practice',
    summary: 'Your practice',
    access: 'authenticated',
    response: practiceSchema,
  },
  updatePractice: {
    method: 'PATCH',
    path: '/api/practice',
    summary: "Change the practice's name, idle sign-out or 2-step requirement (Admin only)",
    access: ADMIN_ONLY,
    body: updatePracticeBodySchema,
    response: practiceSchema,
  },
  getPracticeSetup: {
    method: 'GET',
    path: '/api/practice/setup',
    summary:
      "Which of the new practice's setup steps are done: its details (address and contact), a service, availability and an invoice account (Admin only)",
    access: ADMIN_ONLY,
    response: practiceSetupSchema,
  },
});
