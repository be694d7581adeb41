/** Signing in to a benchmark server: the demo practice's Therapist (the server runs with HALCYON_DEMO=true). */

interface DemoAccounts {
  password: string;
  accounts: { email: string; role: string }[];
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in once and answers the Authorization header autocannon sends with every request. */
export async function signInAsDemo(baseUrl: string, role = 'Therapist'): Promise<Record<string, string>> {
  const demo = await json<DemoAccounts>(await fetch(`${baseUrl}/api/demo/accounts`), 'demo accounts');
  const account = demo.accounts.find((a) => a.role === role);
  if (!account) throw new Error(`the demo practice has no ${role}`);
  const tokens = await json<{ access_token?: string }>(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: demo.password }),
    }),
    'sign-in',
  );
  if (!tokens.access_token) throw new Error('sign-in asked for a 2-step code; the demo accounts have none');
  return { authorization: `Bearer ${tokens.access_token}` };
}
