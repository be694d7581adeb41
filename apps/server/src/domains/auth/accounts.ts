import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { emailTokens, memberships, practices, users } from '../../schema';

/**
 * Accounts by e-mail or id, and the single-use links e-mailed to them (validation, reset, invitation, e-mail change).
 */

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/** The account behind an e-mail address, with its membership and practice (one practice per user). */
export async function findAccountByEmail(db: Db, email: string) {
  const rows = await db
    .select({ user: users, membership: memberships, practice: practices })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(practices, eq(practices.id, memberships.practiceId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountById(db: Db, userId: number) {
  const rows = await db
    .select({ user: users, membership: memberships, practice: practices })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(practices, eq(practices.id, memberships.practiceId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertEmailToken(
  db: Db,
  values: {
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    userId?: number;
    invitationId?: number;
    newEmail?: string;
  },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/**
 * Uses a link's token once: marks it used if it is unused, unexpired and of this purpose, in one statement (two clicks
 * at
 * the same moment cannot both succeed). Returns the token row or null.
 */
export async function consumeEmailToken(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function peekEmailToken(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Earlier unused links of the same purpose stop working when a new one is sent. */
export async function expireEmailTokens(db: Db, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
