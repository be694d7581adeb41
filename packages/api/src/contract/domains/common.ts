import { z } from 'zod';

/** Fields shared by the auth, users and practice contracts. Messages are sentences a person can act on. */
export const emailField = z
  .email({ error: 'Enter a valid e-mail address.' })
  .max(254, 'Enter an e-mail address of at most 254 characters.')
  .transform((value) => value.trim().toLowerCase());

/** SPEC/QUALITY.md security 7: at least 12 characters, at most 128, no composition rules. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const passwordField = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

/** A password typed to prove who you are (no length rule, so old passwords still work). */
export const currentPasswordField = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX, 'That password is too long.');

export const nameField = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(100, 'Use at most 100 characters.');

/** An opaque token from a link or a previous answer. */
export const tokenField = z
  .string({ error: 'The token is missing.' })
  .min(1, 'The token is missing.')
  .max(512, 'The token is not valid.');

/** A numeric id in a path: a whole number greater than 0 (SPEC.md §5). */
export const idParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be greater than 0')
  .max(2_147_483_647, 'is too large');

export const messageSchema = z.object({ detail: z.string() });
export type Message = z.infer<typeof messageSchema>;

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
