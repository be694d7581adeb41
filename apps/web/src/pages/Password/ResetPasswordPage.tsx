import { useApiClient } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { useNavigate, useParams } from 'react-router-dom';
import type { LoginLocationState } from '../../app/session';
import { TextLink } from '../../app/TextLink';
import { NewPasswordFields, PASSWORDS_DIFFER } from '../../features/forms/NewPasswordFields';
import { fromSchema, useForm, type Validator } from '../../features/forms/useForm';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { resetPasswordBodySchema } from '../../features/public/schemas';

type Values = { password: string; confirm: string };
const validators: Record<keyof Values, Validator<Values>> = {
  password: fromSchema(resetPasswordBodySchema.shape.password),
  confirm: (value, values) => (value === values.password ? undefined : PASSWORDS_DIFFER),
};

/** /Register/Reset-password/{token}: a new password twice; success signs out every other session. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const reset = useForm<Values>({ initialValues: { password: '', confirm: '' }, validators });
  const onSubmit = reset.handleSubmit(async ({ password }) => {
    await client.call('resetPassword', { body: { token, password } });
    const state: LoginLocationState = { notice: 'Your password has been changed. Please sign in with the new one.' };
    void navigate('/Login', { replace: true, state });
  });

  return (
    <PublicLayout
      title="Choose a new password"
      description="Every other device signed in to your account will be signed out."
      footer={<TextLink to="/Forgot-password">Ask for a new link</TextLink>}
    >
      <form className={form.form} onSubmit={onSubmit} noValidate>
        {reset.formError && <FormMessage tone="error">{reset.formError}</FormMessage>}
        <NewPasswordFields idPrefix="reset" password={reset.field('password')} confirm={reset.field('confirm')} />
        <Button type="submit" disabled={reset.submitting}>
          {reset.submitting ? 'Saving…' : 'Save the new password'}
        </Button>
      </form>
    </PublicLayout>
  );
}
