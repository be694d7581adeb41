import { useApiClient } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import type { LoginLocationState } from '../../app/session';
import { TextLink } from '../../app/TextLink';
import { NewPasswordFields, samePasswords } from '../../features/forms/NewPasswordFields';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { resetPasswordBodySchema } from '../../features/public/schemas';

const resetFormSchema = resetPasswordBodySchema
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine(...samePasswords('password'));

/** /Register/Reset-password/{token}: a new password twice; success signs out every other session. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const reset = useContractForm(resetFormSchema, {
    defaultValues: { password: '', confirm: '' },
    submit: async ({ password }) => {
      await client.call('resetPassword', { body: { token, password } });
      const state: LoginLocationState = { notice: 'Your password has been changed. Please sign in with the new one.' };
      void navigate('/Login', { replace: true, state });
    },
  });

  return (
    <PublicLayout
      title="Choose a new password"
      description="Every other device signed in to your account will be signed out."
      footer={<TextLink to="/Forgot-password">Ask for a new link</TextLink>}
    >
      <form className={form.form} onSubmit={reset.onSubmit} noValidate>
        {reset.submitError && <FormMessage tone="error">{reset.submitError}</FormMessage>}
        <NewPasswordFields idPrefix="reset" contract={reset} password="password" confirm="confirm" />
        <Button type="submit" disabled={reset.busy}>
          {reset.busy ? 'Saving…' : 'Save the new password'}
        </Button>
      </form>
    </PublicLayout>
  );
}
