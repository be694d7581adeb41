import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { AuthContext } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { clients } from './schema';

export const CLIENT_NOT_FOUND = 'Client not found.';

/** A client id is a finite number greater than 0 (SPEC.md §5); anything else is "not found". */
export function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Number.isInteger(value) && value > 0;
}

/**
 * The client of the caller's practice, or 404: every per-client route loads the client through here first, so a client
 * of another practice is indistinguishable from one that does not exist.
 */
export async function clientOfPractice(db: Db, auth: AuthContext, clientId: number) {
  if (!isClientId(clientId)) throw notFound(CLIENT_NOT_FOUND);
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.practiceId, auth.practiceId)))
    .limit(1);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  return client;
}
