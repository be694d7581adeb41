import type { Db } from '../../../platform/db';
import { DAY } from '../../../platform/db/generate-helpers';
import { onlinePaymentAccounts } from './schema';

/**
 * The demo practice takes card payments through the sandbox provider (onboarded two months before `base`), so its
 * invoices carry pay links and a client's payment can be tried end to end; no real money moves.
 */
export async function generateOnlinePayments(db: Db, practiceId: number, base: number): Promise<void> {
  const at = new Date(base - 60 * DAY);
  await db.insert(onlinePaymentAccounts).values({
    practiceId,
    provider: 'sandbox',
    accountId: `acct_sandbox_demo${practiceId}`,
    status: 'active',
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    connectedAt: at,
    checkedAt: at,
    updatedAt: at,
  });
}
