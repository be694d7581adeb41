import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { recoveryCodes, totpSecrets } from '../../schema';

/** 2-step verification records: the TOTP secret with its last used step, and the recovery codes (hashed). */

export async function getTotp(db: Db, userId: number) {
  const rows = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Records the step of a used code, only if it is later than the last one (a code works once). */
export async function useTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), sql`(${totpSecrets.lastStep} is null or ${totpSecrets.lastStep} < ${step})`),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length > 0;
}

export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ used: true, usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), eq(recoveryCodes.used, false)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.used, false)));
  return rows[0]?.n ?? 0;
}
