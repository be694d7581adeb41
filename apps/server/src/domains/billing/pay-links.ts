import type { Platform } from '../../platform/context';
import type { PayLinks } from './ledger';
import { activeAccount, issuePayLink } from './online';

/**
 * The ledger's pay-online links, from online payments (composition: the ledger and online payments know nothing of each
 * other): the practice takes card payments when its provider account is active, and each e-mail gets a new link.
 */
export function payLinksOf(platform: Pick<Platform, 'config'>): PayLinks {
  return {
    takesCardPayments: async (db, practiceId) =>
      (await activeAccount(db, practiceId, platform.config.PAYMENT_PROVIDER)) !== null,
    issue: (db, practiceId, invoiceId) => issuePayLink(db, platform.config, practiceId, invoiceId),
  };
}
