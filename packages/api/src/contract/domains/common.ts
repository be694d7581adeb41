import { z } from 'zod';
import { AMOUNT_MINOR_MAX } from '../../money';
import { PASSWORD_MAX, PASSWORD_MIN } from './credentials';

/**
 * The one text rule (issue 12): text a person types is refused, with one message, when it holds a control character
 * (NUL and the rest of C0, DEL, C1) or a bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069). PostgreSQL text
 * cannot hold NUL at all, and the others hide or reorder what a reader sees. `text()` is one line (no tab or line break);
 * `longText()` is several lines (tab and line breaks allowed). Every text field of the contract starts from one of them.
 */
export const TEXT_CONTROL_MESSAGE = 'Remove the invisible control character from this text.';
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const SEVERAL_LINES = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$/;

/** Fields of more than this many characters are written in a text area, so they may hold several lines. */
export const ONE_LINE_MAX = 200;

/** The text rule for a field of at most `max` characters: one line up to ONE_LINE_MAX, several lines beyond it. */
export function textOf(max: number, params?: { error?: string }) {
  return max > ONE_LINE_MAX ? longText(params) : text(params);
}

/** One line of text under the text rule; chain `.trim()`, `.min()`, `.max()` as for `z.string()`. */
export function text(params?: { error?: string }) {
  return z.string(params).regex(ONE_LINE, TEXT_CONTROL_MESSAGE);
}

/** Several lines of text (notes, descriptions) under the text rule: tab and line breaks are allowed. */
export function longText(params?: { error?: string }) {
  return z.string(params).regex(SEVERAL_LINES, TEXT_CONTROL_MESSAGE);
}

/** A required one-line (or, past ONE_LINE_MAX, several-line) text of at most `max` characters; `missing` when empty. */
export function requiredTextOf(max: number, missing: string) {
  return textOf(max, { error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

/** An optional text of at most `max` characters: left out, it is the empty string. */
export function optionalTextOf(max: number) {
  return textOf(max, { error: 'Enter text.' })
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');
}

/** Fields shared by the auth, users and practice contracts. Messages are sentences a person can act on. */
export { emailField, currentPasswordField, PASSWORD_MIN, PASSWORD_MAX } from './credentials';

export const passwordField = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const nameField = text({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(100, 'Use at most 100 characters.');

/** An opaque token from a link or a previous answer. */
export const tokenField = text({ error: 'The token is missing.' })
  .min(1, 'The token is missing.')
  .max(512, 'The token is not valid.');

/** A number in a path or a query string is decimal digits only: `0x10`, `1e1`, ` 16`, `016` and `16.0` are not 16. */
export function decimal<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && !/^(?:0|[1-9][0-9]*)$/.test(value) ? Number.NaN : value),
    schema,
  );
}

/** The largest whole number a stored id or version holds (a PostgreSQL integer). */
export const INT_MAX = 2_147_483_647;

/**
 * The id of a record named in a query string (`?clientId=12`): decimal digits of a whole number from 1 to the largest
 * stored id, else refused with `message` ("Choose a client.").
 */
export function queryIdField(message: string) {
  return decimal(z.coerce.number({ error: message }).int(message).positive(message).max(INT_MAX, message));
}

/**
 * The version of a record a write was made against (optimistic concurrency, QUALITY.md reliability): a whole number the
 * server gave. Anything else, or a number larger than a stored version can be, is refused with `message`.
 */
export function versionField(message: string, min = 1) {
  return z.number({ error: message }).int(message).min(min, message).max(INT_MAX, message);
}

/**
 * The id of a record named in a body (a client, a therapist, a template): a whole number from 1 to the largest stored id.
 * Anything else is refused with `message`, which says what to choose ("Choose a client."), so a bad id never reaches the
 * database as an out-of-range integer.
 */
export function idField(message: string) {
  return versionField(message, 1);
}

/** A numeric id in a path: a whole number greater than 0, written in decimal digits (SPEC.md §5). */
export const idParam = decimal(
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be greater than 0')
    .max(INT_MAX, 'is too large'),
);

/** A repeated query key (`status=active&status=waitlist`) or a comma-separated one (`status=active,waitlist`). */
export function multiQuery<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (value: unknown): unknown[] | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
      return list
        .flatMap((item): unknown[] => (typeof item === 'string' ? item.split(',') : [item]))
        .map((item): unknown => (typeof item === 'string' ? item.trim() : item))
        .filter((item) => item !== '');
    },
    z.array(z.enum(values, { error: message })).optional(),
  );
}

/** A list answers this many rows a page unless asked for another size, and never more than PAGE_SIZE_MAX. */
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

/** The page of a paged list (`?page=2`), from 1. */
export const pageQueryField = z.coerce
  .number({ error: 'The page must be a number.' })
  .int('The page must be a whole number.')
  .min(1, 'The page must be 1 or more.')
  .max(100_000, 'The page is too large.')
  .default(1);

/** The rows a page of a paged list holds (`?pageSize=50`). */
export function pageSizeQueryField(fallback = PAGE_SIZE_DEFAULT, max = PAGE_SIZE_MAX) {
  return z.coerce
    .number({ error: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be 1 or more.')
    .max(max, `The page size must be at most ${max}.`)
    .default(fallback);
}

/** A paginated answer: one page of items, the total count over every page, and the page asked for. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

/**
 * A page of a list whose total is counted only so far past the page (a page costs what a page costs, never a count over
 * the whole practice): `total` is exact unless `totalCapped`, and then there are more than `total`.
 */
export function cappedPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ totalCapped: z.boolean() });
}

export const messageSchema = z.object({ detail: z.string() });
export type Message = z.infer<typeof messageSchema>;

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** The text with its first letter upper-cased (a field's name at the start of a message). */
export function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** A whole number of minor units from `min` up to AMOUNT_MINOR_MAX; `what` names the field in its messages. */
export function amountMinorField(what: string, min = 0) {
  return z
    .number({ error: `Enter ${what}.` })
    .int(`Enter ${what} in whole pence or cents.`)
    .min(min, min > 0 ? `Enter ${what} above zero.` : `${capitalise(what)} cannot be negative.`)
    .max(AMOUNT_MINOR_MAX, `${capitalise(what)} is too large.`);
}
