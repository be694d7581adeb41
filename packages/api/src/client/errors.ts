import type { z } from 'zod';

/** SPEC.md §8: no stored token, or the refresh was refused. */
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
/** SPEC.md §8: the refresh call itself failed (network). */
export const REFRESH_FAILED_MESSAGE = 'Failed to refresh session. Please log in again.';

/** SPEC.md §8: any other failed call without a server `detail`. */
export function fetchFailedMessage(path: string, status: number): string {
  return `Failed to fetch ${path}. Status: ${status}`;
}
/** SPEC.md §8: a failed upload. */
export function uploadFailedMessage(status: number): string {
  return `Failed to upload file. Status: ${status}`;
}
/** SPEC.md §8: a failed download. */
export function downloadFailedMessage(status: number): string {
  return `Failed to retrieve file. Status: ${status}`;
}

export interface ApiErrorOptions {
  /** Per-field messages (the server's `fields`, or the request body's zod issues). */
  fieldErrors?: Record<string, string>;
  /** The server's `detail`, when it sent one (also for uploads and downloads, whose message is fixed). */
  detail?: string;
  cause?: unknown;
}

/** The one error class of the client: an HTTP status (0 when the network failed) and a sentence a person can read. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  declare readonly fieldErrors?: Record<string, string>;
  declare readonly detail?: string;

  constructor(status: number, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    if (options.fieldErrors) this.fieldErrors = options.fieldErrors;
    if (options.detail !== undefined) this.detail = options.detail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a person reads when an upload fails: SPEC.md §8's "Failed to upload file. Status: {code}", then the server's
 * sentence that says what to do about it (a type it does not accept, a file too large, the storage full); any other
 * failure reads "The upload failed.".
 */
export function uploadFailureSentence(error: unknown): string {
  if (!isApiError(error)) return 'The upload failed.';
  return error.detail && error.detail !== error.message ? `${error.message} ${error.detail}` : error.message;
}

/** True for a call that was cancelled (by its caller, or because the person signed out) rather than one that failed. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Per-field messages from zod issues, keyed by dotted path (`request` for the whole value); first message wins. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'request';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The local 400 for a body that fails the route's schema, worded like the server's answer. */
export function invalidBodyError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const fieldErrors = fieldErrorsFromIssues(issues);
  const summary = Object.entries(fieldErrors)
    .slice(0, 3)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  return new ApiError(400, `Please check the request. ${summary}`, { fieldErrors });
}
