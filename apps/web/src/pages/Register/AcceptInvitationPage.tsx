import { useApiClient } from '@halcyon/api/swr';
import { Button, FieldRow, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { TextLink } from '../../app/TextLink';
import { userStore } from '../../app/userStore';
import { NewPasswordFields, samePasswords } from '../../features/forms/NewPasswordFields';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { acceptInvitationBodySchema } from '../../features/public/schemas';

const invitationFormSchema = acceptInvitationBodySchema
  .omit({ token: true })
  .extend({ confirm: z.string() })
  .refine(...samePasswords('password'));

/** /Register/Accept-invitation/{token}: the invitation e-mail's link; sets a name and password, then signs in. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const invitation = useContractForm(invitationFormSchema, {
    defaultValues: { firstName: '', lastName: '', password: '', confirm: '' },
    submit: async ({ confirm: _confirm, ...body }) => {
      const tokens = await client.call('acceptInvitation', { body: { token, ...body } });
      if (!tokens) throw new Error('The invitation answer was empty.');
      client.tokens.set(tokens);
      userStore.reset();
      void navigate('/Prepare-console', { replace: true });
    },
  });

  return (
    <PublicLayout
      title="Join your practice"
      description="You have been invited to Halcyon. Tell us your name and choose a password."
      footer={<TextLink to="/Login">Already joined? Sign in</TextLink>}
    >
      <form className={form.form} onSubmit={invitation.onSubmit} noValidate>
        {invitation.submitError && <FormMessage tone="error">{invitation.submitError}</FormMessage>}
        <FieldRow columnMin="sm">
          <TextField label="First name" autoComplete="given-name" required {...invitation.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...invitation.field('lastName')} />
        </FieldRow>
        <NewPasswordFields idPrefix="invitation" contract={invitation} password="password" confirm="confirm" />
        <Button type="submit" disabled={invitation.busy}>
          {invitation.busy ? 'Joining…' : 'Join the practice'}
        </Button>
      </form>
    </PublicLayout>
  );
}
