import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  DEFAULT_TIME_ZONE,
  INVITATION_TTL_DAYS,
  describeDevice,
  type LoginResponse,
  type RegisterBody,
  type Role,
  type SignedInSession,
  type TokenPair,
} from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import { hasSqlState } from '../../platform/db';
import { memberships, practiceDetails, practices, totpSecrets, users } from '../../schema';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../platform/errors';
import { dummyPasswordHash, hashPassword, verifyPassword, weakPasswordReason } from '../../platform/auth/passwords';
import { SESSION_ABSOLUTE_MS, hashToken, randomToken } from '../../platform/auth/tokens';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUrl,
} from '../../platform/auth/totp';
import type { AuthContext } from '../../platform/auth/guard';
import { mailTemplates, type PracticeBrand } from '../../platform/mail/templates';
import { formatWhenForMail } from '../../platform/mail/when';
import {
  consumeEmailToken,
  expireEmailTokens,
  findAccountByEmail,
  findAccountById,
  insertEmailToken,
  peekEmailToken,
} from './accounts';
import {
  activeSessions,
  createSessionFamily,
  findRefreshToken,
  hasSeenDevice,
  revokeFamily,
  revokeUserFamilies,
  rotateRefreshToken,
} from './refresh-tokens';
import { currencyOfCountry } from '../account/currency';
import { countRecoveryCodesLeft, getTotp, replaceRecoveryCodes, useRecoveryCode, useTotpStep } from './two-factor';

export const VALIDATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

function brandOf(practice: { name: string; logoUrl: string | null } | null | undefined): PracticeBrand {
  return practice ? { name: practice.name, logoUrl: practice.logoUrl } : { name: 'Halcyon', logoUrl: null };
}

/** What a password must not contain: the whole e-mail address, its part before the @, and the person's names. */
function personalWords(email: string, firstName: string, lastName: string): string[] {
  return [email, email.split('@')[0] ?? '', firstName, lastName];
}

function checkNewPassword(password: string, personal: string[], field = 'password'): void {
  const reason = weakPasswordReason(password, personal);
  if (reason) throw badRequest(reason, { [field]: reason });
}

const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

export class AuthService {
  constructor(private readonly p: Platform) {}

  private get db() {
    return this.p.database.db;
  }

