import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practices } from '../practice/schema';
import { users } from '../users/schema';
import { storageFolders } from '../workspace/storage/schema';

/**
 * A stored file's metadata; the bytes live in the storage (local disk or S3) under a server-made key. A file kept in the
 * practice's cloud storage has `in_cloud_storage` set and the folder it is in (`folder_id`, null at the top level); the
 * files other records own (a client's document, a receipt, a logo) do not, and are shown through those records.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    inCloudStorage: boolean('in_cloud_storage').notNull().default(false),
    // No cascade: deleting a folder deletes its files first, so their bytes are removed from the storage too.
    folderId: integer('folder_id').references(() => storageFolders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_practice_idx').on(t.practiceId),
    index('stored_files_cloud_idx')
      .on(t.practiceId, t.folderId, sql`lower(${t.name})`)
      .where(sql`${t.inCloudStorage}`),
    index('stored_files_folder_idx').on(t.folderId),
  ],
);
