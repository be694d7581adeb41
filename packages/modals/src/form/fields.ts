import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

/**
 * The message at a path of a form's errors: a field's, or a whole list's (a rule over the list, not one row, which
 * react-hook-form keeps at the list's `root`).
 */
export function errorMessageAt(errors: FieldErrors, path: string): string | undefined {
  for (const at of [path, `${path}.root`]) {
    const error: unknown = get(errors, at);
    const message: unknown = error && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/** `register` for a date input (its min/max are ISO strings from `dateLimits`, never numbers). */
export function registerDate<T extends FieldValues>(register: UseFormRegister<T>, path: Path<T>) {
  const { min: _min, max: _max, ...rest } = register(path);
  return rest;
}

/** Plain text of a form's values, for "Copy my text" after a conflicting save. */
export function formAsText(values: unknown): string {
  return JSON.stringify(values, null, 2);
}