  link(path: string, token: string): string {
    const base = this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`;
    return `${base.replace(/\/$/, '')}${path}/${encodeURIComponent(token)}`;
  }

  private async newEmailToken(
    values: Omit<Parameters<typeof insertEmailToken>[1], 'tokenHash' | 'expiresAt'>,
    ttlMs: number,
  ) {
    const token = randomToken();
    await insertEmailToken(this.db, {
      ...values,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  // ---- registration and e-mail validation -------------------------------------------------------------------------

  async register(body: RegisterBody, request: FastifyRequest) {
    checkNewPassword(body.password, personalWords(body.email, body.firstName, body.lastName));
    const passwordHash = await hashPassword(body.password);
    const existing = await findAccountByEmail(this.db, body.email);
    if (existing) {
      // No account enumeration: the same answer, and the owner of the address hears about it.
      const token = await this.newEmailToken({ purpose: 'reset', userId: existing.user.id }, RESET_TTL_MS);
      await this.p.mailer.send(
        mailTemplates.accountExists(
          brandOf(existing.practice),
          existing.user.email,
          existing.user.firstName,
          this.link('/Register/Reset-password', token),
        ),
      );
      await this.p.audit.record(request, {
        action: 'register',
        entity: 'user',
        entityId: existing.user.id,
        outcome: 'failed',
        details: { reason: 'email_exists' },
      });
      return { detail: AUTH_MESSAGES.registered(body.email) };
    }
    let created: { userId: number; practiceId: number; practiceName: string };
    try {
      created = await this.db.transaction(async (tx) => {
        const [practice] = await tx.insert(practices).values({ name: body.practiceName }).returning();
        // The country as its ISO code (invoices' paper size and the payment provider read it; pages show its name); the time
        // zone that every local day is read in; the country's currency for its prices and invoices.
        await tx.insert(practiceDetails).values({
          practiceId: practice!.id,
          country: body.country ?? null,
          timeZone: body.timeZone ?? DEFAULT_TIME_ZONE,
          currency: currencyOfCountry(body.country),
        });
        const [user] = await tx
          .insert(users)
          .values({ email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName })
          .returning({ id: users.id });
        await tx.insert(memberships).values({ practiceId: practice!.id, userId: user!.id, role: 'Admin' });
        return { userId: user!.id, practiceId: practice!.id, practiceName: practice!.name };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { detail: AUTH_MESSAGES.registered(body.email) };
      throw error;
    }
    const token = await this.newEmailToken({ purpose: 'validate', userId: created.userId }, VALIDATION_TTL_MS);
    await this.p.mailer.send(
      mailTemplates.validation(
        { name: created.practiceName, logoUrl: null },
        body.email,
        body.firstName,
        this.link('/Register/Validate-email', token),
      ),
    );
    await this.p.audit.record(request, {
      action: 'register',
      entity: 'practice',
      entityId: created.practiceId,
      userId: created.userId,
      practiceId: created.practiceId,
      role: 'Admin',
    });
    return { detail: AUTH_MESSAGES.registered(body.email) };
  }

  async validateEmail(token: string, request: FastifyRequest) {
    const row = await consumeEmailToken(this.db, 'validate', hashToken(token));
    if (!row?.userId) throw badRequest(AUTH_MESSAGES.badLink);
    await this.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, row.userId));
    await this.p.audit.record(request, {
      action: 'validate_email',
      entity: 'user',
      entityId: row.userId,
      userId: row.userId,
    });
    return { detail: AUTH_MESSAGES.validated };
  }

  private async sendValidation(account: NonNullable<Awaited<ReturnType<typeof findAccountByEmail>>>) {
    await expireEmailTokens(this.db, account.user.id, 'validate');
    const token = await this.newEmailToken({ purpose: 'validate', userId: account.user.id }, VALIDATION_TTL_MS);
    await this.p.mailer.send(
      mailTemplates.validation(
        brandOf(account.practice),
        account.user.email,
        account.user.firstName,
        this.link('/Register/Validate-email', token),
      ),
    );
  }

  async resendValidation(email: string) {
    const account = await findAccountByEmail(this.db, email);
    if (account && !account.user.emailVerifiedAt) await this.sendValidation(account);
    return { detail: AUTH_MESSAGES.resent(email) };
  }

  // ---- sign-in ------------------------------------------------------------------------------------------------------

  async login(body: { email: string; password: string }, request: FastifyRequest): Promise<LoginResponse> {
    const account = await findAccountByEmail(this.db, body.email);
    const ok = await verifyPassword(body.password, account?.user.passwordHash ?? (await dummyPasswordHash()));
    if (!account || !ok) {
      await this.p.audit.record(request, {
        action: 'login',
        entity: 'user',
        entityId: account?.user.id ?? null,
        userId: account?.user.id ?? null,
        practiceId: account?.practice?.id ?? null,
        outcome: 'denied',
        details: { reason: account ? 'bad_password' : 'unknown_email' },
      });
      throw unauthorized(AUTH_MESSAGES.badCredentials);
    }
    const { user, membership, practice } = account;
    if (!membership || !practice || membership.status !== 'active') {
      await this.p.audit.record(request, {
        action: 'login',
        entity: 'user',
        entityId: user.id,
        userId: user.id,
        practiceId: practice?.id ?? null,
        outcome: 'denied',
        details: { reason: 'deactivated' },
      });
      throw forbidden(AUTH_MESSAGES.deactivated);
    }
    if (!user.emailVerifiedAt) {
      await this.sendValidation(account);
      throw forbidden(AUTH_MESSAGES.unverified);
    }
    const totp = await getTotp(this.db, user.id);
    if (totp?.confirmedAt) {
      return {
        twoFactorRequired: true,
        challengeToken: await this.p.tokens.signChallenge({ userId: user.id, practiceId: practice.id }),
      };
    }
    return this.startSession(user.id, practice.id, request, 'password');
  }

  async loginTwoFactor(body: { challengeToken: string; code: string }, request: FastifyRequest): Promise<TokenPair> {
    const claims = await this.p.tokens.verifyChallenge(body.challengeToken);
    if (!claims) throw unauthorized(AUTH_MESSAGES.challengeExpired);
    const account = await findAccountById(this.db, claims.userId);
    if (!account || account.practice.id !== claims.practiceId || account.membership.status !== 'active') {
      throw unauthorized(AUTH_MESSAGES.challengeExpired);
    }
    await this.checkSecondFactor(claims.userId, body.code, request, 'login_two_factor');
    return this.startSession(claims.userId, claims.practiceId, request, 'two_factor');
  }

  /** A 6-digit TOTP code (each step once) or an unused recovery code; throws 401 otherwise and records the attempt. */
  private async checkSecondFactor(
    userId: number,
    code: string,
    request: FastifyRequest,
    action: string,
  ): Promise<void> {
    const totp = await getTotp(this.db, userId);
    if (!totp?.confirmedAt) throw unauthorized(AUTH_MESSAGES.badCode);
    const trimmed = code.replace(/\s+/g, '');
    let problem: string | null = null;
    if (/^\d{6}$/.test(trimmed)) {
      const step = matchTotp(totp.secret, trimmed);
      if (step === null) problem = AUTH_MESSAGES.badCode;
      else if (!(await useTotpStep(this.db, userId, step))) problem = AUTH_MESSAGES.reusedCode;
    } else if (!(await useRecoveryCode(this.db, userId, hashToken(normaliseRecoveryCode(trimmed))))) {
      problem = AUTH_MESSAGES.badCode;
    }
    if (problem) {
      await this.p.audit.record(request, {
        action,
        entity: 'user',
        entityId: userId,
        userId,
        outcome: 'denied',
        details: { reason: problem === AUTH_MESSAGES.reusedCode ? 'reused_code' : 'bad_code' },
      });
      throw new HttpError(401, problem);
    }
  }

  /** A new session (refresh-token family) and its first token pair; alerts by e-mail on a sign-in from a new device. */
  async startSession(userId: number, practiceId: number, request: FastifyRequest, how: string): Promise<TokenPair> {
    const meta = requestMeta(request);
    const seen = await hasSeenDevice(this.db, userId, meta.userAgent, meta.ip);
    const refresh = randomToken();
    const sessionId = await createSessionFamily(
      this.db,
      {
        userId,
        practiceId,
        userAgent: meta.userAgent,
        ip: meta.ip,
        expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      },
      hashToken(refresh),
    );
    const account = await findAccountById(this.db, userId);
    await this.p.audit.record(request, {
      action: 'login',
      entity: 'session',
      entityId: sessionId,
      userId,
      practiceId,
      role: account?.membership.role ?? null,
      details: { method: how },
    });
    if (!seen && account && how !== 'invitation') {
      // When and on what, as the person reads it: the practice's time and a named device, not a raw user agent.
      const [details] = await this.db
        .select({ timeZone: practiceDetails.timeZone })
        .from(practiceDetails)
        .where(eq(practiceDetails.practiceId, practiceId))
        .limit(1);
      await this.p.mailer.send(
        mailTemplates.newSignIn(
          brandOf(account.practice),
          account.user.email,
          account.user.firstName,
          formatWhenForMail(new Date(), details?.timeZone ?? DEFAULT_TIME_ZONE),
          describeDevice(meta.userAgent),
          meta.ip,
        ),
      );
    }
    return {
      access_token: await this.p.tokens.signAccess({ userId, practiceId, sessionId }),
      refresh_token: refresh,
    };
  }

  /** Rotates a refresh token. Reusing a rotated token revokes its whole family (QUALITY.md security 2). */
  async refresh(token: string, request: FastifyRequest): Promise<TokenPair> {
    const found = await findRefreshToken(this.db, hashToken(token));
    if (!found) throw unauthorized();
    const { family } = found;
    const audit = (outcome: 'denied' | 'success', reason?: string) =>
      this.p.audit.record(request, {
        action: 'refresh',
        entity: 'session',
        entityId: family.id,
        userId: family.userId,
        practiceId: family.practiceId,
        outcome,
        ...(reason ? { details: { reason } } : {}),
      });
    if (found.token.rotatedAt) {
      await revokeFamily(this.db, family.id, 'refresh_token_reuse');
      await audit('denied', 'refresh_token_reuse');
      throw unauthorized();
    }
    if (family.revokedAt || found.expired || found.memberStatus !== 'active') {
      await audit('denied', family.revokedAt ? 'revoked' : found.expired ? 'expired' : 'inactive_member');
      throw unauthorized();
    }
    if (found.idle) {
      await revokeFamily(this.db, family.id, 'idle');
      await audit('denied', 'idle');
      throw unauthorized();
    }
    const next = randomToken();
    if (!(await rotateRefreshToken(this.db, found.token.id, family.id, hashToken(next)))) {
      await revokeFamily(this.db, family.id, 'refresh_token_reuse');
      await audit('denied', 'refresh_token_reuse');
      throw unauthorized();
    }
    return {
      access_token: await this.p.tokens.signAccess({
        userId: family.userId,
        practiceId: family.practiceId,
        sessionId: family.id,
      }),
      refresh_token: next,
    };
  }

  csrfToken(auth: AuthContext) {
    return { csrfToken: this.p.tokens.csrfFor(auth.sessionId) };
  }

  async logout(refreshToken: string, csrf: string | undefined, request: FastifyRequest) {
    const found = await findRefreshToken(this.db, hashToken(refreshToken));
    if (!found) return { detail: AUTH_MESSAGES.signedOut };
    if (!this.p.tokens.checkCsrf(csrf, found.family.id)) throw forbidden(AUTH_MESSAGES.badCsrf);
    await revokeFamily(this.db, found.family.id, 'logout');
    await this.p.audit.record(request, {
      action: 'logout',
      entity: 'session',
      entityId: found.family.id,
      userId: found.family.userId,
      practiceId: found.family.practiceId,
    });
    return { detail: AUTH_MESSAGES.signedOut };
  }

  // ---- passwords ----------------------------------------------------------------------------------------------------

  async forgotPassword(email: string, request: FastifyRequest) {
    const account = await findAccountByEmail(this.db, email);
    if (account && account.membership?.status === 'active') {
      await expireEmailTokens(this.db, account.user.id, 'reset');
      const token = await this.newEmailToken({ purpose: 'reset', userId: account.user.id }, RESET_TTL_MS);
      await this.p.mailer.send(
        mailTemplates.reset(
          brandOf(account.practice),
          account.user.email,
          account.user.firstName,
          this.link('/Register/Reset-password', token),
        ),
      );
      await this.p.audit.record(request, {
        action: 'forgot_password',
        entity: 'user',
        entityId: account.user.id,
        userId: account.user.id,
        practiceId: account.practice?.id ?? null,
      });
    }
    return { detail: AUTH_MESSAGES.forgot(email) };
  }

  async resetPassword(token: string, password: string, request: FastifyRequest) {
    const tokenHash = hashToken(token);
    const peek = await peekEmailToken(this.db, 'reset', tokenHash);
    if (!peek?.userId) throw badRequest(AUTH_MESSAGES.badLink);
    const account = await findAccountById(this.db, peek.userId);
    if (!account) throw badRequest(AUTH_MESSAGES.badLink);
    checkNewPassword(password, personalWords(account.user.email, account.user.firstName, account.user.lastName));
    const row = await consumeEmailToken(this.db, 'reset', tokenHash);
    if (!row) throw badRequest(AUTH_MESSAGES.badLink);
    await this.db
      .update(users)
      .set({
        passwordHash: await hashPassword(password),
        passwordChangedAt: sql`now()`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(eq(users.id, account.user.id));
    await revokeUserFamilies(this.db, account.user.id, 'password_reset');
    await this.p.audit.record(request, {
      action: 'reset_password',
      entity: 'user',
      entityId: account.user.id,
      userId: account.user.id,
      practiceId: account.practice.id,
      role: account.membership.role,
    });
    return { detail: AUTH_MESSAGES.passwordReset };
  }

  private async requirePassword(auth: AuthContext, password: string, field: string) {
    const account = await findAccountById(this.db, auth.userId);
    if (!account) throw unauthorized();
    if (!(await verifyPassword(password, account.user.passwordHash))) {
      throw badRequest(AUTH_MESSAGES.badPassword, { [field]: AUTH_MESSAGES.badPassword });
    }
    return account;
  }

  async changePassword(auth: AuthContext, current: string, next: string, request: FastifyRequest) {
    const account = await this.requirePassword(auth, current, 'currentPassword');
    checkNewPassword(
      next,
      personalWords(account.user.email, account.user.firstName, account.user.lastName),
      'newPassword',
    );
    if (next === current) throw badRequest(AUTH_MESSAGES.samePassword, { newPassword: AUTH_MESSAGES.samePassword });
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(next), passwordChangedAt: sql`now()` })
      .where(eq(users.id, auth.userId));
    await revokeUserFamilies(this.db, auth.userId, 'password_change', auth.sessionId);
    await this.p.audit.record(request, { action: 'change_password', entity: 'user', entityId: auth.userId });
    return { detail: AUTH_MESSAGES.passwordChanged };
  }

  async changeEmail(auth: AuthContext, password: string, newEmail: string, request: FastifyRequest) {
    const account = await this.requirePassword(auth, password, 'password');
    if (newEmail === account.user.email.toLowerCase()) {
      throw badRequest('This is already your e-mail address.', { newEmail: 'This is already your e-mail address.' });
    }
    const taken = await findAccountByEmail(this.db, newEmail);
    // No enumeration: the same answer either way; a taken address gets no link (confirming would fail anyway).
    if (!taken) {
      const token = await this.newEmailToken(
        { purpose: 'email_change', userId: auth.userId, newEmail },
        VALIDATION_TTL_MS,
      );
      await this.p.mailer.send(
        mailTemplates.emailChange(
          brandOf(account.practice),
          newEmail,
          account.user.firstName,
          this.link('/Register/Confirm-email', token),
        ),
      );
    }
    await this.p.mailer.send(
      mailTemplates.emailChangeNotice(brandOf(account.practice), account.user.email, account.user.firstName),
    );
    await this.p.audit.record(request, { action: 'request_email_change', entity: 'user', entityId: auth.userId });
    return { detail: AUTH_MESSAGES.emailChangeSent(newEmail) };
  }

  async confirmEmailChange(token: string, request: FastifyRequest) {
    const row = await consumeEmailToken(this.db, 'email_change', hashToken(token));
    if (!row?.userId || !row.newEmail) throw badRequest(AUTH_MESSAGES.badLink);
    try {
      await this.db
        .update(users)
        .set({ email: row.newEmail, emailVerifiedAt: sql`now()` })
        .where(eq(users.id, row.userId));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This e-mail address is already used by another account.');
      throw error;
    }
    await this.p.audit.record(request, {
      action: 'change_email',
      entity: 'user',
      entityId: row.userId,
      userId: row.userId,
    });
    return { detail: AUTH_MESSAGES.emailChanged };
  }

  // ---- 2-step verification ------------------------------------------------------------------------------------------

  async twoFactorStatus(auth: AuthContext) {
    const [totp, practice] = await Promise.all([
      getTotp(this.db, auth.userId),
      this.db.select().from(practices).where(eq(practices.id, auth.practiceId)).limit(1),
    ]);
    return {
      enabled: Boolean(totp?.confirmedAt),
      required: Boolean(practice[0]?.requireTwoFactor),
      recoveryCodesLeft: totp?.confirmedAt ? await countRecoveryCodesLeft(this.db, auth.userId) : 0,
    };
  }

  async twoFactorEnrol(auth: AuthContext, password: string, request: FastifyRequest) {
    const account = await this.requirePassword(auth, password, 'password');
    const existing = await getTotp(this.db, auth.userId);
    if (existing?.confirmedAt) {
      throw conflict('2-step verification is already on. Turn it off first to move it to a new device.');
    }
    const secret = newTotpSecret();
    await this.db
      .insert(totpSecrets)
      .values({ userId: auth.userId, secret })
      .onConflictDoUpdate({ target: totpSecrets.userId, set: { secret, confirmedAt: null, lastStep: null } });
    await this.p.audit.record(request, { action: 'two_factor_enrol', entity: 'user', entityId: auth.userId });
    return { secret, otpauthUrl: otpauthUrl(secret, account.user.email) };
  }

  private async freshRecoveryCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(
      this.db,
      userId,
      codes.map((code) => hashToken(normaliseRecoveryCode(code))),
    );
    return codes;
  }

  async twoFactorConfirm(auth: AuthContext, code: string, request: FastifyRequest) {
    const totp = await getTotp(this.db, auth.userId);
    if (!totp) throw conflict('Start by setting up 2-step verification; then enter the code your app shows.');
    if (totp.confirmedAt) throw conflict('2-step verification is already on.');
    const step = matchTotp(totp.secret, code.replace(/\s+/g, ''));
    if (step === null) {
      await this.p.audit.record(request, {
        action: 'two_factor_confirm',
        entity: 'user',
        entityId: auth.userId,
        outcome: 'denied',
      });
      throw badRequest(AUTH_MESSAGES.badCode, { code: AUTH_MESSAGES.badCode });
    }
    await this.db
      .update(totpSecrets)
      .set({ confirmedAt: sql`now()`, lastStep: step })
      .where(eq(totpSecrets.userId, auth.userId));
    const codes = await this.freshRecoveryCodes(auth.userId);
    await this.p.audit.record(request, { action: 'two_factor_on', entity: 'user', entityId: auth.userId });
    return { recoveryCodes: codes };
  }

  async twoFactorDisable(auth: AuthContext, password: string, code: string, request: FastifyRequest) {
    await this.requirePassword(auth, password, 'password');
    const [practice] = await this.db.select().from(practices).where(eq(practices.id, auth.practiceId)).limit(1);
    if (practice?.requireTwoFactor) {
      throw forbidden('Your practice requires 2-step verification, so it cannot be turned off.');
    }
    await this.checkSecondFactor(auth.userId, code, request, 'two_factor_off');
    await this.db.delete(totpSecrets).where(eq(totpSecrets.userId, auth.userId));
    await replaceRecoveryCodes(this.db, auth.userId, []).catch(() => undefined);
    await this.p.audit.record(request, { action: 'two_factor_off', entity: 'user', entityId: auth.userId });
    return { detail: AUTH_MESSAGES.twoFactorOff };
  }

  async twoFactorRecoveryCodes(auth: AuthContext, password: string, request: FastifyRequest) {
    await this.requirePassword(auth, password, 'password');
    const totp = await getTotp(this.db, auth.userId);
    if (!totp?.confirmedAt) throw conflict('Turn 2-step verification on first.');
    const codes = await this.freshRecoveryCodes(auth.userId);
    await this.p.audit.record(request, { action: 'two_factor_recovery_codes', entity: 'user', entityId: auth.userId });
    return { recoveryCodes: codes };
  }

  // ---- sessions -----------------------------------------------------------------------------------------------------

  async listSessions(auth: AuthContext, request: FastifyRequest): Promise<{ items: SignedInSession[] }> {
    const rows = await activeSessions(this.db, auth.userId);
    await this.p.audit.record(request, { action: 'list_sessions', entity: 'user', entityId: auth.userId });
    return {
      items: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        current: row.id === auth.sessionId,
      })),
    };
  }

  async revokeSession(auth: AuthContext, id: string, request: FastifyRequest) {
    const rows = await activeSessions(this.db, auth.userId);
    if (!rows.some((row) => row.id === id)) throw notFound('That session was not found; it may have ended already.');
    await revokeFamily(this.db, id, 'revoked_by_user');
    await this.p.audit.record(request, { action: 'revoke_session', entity: 'session', entityId: id });
    return { detail: AUTH_MESSAGES.sessionRevoked };
  }

  async signOutEverywhere(auth: AuthContext, request: FastifyRequest) {
    await revokeUserFamilies(this.db, auth.userId, 'sign_out_everywhere');
    await this.p.audit.record(request, { action: 'sign_out_everywhere', entity: 'user', entityId: auth.userId });
    return { detail: AUTH_MESSAGES.signedOutEverywhere };
  }
}

/** Membership roles as stored. */
export type MemberRole = Role;
export const randomPassword = () => crypto.randomBytes(18).toString('base64url');
