import { and, eq, sql } from 'drizzle-orm';
import {
  countryCodeOf,
  ONBOARDING_NOT_STARTED,
  ONLINE_PAYMENT_MESSAGES,
  PAY_LINK_DAYS,
  type OnlinePaymentAccountStatus,
  type OnlinePaymentDetails,
  type OnlinePaymentStatus,
  type OnboardingStatus,
  type PaymentProviderName,
  type UpdateOnlinePaymentDetailsBody,
} from '@halcyon/api/contract';
import type { z } from 'zod';
import type { updateOnlinePaymentDetailsBodySchema } from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { publicBaseUrl } from '../../../platform/config';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { HttpError, conflict } from '../../../platform/errors';
import { practiceDetails } from '../../account/schema';
import { practices } from '../../practice/schema';
import { ProviderUnavailableError, type PaymentProvider, type ProviderAccount } from './provider';
import { onlinePaymentAccounts } from './schema';

type DetailsBody = z.output<typeof updateOnlinePaymentDetailsBodySchema>;
export type AccountRow = typeof onlinePaymentAccounts.$inferSelect;

/** The provider could not be reached: 503 with a sentence (the cause goes to the log). */
export function providerDown(request: { log: { warn: (obj: object, msg: string) => void } }, error: unknown): never {
  if (error instanceof ProviderUnavailableError) {
    request.log.warn({ err: error }, 'payment provider unavailable');
    throw new HttpError(503, ONLINE_PAYMENT_MESSAGES.providerDown);
  }
  throw error;
}

/** The status an account's facts make: details missing (pending), taking payments (active), or held back (restricted). */
export function statusOf(account: ProviderAccount): OnlinePaymentStatus {
  if (!account.detailsSubmitted) return 'pending';
  return account.chargesEnabled ? 'active' : 'restricted';
}

/**
 * The practice's account with the configured provider, or undefined. An account opened with another provider (the
 * configuration changed since) counts as none: it cannot take payments here.
 */
export async function accountOf(
  db: Db,
  practiceId: number,
  provider: PaymentProviderName,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(onlinePaymentAccounts)
    .where(eq(onlinePaymentAccounts.practiceId, practiceId))
    .limit(1);
  return row && row.provider === provider ? row : undefined;
}

/** The account when the practice takes card payments on its invoices now (active, pay links switched on), else null. */
export async function activeAccount(
  db: Db,
  practiceId: number,
  provider: PaymentProviderName,
): Promise<(AccountRow & { accountId: string }) | null> {
  const row = await accountOf(db, practiceId, provider);
  return row && row.status === 'active' && row.acceptCardPayments && row.accountId !== null
    ? { ...row, accountId: row.accountId }
    : null;
}

const accountFacts = (account: ProviderAccount) => ({
  status: statusOf(account),
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  detailsSubmitted: account.detailsSubmitted,
  requirements: account.requirements,
  checkedAt: new Date(),
  updatedAt: new Date(),
});

/**
 * Settings > Online-payments: the onboarding status (SPEC.md §2, §4), the account as the provider sees it, the
 * practice's settings, connecting (the provider's onboarding page) and disconnecting.
 */
export class OnlinePaymentAccounts {
  private readonly db: Db;

  constructor(
    private readonly p: Platform,
    private readonly provider: PaymentProvider,
  ) {
    this.db = p.database.db;
  }

  async onboardingStatus(auth: AuthContext): Promise<OnboardingStatus> {
    const row = await accountOf(this.db, auth.practiceId, this.provider.name);
    return { status: row?.accountId ? row.status : ONBOARDING_NOT_STARTED };
  }

  /** Asks the provider afresh (and keeps what it said); 503 when it cannot be reached. */
  async accountStatus(
    auth: AuthContext,
    request: Parameters<typeof providerDown>[0],
  ): Promise<OnlinePaymentAccountStatus> {
    let row = await accountOf(this.db, auth.practiceId, this.provider.name);
    if (row?.accountId) {
      const account = await this.provider.accountStatus(row.accountId).catch((error) => providerDown(request, error));
      row = await this.save(auth.practiceId, { accountId: row.accountId, ...accountFacts(account) });
    }
    return {
      status: row?.accountId ? (row.status as OnlinePaymentStatus) : ONBOARDING_NOT_STARTED,
      provider: this.provider.name,
      accountId: row?.accountId ?? null,
      chargesEnabled: row?.chargesEnabled ?? false,
      payoutsEnabled: row?.payoutsEnabled ?? false,
      detailsSubmitted: row?.detailsSubmitted ?? false,
      requirements: row?.requirements ?? [],
      connectedAt: row?.connectedAt?.toISOString() ?? null,
      checkedAt: row?.checkedAt?.toISOString() ?? null,
    };
  }

