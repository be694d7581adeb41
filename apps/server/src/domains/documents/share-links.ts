import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { clientShares } from './schema';

/**
 * Ends at once the e-mailed download links (send-to-client) of one document, or of every document sent to one client.
 * Un-sharing a document, revoking the client's portal access and deleting the document all withdraw what the client was
 * given, so a link in an old e-mail must stop working then, not when its days are up. A link ends by its `expires_at`
 * moving to now: the link then answers like an expired one, and sharing the document again does not revive it (a new
 * send makes a new link). Pass the transaction of the change that withdraws the access, so both happen or neither.
 */
export async function endShareLinks(
  db: Db,
  practiceId: number,
  of: { documentId: number } | { clientId: number },
): Promise<void> {
  const now = new Date();
  await db
    .update(clientShares)
    .set({ expiresAt: now, updatedAt: now })
    .where(
      and(
        eq(clientShares.practiceId, practiceId),
        'documentId' in of ? eq(clientShares.documentId, of.documentId) : eq(clientShares.clientId, of.clientId),
        isNotNull(clientShares.tokenHash),
        gt(clientShares.expiresAt, now),
      ),
    );
}
