import { z } from 'zod';
import { defineRoutes, ALL_ROLES } from '../route';
import {
  currentPasswordField,
  emailField,
  messageSchema,
  nameField,
  passwordField,
  tokenField,
  tokenPairSchema,
} from './common';
import { twoFactorCodeField } from './credentials';
import { countryField, timeZoneField } from './account';

/** What the server answers about signing up, in and out, passwords, e-mail changes and 2-step verification. */
export const AUTH_MESSAGES = {
  badCredentials: 'The e-mail address or password is not correct.',
  badLink: 'This link is not valid any more: it was already used or has expired. Please ask for a new one.',
  registered: (email: string) =>
    `Thank you. We have sent a link to ${email}. Please open it to confirm your address, then sign in.`,
  resent: (email: string) =>
    `If ${email} has an account waiting for confirmation, we have sent a new link. It works once, for 24 hours.`,
  forgot: (email: string) =>
    `If ${email} has a Halcyon account, we have sent a link to reset the password. It works once, for 1 hour.`,
  validated: 'Your e-mail address is confirmed. You can sign in now.',
  passwordReset: 'Your password has been changed and every session signed out. Please sign in with the new password.',
  passwordChanged: 'Your password has been changed. Every other session has been signed out.',
  emailChangeSent: (email: string) =>
    `We have sent a link to ${email}. Your address changes when you open it; until then the old one stays in use.`,
  emailChanged: 'Your new e-mail address is confirmed. Use it the next time you sign in.',
  unverified: 'Please confirm your e-mail address first. We have sent you a new link.',
  deactivated: "Your account has been deactivated. Please ask your practice's Admin.",
  badCode: 'That code is not correct. Enter the current 6-digit code from your authenticator app, or a recovery code.',
  reusedCode: 'That code has already been used. Wait for the next code in your authenticator app.',
  challengeExpired: 'The sign-in took too long. Please enter your e-mail address and password again.',
  badPassword: 'The password is not correct.',
  signedOut: 'You have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
  sessionRevoked: 'That session has been signed out.',
  badCsrf: 'The security token is missing or has expired. Please reload the page and try again.',
  twoFactorOff: '2-step verification is off.',
  samePassword: 'Choose a new password that is different from your current one.',
} as const;

export const registerBodySchema = z.strictObject({
  practiceName: nameField,
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  password: passwordField,
  /** Where the practice is: an ISO 3166-1 alpha-2 code; the practice's details keep its name (none if left out). */
  country: countryField.optional(),
  /** The practice's time zone (IANA) that every local day and time is read in; Europe/London if left out. */
  timeZone: timeZoneField.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({ email: emailField, password: currentPasswordField });
export type LoginBody = z.input<typeof loginBodySchema>;

/** Login answers tokens, or, when 2-step verification is on, a short-lived challenge to answer with a code. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
});
export const loginResponseSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A 6-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export { twoFactorCodeField } from './credentials';

export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof sessionSchema>;

export const demoAccountsSchema = z.object({
  /** The one password of every demo account; null outside demo mode. */
  password: z.string().nullable(),
  accounts: z.array(
    z.object({
      email: z.string(),
      role: z.enum(ALL_ROLES),
      firstName: z.string(),
      lastName: z.string(),
    }),
  ),
});
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;

