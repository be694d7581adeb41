import { PasswordField } from '@halcyon/design-system';
import type { UseContractFormReturn } from '@halcyon/modals';
import { useWatch, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordStrength } from './PasswordStrength';

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

/**
 * The repeated password equals the first: `.refine(...samePasswords)` on a form schema with `confirm` and `password`
 * (or `newPassword`). It runs even while another field is wrong, so the message shows as soon as the two differ.
 */
export function samePasswords<K extends string>(field: K) {
  const check = (values: Record<K | 'confirm', unknown>) => values.confirm === values[field];
  return [check, { message: PASSWORDS_DIFFER, path: ['confirm'], when: () => true }] as [
    typeof check,
    { message: string; path: string[]; when: () => boolean },
  ];
}

/** A new password typed twice, with the strength meter (reset, invitation and settings screens). */
export function NewPasswordFields<Input extends FieldValues, Output>({
  contract: { form, field },
  password,
  confirm,
  idPrefix,
}: {
  contract: UseContractFormReturn<Input, Output>;
  password: FieldPath<Input>;
  confirm: FieldPath<Input>;
  idPrefix: string;
}) {
  const typed: unknown = useWatch({ control: form.control, name: password });
  const binding = field(password);
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        describedBy={`${idPrefix}-strength`}
        {...binding}
        onChange={async (event) => {
          await binding.onChange(event);
          // The repeat is checked again once it was left or the form was sent.
          if (form.getFieldState(confirm).isTouched || form.formState.isSubmitted) await form.trigger(confirm);
        }}
      />
      <PasswordStrength id={`${idPrefix}-strength`} password={typeof typed === 'string' ? typed : ''} />
      <PasswordField label="Repeat the new password" autoComplete="new-password" required {...field(confirm)} />
    </>
  );
}
