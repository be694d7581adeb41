import type { Platform } from '../../platform/context';
import type { PayLinks } from './ledger';
import { issuePayLink } from './online';

/**
 * The ledger's pay-online links, from online payments (composition: the ledger knows nothing of online payments): null
 * when the practice takes no card payments now; a link is shown again while it has time left (online/pay.ts).
 */
export function payLinksOf(platform: Pick<Platform, 'config' | 'tokens'>): PayLinks {
  return {
    issue: (db, practiceId, invoiceId) => issuePayLink(db, platform, practiceId, invoiceId),
  };
}
