import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { practiceDetails, practices } from '../../schema';
import type { Brand } from './mail';

/** The practice's name, logo and time zone, as its documents and e-mails to clients show them. */
export async function practiceBrand(db: Db, practiceId: number): Promise<Brand & { timeZone: string }> {
  const [row] = await db
    .select({ name: practices.name, logoUrl: practices.logoUrl, timeZone: practiceDetails.timeZone })
    .from(practices)
    .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
    .where(eq(practices.id, practiceId))
    .limit(1);
  return {
    name: row?.name ?? 'Your practice',
    logoUrl: row?.logoUrl ?? null,
    timeZone: row?.timeZone ?? 'Europe/London',
  };
}
