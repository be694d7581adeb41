import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

/**
 * A folder of the practice's cloud storage, at the top level (`parent_id` null) or inside another. Names are unique
 * within a folder, ignoring case. The files a folder holds are stored files with its id (`stored_files.folder_id`).
 */
export const storageFolders = pgTable(
  'storage_folders',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => storageFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_folders_name_uq').on(t.practiceId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('storage_folders_parent_idx').on(t.parentId),
  ],
);
