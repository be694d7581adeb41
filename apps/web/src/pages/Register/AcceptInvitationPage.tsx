import { useApiClient } from '@halcyon/api/swr';
import { Button, TextField } from '@halcyon/design-system';
import { useNavigate, useParams } from 'react-router-dom';
import { TextLink } from '../../app/TextLink';
import { userStore } from '../../app/userStore';
import { NewPasswordFields, PASSWORDS_DIFFER } from '../../features/forms/NewPasswordFields';
import { fromSchema, useForm, type Validator } from '../../features/forms/useForm';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { acceptInvitationBodySchema } from '../../features/public/schemas';

type Values = { first_name: string; last_name: string; password: string; confirm: string };
const shape = acceptInvitationBodySchema.shape;
const validators: Record<keyof Values, Validator<Values>> = {
  first_name: fromSchema(shape.first_name),
  last_name: fromSchema(shape.last_name),
  password: fromSchema(shape.password),
  confirm: (value, values) => (value === values.password ? undefined : PASSWORDS_DIFFER),
};

/** /Register/Accept-invitation/{token}: the invitation e-mail's link; sets a name and password, then signs in. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const invitation = useForm<Values>({
    initialValues: { first_name: '', last_name: '', password: '', confirm: '' },
    validators,
  });
  const onSubmit = invitation.handleSubmit(async ({ confirm: _confirm, ...body }) => {
    const tokens = await client.call('acceptInvitation', { body: { token, ...body } });
    if (!tokens) throw new Error('The invitation answer was empty.');
    client.tokens.set(tokens);
    userStore.reset();
    void navigate('/Prepare-console', { replace: true });
  });

  return (
    <PublicLayout
      title="Join your practice"
      description="You have been invited to Halcyon. Tell us your name and choose a password."
      footer={<TextLink to="/Login">Already joined? Sign in</TextLink>}
    >
      <form className={form.form} onSubmit={onSubmit} noValidate>
        {invitation.formError && <FormMessage tone="error">{invitation.formError}</FormMessage>}
        <div className={form.row}>
          <TextField label="First name" autoComplete="given-name" required {...invitation.field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required {...invitation.field('last_name')} />
        </div>
        <NewPasswordFields
          idPrefix="invitation"
          password={invitation.field('password')}
          confirm={invitation.field('confirm')}
        />
        <Button type="submit" disabled={invitation.submitting}>
          {invitation.submitting ? 'Joining…' : 'Join the practice'}
        </Button>
      </form>
    </PublicLayout>
  );
}
