import type { SecurityDetails } from '@halcyon/api/contract';
import { authRoutes } from '@halcyon/api/contract/auth';
import { useMutation } from '@halcyon/api/swr';
import { Badge, Button, PasswordField, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { useSaveWithBanners } from './shared';
import styles from './settings.module.css';

function EmailForm({ onSent }: { onSent: (detail: string) => void }) {
  const save = useSaveWithBanners();
  const change = useMutation('changeEmail');
  const form = useContractForm(authRoutes.changeEmail.body, {
    defaultValues: { newEmail: '', password: '' },
    submit: async (body) => {
      const answer = await save(
        () => change.trigger({ body }),
        (result) => result?.detail ?? 'We have sent a link to the new address.',
      );
      onSent(answer?.detail ?? 'We have sent a link to the new address.');
    },
  });

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Change e-mail address">
      <div className={styles.row}>
        <TextField label="New e-mail address" type="email" autoComplete="email" required {...form.field('newEmail')} />
        <PasswordField
          label="Your password"
          hint="To prove it is you."
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
      </div>
      <p className={styles.muted}>
        We send a link to the new address. Your address changes only when you open it, so a typing mistake never locks
        you out.
      </p>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={form.busy}>
          Change e-mail address
        </Button>
      </div>
    </form>
  );
}

/** Change of e-mail: the new address is re-validated by a link before it is used (CATALOG.md). */
export function EmailSection({ details }: { details: SecurityDetails | undefined }) {
  const [sent, setSent] = useState<{ detail: string; generation: number }>({ detail: '', generation: 0 });
  return (
    <section className={styles.form} aria-labelledby="email-heading">
      <h3 id="email-heading" className={styles.subTitle}>
        E-mail address
      </h3>
      {details && (
        <div className={styles.inline}>
          <span>{details.email}</span>
          {details.emailValidated ? (
            <Badge variant="success">Confirmed</Badge>
          ) : (
            <Badge variant="warning">Not confirmed</Badge>
          )}
        </div>
      )}
      {details?.pendingEmail && (
        <p className={styles.readOnly} role="status">
          Waiting for you to open the link we sent to {details.pendingEmail}. Until then you sign in with{' '}
          {details.email}.
        </p>
      )}
      {sent.detail && !details?.pendingEmail && (
        <p className={styles.readOnly} role="status">
          {sent.detail}
        </p>
      )}
      <EmailForm
        key={sent.generation}
        onSent={(detail) => setSent((current) => ({ detail, generation: current.generation + 1 }))}
      />
    </section>
  );
}
