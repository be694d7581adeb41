import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from '../../files/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

/**
 * What the practice spent (Billing > Expenses): the day, a category, the supplier, the amount before tax in minor units
 * of its currency, the tax rate in basis points and the tax it makes (money's one rounding rule, stored so the books and
 * the exports read one figure), and the receipt (a stored file, at most one expense's). `version` guards concurrent edits.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    spentOn: date('spent_on').notNull(),
    category: text('category').notNull(),
    supplier: text('supplier').notNull(),
    description: text('description').notNull().default(''),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    receiptFileId: uuid('receipt_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expenses_practice_date_idx').on(t.practiceId, t.spentOn.desc(), t.id.desc()),
    uniqueIndex('expenses_receipt_idx')
      .on(t.receiptFileId)
      .where(sql`${t.receiptFileId} is not null`),
    check('expenses_amount_positive', sql`${t.amountMinor} > 0`),
    check('expenses_tax_rate_range', sql`${t.taxRateBp} between 0 and 10000`),
  ],
);
