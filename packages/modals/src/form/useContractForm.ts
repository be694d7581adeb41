import type { zodResolver as ZodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@halcyon/api/client';
import { useCallback, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import { errorMessageAt } from './fields';

/** A zod schema from `@halcyon/api/contract` (zod or zod/mini): it parses the form's values (`Input`) to `Output`. */
export type ContractFormSchema<Input extends FieldValues, Output> = $ZodType<Output, Input>;

/** The hook's answer for a form on this contract schema (for field groups that take the form as a prop). */
export type ContractFormOf<Schema extends $ZodType> =
  input<Schema> extends FieldValues ? UseContractFormReturn<input<Schema>, output<Schema>> : never;

/**
 * The form's rules: a contract schema, or a loader of one for a first page that must stay light (the schema then loads
 * on the first check); `null` for a form without one.
 */
export type ContractFormRules<Input extends FieldValues, Output> =
  ContractFormSchema<Input, Output> | (() => Promise<ContractFormSchema<Input, Output>>) | null;

export interface UseContractFormOptions<Input extends FieldValues, Output, Result> extends Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver' | 'defaultValues' | 'values'
> {
  /** The starting values (the form's types come from the schema, never from these). */
  defaultValues?: NoInfer<DefaultValues<Input>>;
  /** Values that replace the form's once they are known (e.g. a record loaded after the modal opened). */
  values?: NoInfer<Input>;
  /** Saves the parsed values, e.g. `client.call(route, { body: values })`. A rejection keeps the input, with its message. */
  submit: (values: Output) => Promise<Result>;
  /** Runs after a save: banner, navigation, closing a modal. A throw shows as a failed save. */
  onSuccess?: (result: Result) => void | Promise<void>;
}

/** What a design-system field spreads: `register`'s binding and the field's message. */
export interface ContractFieldBinding extends UseFormRegisterReturn {
  error: string | undefined;
}

export interface UseContractFormReturn<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  /** `{...field('email')}` on a TextField, TextArea or PasswordField: registered (with `options`), with its message. */
  field: (name: FieldPath<Input>, options?: RegisterOptions<Input, FieldPath<Input>>) => ContractFieldBinding;
  /** The message at a path of the form (a field, a row of a list, a whole list), if any. */
  errorOf: (name: FieldPath<Input>) => string | undefined;
  /** The form's submit handler: checks the schema, then saves (see `submit`). */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Runs another save with the same busy state and error handling (e.g. a demo sign-in button). */
  run: (action: () => Promise<unknown>) => Promise<void>;
  /** Shows a save that failed outside `onSubmit`/`run` (e.g. an autosave) as a failed submit would. */
  reportError: (error: unknown) => void;
  /** A save is running: buttons are disabled. */
  busy: boolean;
  /**
   * The message of the last failed save, for above the form: the API's sentence, or the unexpected error. Empty when
   * the server's field messages (a 400) all went beside their fields.
   */
  submitError: string | null;
  /**
   * The last save was refused because the record changed meanwhile (409 or 412, QUALITY.md reliability): offer
   * `ConflictActions` (copy my text, reload); the form keeps its input either way.
   */
  conflict: boolean;
  /** Clears the failed save's message and conflict (e.g. after reloading the record). */
  clearSubmitError: () => void;
}

/** Did the server refuse a stale version (409 Conflict or 412 Precondition Failed)? */
export function isConflictError(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.status === 412);
}

