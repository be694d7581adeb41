import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import {
  e2eServer,
  newAccount,
  passPrepare,
  pathOf,
  registerPractice,
  submitLogin,
  type Account,
} from './support/journeys';
import { linkFromOutbox } from './support/outbox';

/** Issue 5 acceptance: forgot -> reset -> login. */
describe('a therapist who forgot their password', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Grace');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a validated account, when they ask for a reset link, follow it from the outbox and choose a new password, then the old password is refused and the new one signs them in', async () => {
    const { page, context, errors } = await openPage(browser);
    const newPassword = `${account.password} renewed`;

    await page.goto(`${server.url}/Login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(pathOf(page)).toBe('/Forgot-password');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that address, we have sent a link').waitFor();

    const link = await linkFromOutbox(server.dataDir, account.email, '/Register/Reset-password');
    await page.goto(`${server.url}${link}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="confirm"]').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();

    await page.getByText('Your password has been changed. Please sign in with the new one.').waitFor();
    expect(pathOf(page)).toBe('/Login');
    expect(await axeViolations(page)).toEqual([]);

    // The old password no longer works; the form says why.
    await submitLogin(page, server, account);
    await page.getByRole('alert').filter({ hasText: 'The e-mail address or password is not correct.' }).waitFor();
    expect(pathOf(page)).toBe('/Login');

    await submitLogin(page, server, { email: account.email, password: newPassword });
    await passPrepare(page);
    expect(pathOf(page)).toBe('/Dashboard');
    expect(await axeViolations(page)).toEqual([]);

    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
