import { isApiError } from '../client/errors';
import { listItems } from './rules';

/**
 * What a page shows for one read: `loading` (skeleton), `error` (a clear message and Retry), `empty` (what to do next) or
 * `ready` (the data). A failed read never stays a skeleton: it is `error` until a retry is under way.
 */
export type QueryView = 'loading' | 'error' | 'empty' | 'ready';

export interface QueryViewInput {
  data: unknown;
  error: unknown;
  isValidating?: boolean;
  /** The read is held (no input yet): it shows as loading. */
  held?: boolean;
}

/** Empty: `null` (a 404), an empty list (plain or `{ items }`), or `total: 0`. */
export function isEmptyData(data: unknown): boolean {
  if (data === null) return true;
  const items = listItems(data);
  return items !== undefined && items.length === 0;
}

export function queryView({ data, error, isValidating = false, held = false }: QueryViewInput): QueryView {
  if (error !== undefined && error !== null && !isValidating && !held) return 'error';
  if (data === undefined) return 'loading';
  return isEmptyData(data) ? 'empty' : 'ready';
}

/** SPEC.md §8 keeps the technical message for logs; a person reads one of these (the same on every page). */
export const LOAD_ERROR_MESSAGES = {
  offline: 'Halcyon could not reach the server. Check your connection, then try again.',
  forbidden: 'Your role does not give access to this. Ask an Admin of your practice if you need it.',
  signedOut: 'Your session has ended. Sign in again to carry on.',
  server: 'Something went wrong on our side. Nothing has been changed; try again in a moment.',
} as const;

/** The sentence a person reads when a read failed, by the kind of failure. */
export function loadErrorMessage(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 0) return LOAD_ERROR_MESSAGES.offline;
  if (status === 401) return LOAD_ERROR_MESSAGES.signedOut;
  if (status === 403) return LOAD_ERROR_MESSAGES.forbidden;
  return LOAD_ERROR_MESSAGES.server;
}

/** Whether trying again can help (not for a refused role or an ended session). */
export function canRetry(error: unknown): boolean {
  const status = isApiError(error) ? error.status : 0;
  return status !== 401 && status !== 403;
}
