import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DemoAccounts, Role } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import { appMeta, memberships, practices, users } from '../../platform/db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import { generatePractice } from './generator';

const DEMO_PASSWORD_KEY = 'demo_password';
/** A modest practice, so a new user sees a lived-in one (QUALITY.md); each domain's generator fills in its records. */
export const DEMO_CLIENTS = 40;

/**
 * Demo mode only (HALCYON_DEMO=true): when the database has no practice yet, creates the demo practice with an Admin, a
 * Therapist and an Assistant sharing one password, kept in app_meta so the login screen can list it. Production start never
 * calls this.
 */
export async function seedDemoPractice(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(practices);
  if (n > 0) return false;
  const password = `demo-${crypto.randomBytes(6).toString('hex')}`;
  await generatePractice(db, {
    clients: DEMO_CLIENTS,
    seed: 1,
    passwordHash: await hashPassword(password),
    emailDomain: 'demo.halcyon.app',
    demo: true,
    name: 'Halcyon Demo Practice',
    // The demo's diary is current: sessions up to yesterday have taken place, today's and later ones are scheduled.
    today: new Date(),
  });
  await db
    .insert(appMeta)
    .values({ key: DEMO_PASSWORD_KEY, value: password })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: password } });
  return true;
}

const ORDER: Role[] = ['Admin', 'Therapist', 'Assistant'];

/** The demo sign-ins for the login screen, or null when there is no demo practice. */
export async function demoAccounts(db: Db): Promise<DemoAccounts | null> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_PASSWORD_KEY)).limit(1);
  if (!meta) return null;
  const rows = await db
    .select({ email: users.email, role: memberships.role, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(practices, eq(practices.id, memberships.practiceId))
    .where(and(eq(practices.isDemo, true), eq(memberships.status, 'active'), inArray(memberships.role, ORDER)))
    .orderBy(memberships.id);
  return {
    password: meta.value,
    accounts: rows
      .map((row) => ({ email: row.email, role: row.role, first_name: row.firstName, last_name: row.lastName }))
      .sort((a, b) => ORDER.indexOf(a.role) - ORDER.indexOf(b.role)),
  };
}
