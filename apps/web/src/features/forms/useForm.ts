import { isApiError } from '@halcyon/api/client';
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** Any schema with zod's `safeParse` (the contract's field schemas); the first issue's message is the field's error. */
export interface ParseableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } | undefined };
}

export type FieldValue = string | boolean;
export type Validator<V> = (value: FieldValue, values: V) => string | undefined;

/** A validator from a contract field schema, so the browser and the server give the same message. */
export function fromSchema<V>(schema: ParseableSchema): Validator<V> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error?.issues[0]?.message ?? 'Check this field.');
  };
}

export interface FormOptions<V extends Record<string, FieldValue>> {
  initialValues: V;
  validators: Partial<Record<keyof V & string, Validator<V>>>;
}

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
}

export interface CheckboxBinding {
  name: string;
  checked: boolean;
  error: string | undefined;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * The sign-in screen's form state, and only its: every other form uses `useContractForm` from `@halcyon/modals`.
 * /Login stays off react-hook-form because its `useForm` alone is 13.8 KB gzip and /Login must load within 90 KB
 * (QUALITY.md; with it, 101.6 KB). It validates as you type
 * once a field was left or the form was sent, shows the server's per-field messages beside their field until the
 * field changes, and keeps one form-level message for everything else.
 */
export function useForm<V extends Record<string, FieldValue>>({ initialValues, validators }: FormOptions<V>) {
  type Name = keyof V & string;
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const validate = useCallback(
    (all: V) => {
      const errors: Partial<Record<Name, string>> = {};
      for (const name of Object.keys(validators) as Name[]) {
        const message = validators[name]?.(all[name] as FieldValue, all);
        if (message) errors[name] = message;
      }
      return errors;
    },
    [validators],
  );
  const clientErrors = validate(values);

  const errorOf = (name: Name): string | undefined =>
    serverErrors[name] ?? (touched[name] || submitted ? clientErrors[name] : undefined);

  const setValue = (name: Name, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const field = (name: Name): FieldBinding => ({
    name,
    value: String(values[name] ?? ''),
    error: errorOf(name),
    onChange: (event) => setValue(name, event.target.value),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  const checkbox = (name: Name): CheckboxBinding => ({
    name,
    checked: values[name] === true,
    error: errorOf(name),
    onCheckedChange: (checked) => {
      setValue(name, checked);
      setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  /** Runs `action`; an ApiError's field messages go beside their fields, its message above the form. */
  const run = async (action: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setFormError(null);
    setServerErrors({});
    try {
      await action();
    } catch (error) {
      if (isApiError(error)) {
        const known = Object.keys(validators);
        const fields = Object.fromEntries(
          Object.entries(error.fieldErrors ?? {}).filter(([name]) => known.includes(name)),
        );
        setServerErrors(fields);
        if (Object.keys(fields).length === 0 || error.status !== 400) setFormError(error.message);
      } else {
        setFormError('Something went wrong. Please try again.');
        console.error(error);
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** Validates every field, then runs `action` with the values (see `run`); the first invalid field gets focus. */
  const handleSubmit = (action: (values: V) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const errors = validate(values);
    const first = Object.keys(errors)[0];
    if (first) {
      if (typeof document !== 'undefined') document.getElementsByName(first)[0]?.focus();
      return;
    }
    await run(() => action(values));
  };

  return { values, setValue, field, checkbox, handleSubmit, run, formError, setFormError, submitting };
}

const loadedRules = new WeakMap<() => Promise<unknown>, { promise: Promise<unknown>; value?: unknown }>();

/**
 * Field rules loaded on first use instead of with the page, for a first page that must stay light (the /Login entry):
 * `prepare()` (e.g. when the form first gets focus) loads them once per app; `rules` is null until they arrive, and the
 * form re-renders with them. A submit before then is still checked: the API client checks the body against the contract.
 */
export function useLazyRules<M>(load: () => Promise<M>): { rules: M | null; prepare: () => Promise<M> } {
  const [rules, setRules] = useState<M | null>(() => (loadedRules.get(load)?.value as M | undefined) ?? null);
  const prepare = useCallback(() => {
    let entry = loadedRules.get(load);
    if (!entry) {
      const created: { promise: Promise<unknown>; value?: unknown } = {
        promise: load().then((value) => (created.value = value)),
      };
      loadedRules.set(load, created);
      entry = created;
    }
    return (entry.promise as Promise<M>).then((value) => {
      setRules(value);
      return value;
    });
  }, [load]);
  return { rules, prepare };
}