export const authRoutes = defineRoutes({
  refresh: {
    method: 'POST',
    path: '/api/refresh',
    summary: 'Exchange a refresh token for a new access token and a rotated refresh token',
    access: 'public',
    errors: [401],
    body: z.strictObject({ refresh_token: tokenField }),
    response: tokenPairSchema,
  },
  csrfToken: {
    method: 'GET',
    path: '/api/auth/csrf-token',
    summary: 'A CSRF token for the signed-in session (send it as X-CSRF-Token)',
    access: 'authenticated',
    response: z.object({ csrfToken: z.string() }),
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out this session (header X-CSRF-Token)',
    access: 'public',
    errors: [403],
    body: z.strictObject({ refresh_token: tokenField }),
    response: messageSchema,
  },
  register: {
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create a practice and its Admin; sends the validation e-mail',
    access: 'public',
    body: registerBodySchema,
    response: messageSchema,
  },
  validateEmail: {
    method: 'POST',
    path: '/api/auth/validate-email',
    summary: 'Confirm an e-mail address with the token from the validation link',
    access: 'public',
    body: z.strictObject({ token: tokenField }),
    response: messageSchema,
  },
  resendValidation: {
    method: 'POST',
    path: '/api/auth/resend-validation',
    summary: 'Send the validation e-mail again (same answer whether or not the address is known)',
    access: 'public',
    body: z.strictObject({ email: emailField }),
    response: messageSchema,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail and password',
    access: 'public',
    errors: [401, 403],
    body: loginBodySchema,
    response: loginResponseSchema,
  },
  loginTwoFactor: {
    method: 'POST',
    path: '/api/auth/login/two-factor',
    summary: 'Finish signing in with a 6-digit code or a recovery code',
    access: 'public',
    errors: [401],
    body: z.strictObject({ challengeToken: tokenField, code: twoFactorCodeField }),
    response: tokenPairSchema,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Send a password reset link (same answer whether or not the address is known)',
    access: 'public',
    body: z.strictObject({ email: emailField }),
    response: messageSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the token from the reset link; signs out every session',
    access: 'public',
    body: z.strictObject({ token: tokenField, password: passwordField }),
    response: messageSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/auth/accept-invitation',
    summary: 'Join a practice from an invitation link: set name and password, then signed in',
    access: 'public',
    errors: [409],
    body: z.strictObject({ token: tokenField, firstName: nameField, lastName: nameField, password: passwordField }),
    response: tokenPairSchema,
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/auth/confirm-email-change',
    summary: 'Confirm a new e-mail address with the token sent to it',
    access: 'public',
    errors: [409],
    body: z.strictObject({ token: tokenField }),
    response: messageSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    summary: 'Change your password; signs out every other session',
    access: 'authenticated',
    body: z.strictObject({ currentPassword: currentPasswordField, newPassword: passwordField }),
    response: messageSchema,
  },
  changeEmail: {
    method: 'POST',
    path: '/api/auth/change-email',
    summary: 'Ask to change your e-mail address; a link is sent to the new address',
    access: 'authenticated',
    body: z.strictObject({ password: currentPasswordField, newEmail: emailField }),
    response: messageSchema,
  },
  twoFactorStatus: {
    method: 'GET',
    path: '/api/auth/two-factor',
    summary: 'Whether 2-step verification is on, and whether the practice requires it',
    access: 'authenticated',
    response: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() }),
  },
  twoFactorEnrol: {
    method: 'POST',
    path: '/api/auth/two-factor/enrol',
    summary: 'Start 2-step verification: a new secret and its otpauth:// URL for the authenticator app',
    access: 'authenticated',
    errors: [409],
    body: z.strictObject({ password: currentPasswordField }),
    response: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  },
  twoFactorConfirm: {
    method: 'POST',
    path: '/api/auth/two-factor/confirm',
    summary: 'Turn 2-step verification on with a first code; answers the recovery codes (shown once)',
    access: 'authenticated',
    errors: [409],
    body: z.strictObject({ code: twoFactorCodeField }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    summary: 'Turn 2-step verification off (password and a current code)',
    access: 'authenticated',
    body: z.strictObject({ password: currentPasswordField, code: twoFactorCodeField }),
    response: messageSchema,
  },
  twoFactorRecoveryCodes: {
    method: 'POST',
    path: '/api/auth/two-factor/recovery-codes',
    summary: 'Replace the recovery codes (the old ones stop working)',
    access: 'authenticated',
    errors: [409],
    body: z.strictObject({ password: currentPasswordField }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  },
  listSessions: {
    method: 'GET',
    path: '/api/auth/sessions',
    summary: 'Your signed-in sessions',
    access: 'authenticated',
    response: z.object({ items: z.array(sessionSchema) }),
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    summary: 'Sign out one of your sessions',
    access: 'authenticated',
    params: z.strictObject({ id: z.uuid({ error: 'must be a session id' }) }),
    response: messageSchema,
  },
  signOutEverywhere: {
    method: 'POST',
    path: '/api/auth/sign-out-everywhere',
    summary: 'Sign out every session, this one included',
    access: 'authenticated',
    response: messageSchema,
  },
  demoAccounts: {
    method: 'GET',
    path: '/api/demo/accounts',
    summary:
      'The demo sign-ins for the login screen: in demo mode its accounts and their password, otherwise none (an empty list, so a real sign-in page logs no failed request)',
    access: 'public',
    response: demoAccountsSchema,
  },
});
