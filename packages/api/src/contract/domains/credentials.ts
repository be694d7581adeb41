import * as z from 'zod/mini';

/**
 * The sign-in fields, written with `zod/mini` so the sign-in screen checks them without loading the full zod (the
 * first page must stay light). The rest of the contract builds on them like on any other field.
 */

/** SPEC/QUALITY.md security 7: at least 12 characters, at most 128, no composition rules. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** An e-mail address, compared in lower case. Messages are sentences a person can act on. */
export const emailField = z.pipe(
  z
    .email({ error: 'Enter a valid e-mail address.' })
    .check(z.maxLength(254, 'Enter an e-mail address of at most 254 characters.')),
  z.transform((value: string) => value.trim().toLowerCase()),
);

/** A password typed to prove who you are (no length rule, so old passwords still work). */
export const currentPasswordField = z
  .string({ error: 'Enter your password.' })
  .check(z.minLength(1, 'Enter your password.'), z.maxLength(PASSWORD_MAX, 'That password is too long.'));

/** A 6-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const twoFactorCodeField = z
  .string({ error: 'Enter the 6-digit code.' })
  .check(
    z.trim(),
    z.minLength(6, 'Enter the 6-digit code or a recovery code.'),
    z.maxLength(32, 'Enter the 6-digit code or a recovery code.'),
  );
