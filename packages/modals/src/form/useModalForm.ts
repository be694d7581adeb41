import type { BaseSyntheticEvent } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useModalInstance } from '../host/context';
import type { SuccessResult } from '../types';
import type { ModalConflict } from './ConflictActions';
import { formAsText } from './fields';
import {
  useContractForm,
  type ContractFormRules,
  type UseContractFormOptions,
  type UseContractFormReturn,
} from './useContractForm';

export interface UseModalFormOptions<Input extends FieldValues, Output, Result> extends Omit<
  UseContractFormOptions<Input, Output, Result>,
  'onSuccess'
> {
  /** The success handling (banner, caller's `onSaved`); then the modal closes. A throw shows the unexpected error. */
  onSuccess?: (result: Result) => SuccessResult;
  /** What "Copy my text" copies after a conflicting save (default: every value of the form, as text). */
  copyText?: (values: Input) => string;
}

export interface ModalFormShellProps {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  error: string | null;
  dirty: boolean;
  /** Set while a save is refused because the record changed meanwhile; with `onReload` the shell offers the fix. */
  conflict: ModalConflict | null;
}

export interface UseModalFormReturn<Input extends FieldValues, Output> extends UseContractFormReturn<Input, Output> {
  /**
   * Spread on `ModalShell`: submit handler, busy state, error message, unsaved-changes flag and the conflict. A modal
   * whose record has a version also gives the shell `onReload`, so a 409/412 offers "Copy my text" and "Reload the
   * newest version".
   */
  shellProps: ModalFormShellProps;
}

/**
 * `useContractForm` inside a modal: a save's success handling runs through the host (which closes the modal, or shows
 * the unexpected error), and `shellProps` wire the form to `ModalShell`.
 */
export function useModalForm<Input extends FieldValues, Output = Input, Result = unknown>(
  rules: ContractFormRules<Input, Output>,
  { onSuccess, copyText = formAsText, ...options }: UseModalFormOptions<Input, Output, Result>,
): UseModalFormReturn<Input, Output> {
  const instance = useModalInstance();
  const contract = useContractForm<Input, Output, Result>(rules, {
    ...options,
    onSuccess: async (result) => {
      const handler = onSuccess ? () => onSuccess(result) : undefined;
      if (instance) await instance.succeed(handler);
      else await handler?.();
    },
  });
  const { form, conflict, clearSubmitError } = contract;
  return {
    ...contract,
    shellProps: {
      onSubmit: contract.onSubmit,
      busy: contract.busy,
      error: contract.submitError,
      dirty: form.formState.isDirty,
      conflict: conflict ? { text: () => copyText(form.getValues()), resolved: clearSubmitError } : null,
    },
  };
}
