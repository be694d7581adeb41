import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import { createClientThroughApi } from './support/clients';
import {
  clickSettingsLink,
  e2eServer,
  newAccount,
  openSettingsPage,
  pathOf,
  registerPractice,
  sidebar,
  signIn,
  signOut,
  type Account,
} from './support/journeys';

/** SPEC.md §8. */
const SESSION_EXPIRED = 'Session expired. Please log in again.';

const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access: window.localStorage.getItem('access_token'),
    refresh: window.localStorage.getItem('refresh_token'),
  }));

/** Console errors of the calls refused on purpose in these journeys (the 401 before a refresh). */
const without401 = (errors: readonly string[]) => errors.filter((e) => !e.includes('status of 401'));

/** Issue 5 acceptance: sign out; an expired token refreshed silently; a revoked refresh token -> /login with the message. */
describe('the sign-in session', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Radia');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a deep link to a client opened signed out, when the person signs in, then they land on that client page, not the dashboard', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, server, account);
    const clientId = await createClientThroughApi(page, { firstName: 'Grace', lastName: 'Hopper' });
    await signOut(page);

    await page.goto(`${server.url}/Clients/${clientId}?tab=sessions`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    expect(pathOf(page)).toBe(`/Clients/${clientId}`);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('sessions');
    expect(without401(errors)).toEqual([]);
    await context.close();
  });

  it('given a signed-in user, when they sign out, then they are on /login, the tokens are gone and the dashboard sends them back to /login', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, server, account);
    await signOut(page);
    expect(pathOf(page)).toBe('/login');
    await page.getByText('You have been signed out.').waitFor();
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/Dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('given the dashboard still loading, when the person signs out, then its loads end quietly and /login says they signed out, not that the session expired', async () => {
    const { page, context, errors } = await openPage(browser);
    // The dashboard's panels answer only after the click on Sign out, as on a slow connection.
    let signedOut = false;
    let heldBack = 0;
    await page.route('**/api/dashboard/**', async (route) => {
      heldBack += 1;
      while (!signedOut) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue().catch(() => undefined);
    });
    await signIn(page, server, account);
    await expect.poll(() => heldBack).toBeGreaterThan(0);
    await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
    signedOut = true;
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('You have been signed out.').waitFor();
    expect(await page.getByText(SESSION_EXPIRED).count()).toBe(0);
    // Give the held-back answers time to arrive: none of them is reported as a failed load.
    await page.waitForTimeout(500);
    expect(pathOf(page)).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('given an access token that is no longer valid, when a page loads, then one POST /api/refresh renews it silently and the page shows its data', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, server, account);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/refresh')
        refreshes.push(request.url());
    });
    await page.evaluate(() => window.localStorage.setItem('access_token', 'expired.garbage.token'));

    await page.goto(`${server.url}/Settings/Profile-security`);
    await page.getByRole('heading', { name: 'Profile and security', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe(account.firstName);
    expect(pathOf(page)).toBe('/Settings/Profile-security');
    expect(refreshes).toHaveLength(1);
    const tokens = await storedTokens(page);
    expect(tokens.access).not.toBe('expired.garbage.token');
    expect(tokens.access).toBeTruthy();
    expect(await page.getByText(SESSION_EXPIRED).count()).toBe(0);

    expect(without401(errors)).toEqual([]);
    await context.close();
  });

  it('given a refresh token revoked by "Sign out everywhere" on another device, when the next call is made, then the user lands on /login with "Session expired. Please log in again."', async () => {
    const here = await openPage(browser);
    const elsewhere = await openPage(browser);
    await signIn(here.page, server, account);
    await signIn(elsewhere.page, server, account);

    await openSettingsPage(elsewhere.page, 'Profile-security');
    await elsewhere.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await elsewhere.page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await elsewhere.page.getByRole('heading', { name: 'Sign in' }).waitFor();

    const { page } = here;
    // The revoked session is found on the page's first call, which may be before the URL could be seen at /Settings/Practice.
    await clickSettingsLink(page, 'Practice');
    await page.getByText(SESSION_EXPIRED).waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
    expect(await axeViolations(page)).toEqual([]);

    // SPEC.md §8: the refused loads are logged (and nothing else went wrong).
    expect(without401(here.errors).filter((error) => !error.includes(SESSION_EXPIRED))).toEqual([]);
    expect(without401(elsewhere.errors).filter((error) => !error.includes(SESSION_EXPIRED))).toEqual([]);
    await here.context.close();
    await elsewhere.context.close();
  });
});