  async details(auth: AuthContext): Promise<OnlinePaymentDetails> {
    const row = await accountOf(this.db, auth.practiceId, this.provider.name);
    return {
      provider: this.provider.name,
      acceptCardPayments: row?.acceptCardPayments ?? true,
      payLinkDays: row?.payLinkDays ?? PAY_LINK_DAYS.default,
      version: row?.version ?? 0,
    };
  }

  async updateDetails(
    auth: AuthContext,
    body: DetailsBody | UpdateOnlinePaymentDetailsBody,
  ): Promise<OnlinePaymentDetails> {
    const row = await accountOf(this.db, auth.practiceId, this.provider.name);
    if ((row?.version ?? 0) !== body.version) throw conflict(ONLINE_PAYMENT_MESSAGES.detailsChanged);
    const values = { acceptCardPayments: body.acceptCardPayments, payLinkDays: body.payLinkDays };
    const saved = row
      ? await this.db
          .update(onlinePaymentAccounts)
          .set({ ...values, version: sql`${onlinePaymentAccounts.version} + 1`, updatedAt: new Date() })
          .where(
            and(eq(onlinePaymentAccounts.practiceId, auth.practiceId), eq(onlinePaymentAccounts.version, body.version)),
          )
          .returning()
      : await this.db
          .insert(onlinePaymentAccounts)
          .values({ practiceId: auth.practiceId, provider: this.provider.name, ...values })
          .onConflictDoNothing()
          .returning();
    if (saved.length === 0) throw conflict(ONLINE_PAYMENT_MESSAGES.detailsChanged);
    return this.details(auth);
  }

  /**
   * Opens the practice's account with the provider (or continues its onboarding) and answers the provider's page; the
   * provider sends the browser back to /Settings/Online-payments-return, or to -error when its link has expired.
   */
  async startOnboarding(auth: AuthContext, request: Parameters<typeof providerDown>[0]): Promise<{ url: string }> {
    const row = await accountOf(this.db, auth.practiceId, this.provider.name);
    const [practice] = await this.db
      .select({ name: practices.name, email: practiceDetails.contactEmail, country: practiceDetails.country })
      .from(practices)
      .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
      .where(eq(practices.id, auth.practiceId))
      .limit(1);
    const base = publicBaseUrl(this.p.config);
    const link = await this.provider
      .createOnboardingLink({
        accountId: row?.accountId ?? null,
        practice: {
          id: auth.practiceId,
          name: practice?.name ?? 'Practice',
          email: practice?.email ?? null,
          country: countryCodeOf(practice?.country),
        },
        returnUrl: `${base}/Settings/Online-payments-return`,
        refreshUrl: `${base}/Settings/Online-payments-error`,
      })
      .catch((error) => providerDown(request, error));
    const account = await this.provider.accountStatus(link.accountId).catch((error) => providerDown(request, error));
    await this.save(auth.practiceId, {
      accountId: link.accountId,
      ...accountFacts(account),
      ...(row?.accountId ? {} : { connectedAt: new Date() }),
    });
    return { url: link.url };
  }

  /** Forgets the account: pay links stop working at once; the payments it took stay in the ledger. */
  async disconnect(auth: AuthContext): Promise<{ detail: string }> {
    await this.db
      .update(onlinePaymentAccounts)
      .set({
        accountId: null,
        status: ONBOARDING_NOT_STARTED,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        requirements: [],
        connectedAt: null,
        checkedAt: null,
        version: sql`${onlinePaymentAccounts.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(onlinePaymentAccounts.practiceId, auth.practiceId));
    return { detail: ONLINE_PAYMENT_MESSAGES.disconnected };
  }

  /** The provider said the account changed (a webhook): keep what it says. */
  async accountUpdated(accountId: string, account: ProviderAccount, db: Db = this.db): Promise<number | null> {
    const [row] = await db
      .update(onlinePaymentAccounts)
      .set(accountFacts(account))
      .where(
        and(eq(onlinePaymentAccounts.provider, this.provider.name), eq(onlinePaymentAccounts.accountId, accountId)),
      )
      .returning({ practiceId: onlinePaymentAccounts.practiceId });
    return row?.practiceId ?? null;
  }

  /** Writes the account's facts (the row is made on first use, the practice's settings at their defaults). */
  private async save(
    practiceId: number,
    values: Partial<typeof onlinePaymentAccounts.$inferInsert> & { accountId: string },
  ): Promise<AccountRow> {
    const [row] = await this.db
      .insert(onlinePaymentAccounts)
      .values({ practiceId, provider: this.provider.name, ...values })
      .onConflictDoUpdate({
        target: onlinePaymentAccounts.practiceId,
        set: { provider: this.provider.name, ...values },
      })
      .returning();
    return row!;
  }
}
