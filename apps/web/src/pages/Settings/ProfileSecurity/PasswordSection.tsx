import { currentPasswordField, passwordField, type SecurityDetails } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Button, PasswordField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { z } from 'zod';
import { formatDateTime } from '@halcyon/api/time';
import { NewPasswordFields, samePasswords } from '../../../features/forms/NewPasswordFields';
import { useSaveWithBanners } from './shared';
import styles from './settings.module.css';

const passwordFormSchema = z
  .object({ currentPassword: currentPasswordField, newPassword: passwordField, confirm: z.string() })
  .refine(...samePasswords('newPassword'));

function PasswordForm({ onSaved }: { onSaved: () => void }) {
  const save = useSaveWithBanners();
  const change = useMutation('changePassword');
  const form = useContractForm(passwordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
    submit: async ({ currentPassword, newPassword }) => {
      await save(
        () => change.trigger({ body: { currentPassword, newPassword } }),
        (result) => result?.detail ?? 'Your password has been changed.',
      );
      onSaved();
    },
  });

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Change password">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        {...form.field('currentPassword')}
      />
      <NewPasswordFields idPrefix="settings-password" contract={form} password="newPassword" confirm="confirm" />
      <p className={styles.muted}>Changing it signs out every other device signed in to your account.</p>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={form.busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}

/** Change of password: the current one, the new one twice with its strength; every other session is signed out. */
export function PasswordSection({ details, timeZone }: { details: SecurityDetails | undefined; timeZone?: string }) {
  // A saved password empties the form: a new form, without the old one's messages.
  const [generation, setGeneration] = useState(0);
  return (
    <section className={styles.form} aria-labelledby="password-heading">
      <h3 id="password-heading" className={styles.subTitle}>
        Password
      </h3>
      {details && <p className={styles.muted}>Last changed {formatDateTime(details.passwordChangedAt, timeZone)}.</p>}
      <PasswordForm key={generation} onSaved={() => setGeneration((g) => g + 1)} />
    </section>
  );
}