/** The message a failed save shows: the API's sentence, or the unexpected error for anything else. */
export function submitErrorMessage(error: unknown): string {
  return isApiError(error) ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

let zodResolverModule: Promise<{ zodResolver: typeof ZodResolver }> | undefined;

/**
 * react-hook-form's zod resolver over the form's rules. The resolver (and a loaded schema) arrive with the first
 * check, so a page's first load carries neither zod nor the resolver.
 */
function contractResolver<Input extends FieldValues, Output>(
  rules: Exclude<ContractFormRules<Input, Output>, null>,
): Resolver<Input, unknown, Output> {
  let schema: Promise<ContractFormSchema<Input, Output>> | undefined;
  return async (values, context, options) => {
    zodResolverModule ??= import('@hookform/resolvers/zod');
    schema ??= typeof rules === 'function' ? rules() : Promise.resolve(rules);
    try {
      const [{ zodResolver }, loaded] = await Promise.all([zodResolverModule, schema]);
      return await zodResolver<Input, unknown, Output>(loaded)(values, context, options);
    } catch (error) {
      // A chunk that failed to load is asked for again on the next check.
      zodResolverModule = undefined;
      schema = undefined;
      throw error;
    }
  };
}

/** Puts an API error's field messages on the form's fields; true when every one of them found its field. */
function placeFieldErrors<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  fieldErrors: Record<string, string>,
): boolean {
  const known = new Set(Object.keys(form.getValues()));
  let placedAll = true;
  for (const [field, message] of Object.entries(fieldErrors)) {
    const name = field.startsWith('body.') ? field.slice(5) : field;
    if (known.has(name.split('.')[0] ?? name)) form.setError(name as FieldPath<Input>, { type: 'server', message });
    else placedAll = false;
  }
  return placedAll;
}

/**
 * The one form hook of Halcyon's pages and modals: react-hook-form checked by the contract's zod schema (so the browser
 * and the server give the same messages), errors shown once a field was left or the form was sent. A save that fails
 * keeps every value typed: an `ApiError`'s field messages go beside their fields, its sentence in `submitError`, and
 * a 409/412 sets `conflict`.
 */
export function useContractForm<Input extends FieldValues, Output = Input, Result = unknown>(
  rules: ContractFormRules<Input, Output>,
  { submit, onSuccess, ...formOptions }: UseContractFormOptions<Input, Output, Result>,
): UseContractFormReturn<Input, Output> {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const resolver = useMemo(() => (rules ? contractResolver(rules) : undefined), [rules]);
  const form = useForm<Input, unknown, Output>({ mode: 'onTouched', ...formOptions, resolver });
  const { errors } = form.formState;

  /** Shows a failed save: field messages beside their fields, the sentence in `submitError`, a 409/412 as `conflict`. */
  const reportError = useCallback(
    (error: unknown) => {
      console.error('A form failed to save.', error);
      const placedAll = isApiError(error) && error.fieldErrors ? placeFieldErrors(form, error.fieldErrors) : false;
      setConflict(isConflictError(error));
      setSubmitError(placedAll && isApiError(error) && error.status === 400 ? null : submitErrorMessage(error));
    },
    [form],
  );

  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setSubmitError(null);
      setConflict(false);
      try {
        await action();
      } catch (error) {
        reportError(error);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [reportError],
  );

  const save = useCallback(
    (values: Output) =>
      run(async () => {
        const result = await submit(values);
        await onSuccess?.(result);
      }),
    [onSuccess, run, submit],
  );

  const onSubmit = useCallback(
    async (event?: BaseSyntheticEvent) => {
      try {
        await form.handleSubmit(save)(event);
      } catch (error) {
        // The rules could not be loaded (offline): say so, keep the input.
        console.error('A form could not be checked.', error);
        setSubmitError(UNEXPECTED_ERROR_MESSAGE);
      }
    },
    [form, save],
  );

  const clearSubmitError = useCallback(() => {
    setSubmitError(null);
    setConflict(false);
  }, []);
  const errorOf = (name: FieldPath<Input>) => errorMessageAt(errors, name);

  return {
    form,
    field: (name, options) => ({ ...form.register(name, options), error: errorOf(name) }),
    errorOf,
    onSubmit,
    run,
    reportError,
    busy: busy || form.formState.isSubmitting,
    submitError,
    conflict,
    clearSubmitError,
  };
}
