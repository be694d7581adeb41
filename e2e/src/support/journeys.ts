import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { linkFromOutbox } from './outbox';
import { ownAddress } from './browser';

/** The e2e server started by global-setup.ts. */
export interface E2eServer {
  url: string;
  /** Its DATA_DIR: outbox/ holds every e-mail sent. */
  dataDir: string;
}

export function e2eServer(): E2eServer {
  return { url: inject('baseUrl'), dataDir: inject('dataDir') };
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface Account extends Person {
  practiceName: string;
}

/** A person nobody has used yet on this server (unique e-mail; a password with no part of the name in it). */
export function newPerson(firstName: string, lastName = 'Lovelace'): Person {
  const tag = crypto.randomBytes(4).toString('hex');
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${tag}@example.org`,
    password: `quiet harbour lanterns ${tag}`,
  };
}

export function newAccount(firstName: string): Account {
  return { ...newPerson(firstName), practiceName: `${firstName}'s Counselling ${crypto.randomInt(1000, 9999)}` };
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits for the Dashboard page of the shell. */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/**
 * Registers a new practice through /Register and confirms the e-mail from the outbox, in a throwaway context of
 * `browser`, so the journeys start from a real account (the e2e server is not in demo mode).
 */
export async function registerPractice(browser: Browser, server: E2eServer, account: Account): Promise<void> {
  // A practice in the UK (its country, time zone and so its currency, GBP, come from the browser): the journeys' figures
  // are in pounds.
  const context = await browser.newContext({ ...ownAddress(), locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/Register`);
    await page.getByRole('heading', { name: 'Create your practice' }).waitFor();
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('E-mail').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByLabel('Practice name').fill(account.practiceName);
    await page.getByRole('checkbox', { name: /accept the terms/i }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const link = await linkFromOutbox(server.dataDir, account.email, '/Register/Validate-email');
    await page.goto(`${server.url}${link}`);
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
  } finally {
    await context.close();
  }
}

/** Fills the /Login form and submits it; the caller waits for what follows (2-step, an error, the console). */
export async function submitLogin(page: Page, server: E2eServer, person: Pick<Person, 'email' | 'password'>) {
  await page.goto(`${server.url}/Login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(person.email);
  await page.locator('input[name="password"]').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * After a successful sign-in: Prepare shows a new practice's Admin the setup checklist (at each sign-in until it is done),
 * which is skipped; everyone else goes straight on. Resolves on the Dashboard.
 */
export async function passPrepare(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip for now' });
  const dashboard = page.getByRole('heading', { name: 'Dashboard', level: 1 });
  await skip.or(dashboard).first().waitFor();
  if (await skip.isVisible()) await skip.click();
  await waitForDashboard(page);
}

/** Signs in with e-mail and password (no 2-step) and lands on the Dashboard. */
export async function signIn(page: Page, server: E2eServer, person: Pick<Person, 'email' | 'password'>) {
  await submitLogin(page, server, person);
  await passPrepare(page);
}

/** The sidebar landmark. */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Signs out with the sidebar's Sign out item and waits for the sign-in screen. */
export async function signOut(page: Page): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/**
 * The Admin (signed in on `adminPage`) invites `invitee` with `role` from Settings > Practice (team), and the invitee
 * accepts from the outbox on `inviteePage`, setting name and password. Resolves with the invitee on the Dashboard.
 */
export async function inviteAndAccept(
  adminPage: Page,
  inviteePage: Page,
  server: E2eServer,
  invitee: Person,
  role: 'Admin' | 'Therapist' | 'Assistant',
): Promise<void> {
  await adminPage.goto(`${server.url}/Settings/Practice`);
  const form = adminPage.getByRole('form', { name: 'Invite a team member' });
  await form.waitFor();
  // The details and logo above the team load on their own and push the invite form down as they arrive; an open
  // select's list (which locks the page's scroll) would be left below the fold, so wait until the page has settled.
  await adminPage.getByRole('form', { name: 'Practice details' }).waitFor();
  await adminPage.getByText('Shown on invoices and e-mails to clients.', { exact: false }).waitFor();
  await adminPage
    .locator('table:not([aria-busy])', { has: adminPage.locator('caption', { hasText: 'Team members' }) })
    .waitFor();
  await form.getByLabel(/^E-mail address/).fill(invitee.email);
  await form.getByRole('combobox', { name: /^Role/ }).click();
  await adminPage.getByRole('option', { name: role }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await adminPage.getByText(`Invitation sent to ${invitee.email}.`, { exact: false }).first().waitFor();

  const link = await linkFromOutbox(server.dataDir, invitee.email, '/Register/Accept-invitation');
  await inviteePage.goto(`${server.url}${link}`);
  await inviteePage.getByRole('heading', { name: 'Join your practice' }).waitFor();
  await inviteePage.getByLabel('First name').fill(invitee.firstName);
  await inviteePage.getByLabel('Last name').fill(invitee.lastName);
  await inviteePage.locator('input[name="password"]').fill(invitee.password);
  await inviteePage.locator('input[name="confirm"]').fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Join the practice' }).click();
  await passPrepare(inviteePage);
}

/**
 * Clicks a Settings page's link in the sidebar's Settings group (expanding the group when it is closed), without waiting
 * for the page: where the session has ended, the app leaves that page for /login before it could be seen.
 */
export async function clickSettingsLink(page: Page, link: string): Promise<void> {
  const nav = sidebar(page);
  const group = nav.getByRole('button', { name: 'Settings' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: link, exact: true }).click();
}

/** Opens a Settings page from the sidebar's Settings group and waits until it is the page shown. */
export async function openSettingsPage(page: Page, link: string): Promise<void> {
  await clickSettingsLink(page, link);
  await page.waitForURL((url) => url.pathname === `/Settings/${link}`);
}
