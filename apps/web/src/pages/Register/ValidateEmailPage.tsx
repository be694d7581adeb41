import { isApiError } from '@halcyon/api/client';
import { resendValidationBodySchema } from '../../features/public/schemas';
import { useApiClient } from '@halcyon/api/swr';
import { Button, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { TextLink } from '../../app/TextLink';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';

/** /Register/Validate-email/{token}: confirms the address; a used or expired link offers a new one. */
export function ValidateEmailPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const outcome = useOnce(`validate:${token}`, () => client.call('validateEmail', { body: { token } }));
  const [sent, setSent] = useState<string | null>(null);
  const resend = useContractForm(resendValidationBodySchema, {
    defaultValues: { email: '' },
    submit: async (body) => {
      const answer = await client.call('resendValidation', { body });
      setSent(answer?.detail ?? 'If that address has an account waiting for confirmation, we have sent a new link.');
    },
  });

  if (outcome.status === 'pending') return <PageLoading label="Confirming your e-mail address…" />;
  if (outcome.status === 'done') {
    return (
      <PublicLayout title="E-mail address confirmed" footer={<TextLink to="/Login">Sign in</TextLink>}>
        <FormMessage tone="success">
          {outcome.value?.detail ?? 'Your e-mail address is confirmed.'} You can now sign in.
        </FormMessage>
      </PublicLayout>
    );
  }
  const reason = isApiError(outcome.error) ? outcome.error.message : 'This link could not be checked.';
  return (
    <PublicLayout title="This link does not work" footer={<TextLink to="/Login">Go to sign in</TextLink>}>
      <FormMessage tone="error">{reason}</FormMessage>
      {sent ? (
        <FormMessage tone="success">{sent}</FormMessage>
      ) : (
        <form className={form.form} onSubmit={resend.onSubmit} noValidate>
          <p className={form.muted}>Enter your e-mail address and we will send a new confirmation link.</p>
          {resend.submitError && <FormMessage tone="error">{resend.submitError}</FormMessage>}
          <TextField label="E-mail" type="email" autoComplete="email" required {...resend.field('email')} />
          <Button type="submit" disabled={resend.busy}>
            Send a new link
          </Button>
        </form>
      )}
    </PublicLayout>
  );
}
