import { useApiClient } from '@halcyon/api/swr';
import { Button, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import { TextLink } from '../../app/TextLink';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { forgotPasswordBodySchema } from '../../features/public/schemas';

/** CATALOG.md: the same answer whether or not the address has an account (no account enumeration). */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that address, we have sent a link';

/** /Forgot-password: asks for the e-mail and sends a single-use reset link valid for one hour. */
export function ForgotPasswordPage() {
  const client = useApiClient();
  const [sent, setSent] = useState(false);
  const request = useContractForm(forgotPasswordBodySchema, {
    defaultValues: { email: '' },
    submit: async (body) => {
      await client.call('forgotPassword', { body });
      setSent(true);
    },
  });

  return (
    <PublicLayout
      title="Forgot your password?"
      description="Enter the e-mail address you sign in with. We will send you a link to choose a new password."
      footer={<TextLink to="/Login">Back to sign in</TextLink>}
    >
      {sent ? (
        <FormMessage tone="success">
          {FORGOT_PASSWORD_ANSWER}. It works once, for one hour. If nothing arrives, check your spam folder.
        </FormMessage>
      ) : (
        <form className={form.form} onSubmit={request.onSubmit} noValidate>
          {request.submitError && <FormMessage tone="error">{request.submitError}</FormMessage>}
          <TextField label="E-mail" type="email" autoComplete="email" required {...request.field('email')} />
          <Button type="submit" disabled={request.busy}>
            {request.busy ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </PublicLayout>
  );
}
