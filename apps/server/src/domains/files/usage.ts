import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';

/** The storage allowance of a practice without a plan of its own (the default plan's). */
export const DEFAULT_STORAGE_LIMIT_BYTES = 20 * 1024 ** 3;

export interface PracticeStorage {
  /** Every stored file of the practice: documents, cloud-storage files, receipts, evidence, logos, photos. */
  usedBytes: number;
  limitBytes: number;
}

/**
 * The storage a practice uses against its plan's allowance, in one statement. The one query behind every figure of it:
 * the Subscription settings page, the Cloud-storage page and the upload's allowance check.
 */
export async function practiceStorage(db: Db, practiceId: number): Promise<PracticeStorage> {
  const [row] = await rowsOf<{ used: string | number | null; limit: string | number | null }>(
    db,
    sql`select (select coalesce(sum(f.size), 0)::bigint from stored_files f where f.practice_id = ${practiceId}) as used,
               (select s.storage_limit_bytes from practice_subscriptions s where s.practice_id = ${practiceId}) as limit`,
  );
  return {
    usedBytes: Number(row?.used ?? 0),
    limitBytes: row?.limit === null || row?.limit === undefined ? DEFAULT_STORAGE_LIMIT_BYTES : Number(row.limit),
  };
}
