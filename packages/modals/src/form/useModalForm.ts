import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@halcyon/api/client';
import { useCallback, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useModalInstance } from '../host/context';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import type { SuccessResult } from '../types';

/**
 * A zod schema from `@halcyon/api/contract` (zod 4), seen only through the types it parses from (`Input`, the form's
 * values) and to (`Output`, what `submit` receives).
 */
export interface ModalFormSchema<Input extends FieldValues, Output> {
  readonly _zod: { readonly input: Input; readonly output: Output };
}

export interface UseModalFormOptions<Input extends FieldValues, Output, Result> extends Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver' | 'defaultValues'
> {
  defaultValues?: DefaultValues<Input>;
  /** Saves: usually `client.call(route, { body: values })`. A rejection keeps the modal open with its message. */
  submit: (values: Output) => Promise<Result>;
  /** The success handling (banner, caller's `onSaved`); then the modal closes. A throw shows the unexpected error. */
  onSuccess?: (result: Result) => SuccessResult;
}

export interface ModalFormShellProps {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  error: string | null;
  dirty: boolean;
}

export interface UseModalFormReturn<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  /** Spread on `ModalShell`: submit handler, busy state, error message, unsaved-changes flag. */
  shellProps: ModalFormShellProps;
  /** The message of the last failed submit (also in `shellProps.error`). */
  submitError: string | null;
  /**
   * The last save was refused because the record changed meanwhile (409 or 412, QUALITY.md reliability): the modal
   * should offer to reload the record or copy the typed text; the form keeps its input either way.
   */
  conflict: boolean;
}

/** Did the server refuse a stale version (409 Conflict or 412 Precondition Failed)? */
export function isConflictError(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.status === 412);
}

/** The message a failed save shows: the API's sentence, or the unexpected error for anything else. */
export function submitErrorMessage(error: unknown): string {
  return isApiError(error) ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/**
 * The form wiring every modal shares: react-hook-form validated by the contract's zod schema (`null` for forms without
 * one), a submit that maps an `ApiError`'s `fieldErrors` onto the fields and shows its message in the shell's error
 * area, then runs the success handling through the host (which closes the modal, or shows the unexpected error).
 */
export function useModalForm<Input extends FieldValues, Output = Input, Result = unknown>(
  schema: ModalFormSchema<Input, Output> | null,
  { submit, onSuccess, ...formOptions }: UseModalFormOptions<Input, Output, Result>,
): UseModalFormReturn<Input, Output> {
  const instance = useModalInstance();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const form = useForm<Input, unknown, Output>({
    mode: 'onTouched',
    ...formOptions,
    ...(schema
      ? // The resolver's own overloads need zod's types, which this package reaches only through the contract.
        { resolver: zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output> }
      : {}),
  });

  const { handleSubmit, setError, getValues } = form;
  const onValid = useCallback(
    async (values: Output) => {
      setSubmitError(null);
      setConflict(false);
      let result: Result;
      try {
        result = await submit(values);
      } catch (error) {
        console.error('A modal form failed to save.', error);
        if (isApiError(error) && error.fieldErrors) {
          const known = new Set(Object.keys(getValues()));
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            const name = field.startsWith('body.') ? field.slice(5) : field;
            if (known.has(name.split('.')[0] ?? name)) setError(name as Path<Input>, { type: 'server', message });
          }
        }
        setConflict(isConflictError(error));
        setSubmitError(submitErrorMessage(error));
        return;
      }
      if (instance) await instance.succeed(onSuccess ? () => onSuccess(result) : undefined);
      else await onSuccess?.(result);
    },
    [getValues, instance, onSuccess, setError, submit],
  );

  const onSubmit = handleSubmit(onValid);
  return {
    form,
    submitError,
    conflict,
    shellProps: {
      onSubmit,
      busy: form.formState.isSubmitting,
      error: submitError,
      dirty: form.formState.isDirty,
    },
  };
}
