import { ApiError } from '@halcyon/api/client';

/** What a form says above itself when a body it built fails the contract: the details are beside the fields. */
export const CHECK_FIELDS = 'Some details need fixing: see the highlighted fields.';

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];
type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: Issues } };

/**
 * A request body a form built from its own fields (a date and a time become `startsAt`), checked by the contract's
 * schema before it is sent: the parsed body, or a 400 `ApiError` whose field messages `useContractForm` puts beside the
 * form's fields (`fieldOf` maps a body path, e.g. `recurrence.count`, or its first part, to the form field).
 */
export function parseBody<T>(result: SafeParse<T>, fieldOf: Readonly<Record<string, string>>): T {
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf[issue.path.map(String).join('.')] ?? fieldOf[String(issue.path[0])];
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  throw new ApiError(400, CHECK_FIELDS, { fieldErrors });
}
