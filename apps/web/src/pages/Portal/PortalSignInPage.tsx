import { PORTAL_HOME_MESSAGES, portalSignInBodySchema } from '@halcyon/api/contract';
import { useApiClient } from '@halcyon/api/swr';
import { Button, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useState } from 'react';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';

/**
 * /Portal: a client asks for a link that signs them in to their portal home. The answer is the same whether or not the
 * address has portal access (no one learns who is a client); the e-mail goes to each practice's portal the address has.
 */
export function PortalSignInPage() {
  const client = useApiClient();
  const [sent, setSent] = useState(false);
  const request = useContractForm(portalSignInBodySchema, {
    defaultValues: { email: '' },
    submit: async (body) => {
      await client.call('requestPortalSignIn', { body });
      setSent(true);
    },
  });
  return (
    <PublicLayout
      title="Sign in to your client portal"
      description="Enter the e-mail address your practice has for you. We will e-mail you a link that opens your portal: your sessions, your messages and anything waiting for you."
    >
      {sent ? (
        <>
          <FormMessage tone="success">{PORTAL_HOME_MESSAGES.signInSent}</FormMessage>
          <p className={form.muted}>
            If nothing arrives within a few minutes, check your spam folder, or ask your practice whether your portal
            access is active.
          </p>
        </>
      ) : (
        <form className={form.form} onSubmit={request.onSubmit} noValidate aria-label="Ask for a sign-in link">
          {request.submitError && <FormMessage tone="error">{request.submitError}</FormMessage>}
          <TextField label="E-mail" type="email" autoComplete="email" required {...request.field('email')} />
          <Button type="submit" disabled={request.busy}>
            {request.busy ? 'Sending…' : 'Send me a sign-in link'}
          </Button>
        </form>
      )}
    </PublicLayout>
  );
}
