import { z } from 'zod';
import { ALL_ROLES, defineRoutes } from '../route';
import {
  cappedPageOf,
  idParam,
  messageSchema,
  multiQuery,
  optionalTextOf,
  pageQueryField,
  pageSizeQueryField,
  text,
} from './common';
import { currencyField } from './account';
import { storedFileSchema } from './files';
import { DATE_RANGES, dateInRange, dateOrder, optionalDateInRange } from '../dates';
import { AMOUNT_MINOR_MAX, TAX_RATE_BP_MAX } from '../../money';

/**
 * The practice's expenses (SPEC.md §3, §7; CATALOG.md Billing, modal `expense`): what the practice spent (date, category,
 * supplier, amount before tax in minor units with its currency, tax rate in basis points, and the receipt, a file uploaded
 * with POST /api/files first), for its own books and the accountant's export. Billing is open to every role (SPEC.md §6);
 * an expense holds nothing clinical.
 */

// ---- vocabularies ---------------------------------------------------------------------------------------------------

export const EXPENSE_CATEGORIES = [
  'rooms',
  'supervision',
  'training',
  'insurance',
  'memberships',
  'travel',
  'equipment',
  'office',
  'marketing',
  'bank fees',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABELS: Readonly<Record<ExpenseCategory, string>> = {
  rooms: 'Rooms and rent',
  supervision: 'Supervision',
  training: 'Training and CPD',
  insurance: 'Professional insurance',
  memberships: 'Memberships and registration',
  travel: 'Travel',
  equipment: 'Equipment and software',
  office: 'Office and stationery',
  marketing: 'Marketing',
  'bank fees': 'Bank and card fees',
  other: 'Other',
};

export const EXPENSE_TEXT_MAX = { supplier: 120, description: 500, search: 120 } as const;

/** What a receipt may be, checked against the type the server read from the file's content. */
export const RECEIPT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** What the server answers and the form and the Expenses tab say (the deletion sentence is SPEC.md §8's). */
export const EXPENSE_MESSAGES = {
  notFound: 'Expense not found.',
  created: 'Expense created.',
  updated: 'Expense updated.',
  deleted: 'Expense was successfully deleted.',
  changed:
    'This expense was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  receiptMissing: 'The receipt file was not found. Upload it again.',
  receiptType: 'Attach the receipt as a PDF or an image (PNG, JPEG, WebP or GIF).',
  receiptInUse: 'This file is already the receipt of another expense. Upload it again to attach it here.',
  amountMissing: 'Enter the amount.',
  amountNegative: 'The amount cannot be negative. Enter what was paid, before tax.',
  amountZero: 'Enter an amount above zero.',
  amountTooLarge: 'The amount is too large. Check it, or split the expense.',
  taxMissing: 'Enter the tax rate (0 when there was none).',
  taxWhole: 'Enter the tax rate to at most two decimals, such as 20 or 12.5.',
  taxNegative: 'The tax rate cannot be negative.',
  taxTooHigh: 'The tax rate cannot be more than 100%.',
} as const;

// ---- fields ---------------------------------------------------------------------------------------------------------

/** The day the money was spent: up to today, at most ten years back. */
export const EXPENSE_DATE_RANGE = DATE_RANGES.happened;

const amountField = z
  .number({ error: EXPENSE_MESSAGES.amountMissing })
  .int('Enter the amount in whole pence or cents.')
  .min(0, EXPENSE_MESSAGES.amountNegative)
  .min(1, EXPENSE_MESSAGES.amountZero)
  .max(AMOUNT_MINOR_MAX, EXPENSE_MESSAGES.amountTooLarge);

/** A tax rate in basis points (2000 = 20%), 0 to 100%. */
const taxRateField = z
  .number({ error: EXPENSE_MESSAGES.taxMissing })
  .int(EXPENSE_MESSAGES.taxWhole)
  .min(0, EXPENSE_MESSAGES.taxNegative)
  .max(TAX_RATE_BP_MAX, EXPENSE_MESSAGES.taxTooHigh);

const categoryField = z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category from the list.' });

const receiptFileField = z
  .uuid({ error: 'Upload the receipt again.' })
  .nullish()
  .transform((value) => value ?? null);

const expenseFields = {
  date: dateInRange('the date', EXPENSE_DATE_RANGE),
  category: categoryField,
  supplier: text({ error: 'Enter who was paid.' })
    .trim()
    .min(1, 'Enter who was paid.')
    .max(EXPENSE_TEXT_MAX.supplier, `Use at most ${EXPENSE_TEXT_MAX.supplier} characters for the supplier.`),
  description: optionalTextOf(EXPENSE_TEXT_MAX.description),
  amountMinor: amountField,
  currency: currencyField,
  taxRateBp: taxRateField,
  /** A file uploaded with POST /api/files (a PDF or an image); null for none. */
  receiptFileId: receiptFileField,
};

// ---- responses ------------------------------------------------------------------------------------------------------

export const expenseSchema = z.object({
  id: z.number(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  supplier: z.string(),
  description: z.string(),
  /** Before tax, in minor units of `currency`. */
  amountMinor: z.number(),
  currency: z.string(),
  taxRateBp: z.number(),
  /** `amountMinor` at `taxRateBp`, by money's one rounding rule. */
  taxMinor: z.number(),
  totalMinor: z.number(),
  /** The receipt: download it with `downloadFile` (`/api/files/{id}`). */
  receipt: storedFileSchema.nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseDetailsSchema = expenseSchema.extend({
  /** The team member who recorded it, and who last changed it (null: no longer on the team). */
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type ExpenseDetails = z.infer<typeof expenseDetailsSchema>;

export const expenseListSchema = cappedPageOf(expenseSchema).extend({
  /** The practice's currency, which a new expense starts in (every role reads it here, not in the settings). */
  currency: z.string(),
});
export type ExpenseList = z.infer<typeof expenseListSchema>;

// ---- requests -------------------------------------------------------------------------------------------------------

export const createExpenseBodySchema = z.strictObject(expenseFields);
export type CreateExpenseBody = z.input<typeof createExpenseBodySchema>;

export const updateExpenseBodySchema = z.strictObject({
  ...expenseFields,
  version: z.number({ error: 'Reload and try again.' }).int('Reload and try again.').min(1, 'Reload and try again.'),
});
export type UpdateExpenseBody = z.input<typeof updateExpenseBodySchema>;

export const listExpensesQuerySchema = z
  .strictObject({
    page: pageQueryField,
    pageSize: pageSizeQueryField(),
    from: optionalDateInRange('the first day', DATE_RANGES.report),
    to: optionalDateInRange('the last day', DATE_RANGES.report),
    category: multiQuery(EXPENSE_CATEGORIES, 'Choose a category from the list.'),
    /** Matches the supplier or the description (any word, case-insensitive). */
    search: text({ error: 'Enter the search as text.' })
      .max(EXPENSE_TEXT_MAX.search, `Search with at most ${EXPENSE_TEXT_MAX.search} characters.`)
      .transform((value) => value.trim())
      .optional(),
  })
  .refine(...dateOrder('to', 'the last day', 'from', 'the first day'));
export type ListExpensesQuery = z.input<typeof listExpensesQuerySchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });

export const expensesRoutes = defineRoutes({
  listExpenses: {
    method: 'GET',
    path: '/api/billing-payment/expenses',
    summary: "The practice's expenses, newest first: one page, by date range, category and supplier",
    access: ALL_ROLES,
    query: listExpensesQuerySchema,
    response: expenseListSchema,
  },
  getExpense: {
    method: 'GET',
    path: '/api/billing-payment/expense/:id',
    summary: 'One expense',
    access: ALL_ROLES,
    params: idParams,
    response: expenseSchema,
  },
  getExpenseDetails: {
    method: 'GET',
    path: '/api/billing-payment/expense-details/:id',
    summary: 'One expense with who recorded and changed it',
    access: ALL_ROLES,
    params: idParams,
    response: expenseDetailsSchema,
  },
  createExpense: {
    method: 'POST',
    path: '/api/billing-payment/expenses',
    summary: 'Record an expense (its receipt uploaded first with POST /api/files: a PDF or an image)',
    access: ALL_ROLES,
    body: createExpenseBodySchema,
    response: expenseSchema,
  },
  updateExpense: {
    method: 'PUT',
    path: '/api/billing-payment/expense/:id',
    summary: 'Change an expense (send its version; a stale one answers 409)',
    access: ALL_ROLES,
    params: idParams,
    body: updateExpenseBodySchema,
    response: expenseSchema,
  },
  deleteExpense: {
    method: 'DELETE',
    path: '/api/billing-payment/expense/:id',
    summary: 'Delete an expense and its receipt',
    access: ALL_ROLES,
    params: idParams,
    response: messageSchema,
  },
});
