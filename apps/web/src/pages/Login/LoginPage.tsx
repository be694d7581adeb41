import { useApiClient, useDemoAccounts } from '@halcyon/api/swr';
import { SESSION_EXPIRED_MESSAGE } from '@halcyon/api/client';
import { loginBodySchema, twoFactorCodeField, type LoginResponse } from '@halcyon/api/contract';
import { Button, PasswordField, TextField } from '@halcyon/design-system';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginLocationState } from '../../app/session';
import { TextLink } from '../../app/TextLink';
import { userStore } from '../../app/userStore';
import { fromSchema, useForm } from '../../features/forms/useForm';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';

const credentialValidators = {
  email: fromSchema<{ email: string; password: string }>(loginBodySchema.shape.email),
  password: fromSchema<{ email: string; password: string }>(loginBodySchema.shape.password),
};
const codeValidators = { code: fromSchema<{ code: string }>(twoFactorCodeField) };

function isChallenge(response: LoginResponse): response is Extract<LoginResponse, { two_factor_required: true }> {
  return 'two_factor_required' in response;
}

/** /Login (CATALOG.md): e-mail and password, the 2-step code when the account has it, and the demo sign-ins in demo mode. */
export function LoginPage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = (location.state ?? {}) as LoginLocationState;
  const [challenge, setChallenge] = useState<string | null>(null);
  const demo = useDemoAccounts().data;

  const credentials = useForm({ initialValues: { email: '', password: '' }, validators: credentialValidators });
  const code = useForm({ initialValues: { code: '' }, validators: codeValidators });

  const finish = (tokens: { access_token: string; refresh_token: string }) => {
    client.tokens.set(tokens);
    userStore.reset();
    void navigate('/Prepare-console', { replace: true });
  };

  const signIn = async (email: string, password: string) => {
    const response = await client.call('login', { body: { email, password } });
    if (!response) throw new Error('The sign-in answer was empty.');
    if (isChallenge(response)) setChallenge(response.challenge_token);
    else finish(response);
  };

  const onCredentials = credentials.handleSubmit((values) => signIn(values.email, values.password));
  const onCode = code.handleSubmit(async (values) => {
    if (!challenge) return;
    const response = await client.call('loginTwoFactor', { body: { challenge_token: challenge, code: values.code } });
    if (response) finish(response);
  });

  if (challenge) {
    return (
      <PublicLayout
        title="2-step verification"
        description="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
        footer={
          <Button variant="ghost" onClick={() => setChallenge(null)}>
            Use another account
          </Button>
        }
      >
        <form className={form.form} onSubmit={onCode} noValidate>
          {code.formError && <FormMessage tone="error">{code.formError}</FormMessage>}
          <TextField label="Code" autoComplete="one-time-code" inputMode="text" required {...code.field('code')} />
          <Button type="submit" disabled={code.submitting}>
            {code.submitting ? 'Checking…' : 'Verify and sign in'}
          </Button>
        </form>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout
      title="Sign in"
      description="Welcome back. Sign in to your practice."
      footer={
        <>
          <span>New to Halcyon?</span>
          <TextLink to="/Register">Create an account</TextLink>
        </>
      }
    >
      {arrival.sessionExpired && <FormMessage tone="info">{SESSION_EXPIRED_MESSAGE}</FormMessage>}
      {arrival.notice && <FormMessage tone="success">{arrival.notice}</FormMessage>}
      <form className={form.form} onSubmit={onCredentials} noValidate>
        {credentials.formError && <FormMessage tone="error">{credentials.formError}</FormMessage>}
        <TextField label="E-mail" type="email" autoComplete="username" required {...credentials.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...credentials.field('password')} />
        <div className={form.actions}>
          <TextLink to="/Forgot-password">Forgot password?</TextLink>
          <Button type="submit" disabled={credentials.submitting}>
            {credentials.submitting ? 'Signing in…' : 'Sign in'}
          </Button>
        </div>
      </form>
      {demo && demo.accounts.length > 0 && (
        <section className={form.section} aria-labelledby="demo-heading">
          <h2 id="demo-heading" className={form.sectionTitle}>
            Demo accounts
          </h2>
          <p className={form.muted}>
            This is a demonstration practice with made-up clients. Every demo account uses the password{' '}
            <code>{demo.password}</code>.
          </p>
          <ul className={form.list}>
            {demo.accounts.map((account) => (
              <li key={account.email} className={form.listItem}>
                <span>
                  {account.first_name} {account.last_name} ({account.role})
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={credentials.submitting}
                  onClick={() => {
                    credentials.setValue('email', account.email);
                    credentials.setValue('password', demo.password);
                    void credentials.run(() => signIn(account.email, demo.password));
                  }}
                >
                  Sign in as {account.first_name}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PublicLayout>
  );
}
