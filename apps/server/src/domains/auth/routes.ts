import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { RateLimiter, emailInBody, signedInUser, type RateRule } from '../../platform/http/rate-limits';
import { AuthService } from './service';
import { demoAccounts } from '../practice/demo';

const MINUTE = 60_000;

/**
 * Sign-in counts failed passwords per account AND address together (the policy and its reasons: pairPolicy in
 * platform/http/rate-limits.ts). An address gets ten wrong passwords for an account; the looser per-address and
 * per-account limits then refuse only the addresses that have failed for the account.
 */
export const LOGIN_LIMITS = {
  pair: { max: 10, windowMs: 15 * MINUTE },
  ip: { max: 30, windowMs: 15 * MINUTE },
  account: { max: 50, windowMs: 15 * MINUTE },
} as const;

/** Rate limits (QUALITY.md security 5), per IP and per account. Codes count failures; the rest every request. */
export const AUTH_LIMITS = {
  twoFactor: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE }, count: 'failures' },
  register: { ip: { max: 10, windowMs: 60 * MINUTE }, account: { max: 3, windowMs: 60 * MINUTE }, count: 'every' },
  forgot: { ip: { max: 10, windowMs: 15 * MINUTE }, account: { max: 5, windowMs: 60 * MINUTE }, count: 'every' },
  /** Re-typing your password on a signed-in route (2-step set-up, change of password or e-mail). */
  reauth: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE }, count: 'failures' },
} as const;

export function authRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new AuthService(platform);
  const limiter = new RateLimiter(platform.database.db);
  /** The user a 2-step attempt is about: the signed-in user, or the subject of a genuine (verified) challenge token. */
  const twoFactorAccount = async (request: FastifyRequest): Promise<string | null> => {
    const signedIn = signedInUser(request);
    if (signedIn) return signedIn;
    const token = (request.body as { challengeToken?: unknown } | undefined)?.challengeToken;
    if (typeof token !== 'string') return null;
    const claims = await platform.tokens.verifyChallenge(token);
    return claims ? `user:${claims.userId}` : null;
  };
  const limit = (name: keyof typeof AUTH_LIMITS, account: RateRule['account'] = emailInBody) =>
    limiter.hooks({
      name,
      perIp: AUTH_LIMITS[name].ip,
      perAccount: AUTH_LIMITS[name].account,
      count: AUTH_LIMITS[name].count,
      account,
    });
  const twoFactorLimit = limit('twoFactor', twoFactorAccount);
  registerRoutes(
    app,
    {
      refresh: ({ body }, { request }) => service.refresh(body.refresh_token, request),
      csrfToken: (_input, { request }) => service.csrfToken(requireAuth(request)),
      logout: ({ body }, { request }) => {
        const header = request.headers['x-csrf-token'];
        return service.logout(body.refresh_token, typeof header === 'string' ? header : undefined, request);
      },
      register: ({ body }, { request }) => service.register(body, request),
      validateEmail: ({ body }, { request }) => service.validateEmail(body.token, request),
      resendValidation: ({ body }) => service.resendValidation(body.email),
      login: ({ body }, { request }) => service.login(body, request),
      loginTwoFactor: ({ body }, { request }) => service.loginTwoFactor(body, request),
      forgotPassword: ({ body }, { request }) => service.forgotPassword(body.email, request),
      resetPassword: ({ body }, { request }) => service.resetPassword(body.token, body.password, request),
      confirmEmailChange: ({ body }, { request }) => service.confirmEmailChange(body.token, request),
      changePassword: ({ body }, { request }) =>
        service.changePassword(requireAuth(request), body.currentPassword, body.newPassword, request),
      changeEmail: ({ body }, { request }) =>
        service.changeEmail(requireAuth(request), body.password, body.newEmail, request),
      twoFactorStatus: (_input, { request }) => service.twoFactorStatus(requireAuth(request)),
      twoFactorEnrol: ({ body }, { request }) => service.twoFactorEnrol(requireAuth(request), body.password, request),
      twoFactorConfirm: ({ body }, { request }) => service.twoFactorConfirm(requireAuth(request), body.code, request),
      twoFactorDisable: ({ body }, { request }) =>
        service.twoFactorDisable(requireAuth(request), body.password, body.code, request),
      twoFactorRecoveryCodes: ({ body }, { request }) =>
        service.twoFactorRecoveryCodes(requireAuth(request), body.password, request),
      listSessions: (_input, { request }) => service.listSessions(requireAuth(request), request),
      revokeSession: ({ params }, { request }) => service.revokeSession(requireAuth(request), params.id, request),
      signOutEverywhere: (_input, { request }) => service.signOutEverywhere(requireAuth(request), request),
      demoAccounts: async () => {
        const none = { password: null, accounts: [] };
        if (!platform.config.HALCYON_DEMO) return none;
        return (await demoAccounts(platform.database.db)) ?? none;
      },
    },
    {
      login: limiter.pairHooks({
        name: 'login',
        perPair: LOGIN_LIMITS.pair,
        perIp: LOGIN_LIMITS.ip,
        perAccount: LOGIN_LIMITS.account,
        account: emailInBody,
      }),
      loginTwoFactor: twoFactorLimit,
      twoFactorConfirm: twoFactorLimit,
      twoFactorDisable: twoFactorLimit,
      changePassword: limit('reauth', signedInUser),
      changeEmail: limit('reauth', signedInUser),
      twoFactorEnrol: limit('reauth', signedInUser),
      twoFactorRecoveryCodes: limit('reauth', signedInUser),
      register: limit('register'),
      forgotPassword: limit('forgot'),
      resendValidation: limit('forgot'),
      resetPassword: limit('forgot'),
    },
  );
}
