import { useApiClient } from '@halcyon/api/swr';
import { SESSION_EXPIRED_MESSAGE } from '@halcyon/api/client';
import type { DemoAccounts, LoginResponse } from '@halcyon/api/contract';
import { Button, PasswordField, TextField } from '@halcyon/design-system';
import { useEffect, useMemo, useState } from 'react';
import { AppLink, useAppNavigation } from '../../app/navigation';
import type { LoginLocationState } from '../../app/session';
import { userStore } from '../../app/userStore';
import { fromSchema, useForm, useLazyRules } from '../../features/forms/useForm';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';

/** The contract's sign-in field rules (zod/mini), loaded when the form first gets focus: the first page stays light. */
const loadSignInRules = () => import('@halcyon/api/contract/credentials');
type SignInRules = Awaited<ReturnType<typeof loadSignInRules>>;

function credentialValidators(rules: SignInRules | null) {
  if (!rules) return {};
  return {
    email: fromSchema<{ email: string; password: string }>(rules.emailField),
    password: fromSchema<{ email: string; password: string }>(rules.currentPasswordField),
  };
}

function codeValidators(rules: SignInRules | null) {
  return rules ? { code: fromSchema<{ code: string }>(rules.twoFactorCodeField) } : {};
}

/** The demo sign-ins to offer: only in demo mode, with its password and at least one account. */
interface DemoSignIns {
  password: string;
  accounts: DemoAccounts['accounts'];
}

function demoSignIns(answer: DemoAccounts | null): DemoSignIns | null {
  if (!answer || answer.password === null || answer.accounts.length === 0) return null;
  return { password: answer.password, accounts: answer.accounts };
}

function isChallenge(response: LoginResponse): response is Extract<LoginResponse, { twoFactorRequired: true }> {
  return 'twoFactorRequired' in response;
}

/**
 * /Login (CATALOG.md): e-mail and password, the 2-step code when the account has it, and the demo sign-ins in demo mode.
 * It runs in the light first-page entry as well as in the router, so it moves on through `useAppNavigation`, and its
 * field rules come from the contract's zod/mini sign-in fields.
 */
export function LoginPage() {
  const client = useApiClient();
  const { navigate, state } = useAppNavigation();
  const arrival = (state ?? {}) as LoginLocationState;
  const [challenge, setChallenge] = useState<string | null>(null);
  const [demo, setDemo] = useState<DemoSignIns | null>(null);

  // Read straight from the client, not through the SWR cache: the first page stays within QUALITY.md's 90 KB.
  useEffect(() => {
    let live = true;
    client.call('demoAccounts').then(
      (answer) => live && setDemo(demoSignIns(answer)),
      (error: unknown) => console.warn('Could not load the demo sign-ins.', error),
    );
    return () => {
      live = false;
    };
  }, [client]);

  const { rules, prepare } = useLazyRules(loadSignInRules);
  const prepareRules = () => void prepare();
  const credentialRules = useMemo(() => credentialValidators(rules), [rules]);
  const codeRules = useMemo(() => codeValidators(rules), [rules]);
  const credentials = useForm({ initialValues: { email: '', password: '' }, validators: credentialRules });
  const code = useForm({ initialValues: { code: '' }, validators: codeRules });

  const finish = (tokens: { access_token: string; refresh_token: string }) => {
    client.tokens.set(tokens);
    userStore.reset();
    // Prepare returns the person to the page that sent them here, when there was one.
    const next: LoginLocationState | undefined = arrival.from ? { from: arrival.from } : undefined;
    navigate('/Prepare-console', { replace: true, state: next });
  };

  const signIn = async (email: string, password: string) => {
    const response = await client.call('login', { body: { email, password } });
    if (!response) throw new Error('The sign-in answer was empty.');
    if (isChallenge(response)) setChallenge(response.challengeToken);
    else finish(response);
  };

  const onCredentials = credentials.handleSubmit((values) => signIn(values.email, values.password));
  const onCode = code.handleSubmit(async (values) => {
    if (!challenge) return;
    const response = await client.call('loginTwoFactor', { body: { challengeToken: challenge, code: values.code } });
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
        <form className={form.form} onFocus={prepareRules} onSubmit={onCode} noValidate>
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
          <AppLink to="/Register">Create an account</AppLink>
        </>
      }
    >
      {arrival.sessionExpired && <FormMessage tone="info">{SESSION_EXPIRED_MESSAGE}</FormMessage>}
      {arrival.notice && <FormMessage tone="success">{arrival.notice}</FormMessage>}
      <form className={form.form} onFocus={prepareRules} onSubmit={onCredentials} noValidate>
        {credentials.formError && <FormMessage tone="error">{credentials.formError}</FormMessage>}
        <TextField label="E-mail" type="email" autoComplete="username" required {...credentials.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...credentials.field('password')} />
        <div className={form.actions}>
          <AppLink to="/Forgot-password">Forgot password?</AppLink>
          <Button type="submit" disabled={credentials.submitting}>
            {credentials.submitting ? 'Signing in…' : 'Sign in'}
          </Button>
        </div>
      </form>
      {demo && (
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
                  {account.firstName} {account.lastName} ({account.role})
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
                  Sign in as {account.firstName}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PublicLayout>
  );
}
