import { PasswordField } from '@halcyon/design-system';
import type { FieldBinding } from './useForm';
import { PasswordStrength } from './PasswordStrength';

/** A new password typed twice, with the strength meter (reset and invitation screens). */
export function NewPasswordFields({
  password,
  confirm,
  idPrefix,
}: {
  password: FieldBinding;
  confirm: FieldBinding;
  idPrefix: string;
}) {
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        describedBy={`${idPrefix}-strength`}
        {...password}
      />
      <PasswordStrength id={`${idPrefix}-strength`} password={password.value} />
      <PasswordField label="Repeat the new password" autoComplete="new-password" required {...confirm} />
    </>
  );
}

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';
