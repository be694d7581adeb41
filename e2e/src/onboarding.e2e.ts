import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import { linkFromOutbox } from './support/outbox';

/** The first journey of a new practice: register, confirm the e-mail from the outbox, sign in, prepare, dashboard. */
describe('a new practice signs up', () => {
  let browser: Browser;
  const server = { url: inject('baseUrl'), dataDir: inject('dataDir') };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a new therapist, when they register, validate from the outbox, sign in and prepare, then the dashboard shows, axe finds nothing, and the sidebar is open at 1300 px and closed at 1200 px', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1300, height: 900 });
    const email = `ada.${Date.now()}@example.org`;
    const password = 'quiet harbour lanterns 2026';

    await page.goto(`${server.url}/Register`);
    await page.getByRole('heading', { name: 'Create your practice' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByLabel('Practice name').fill('Analytical Counselling');
    await page.getByRole('checkbox', { name: /accept the terms/i }).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const link = await linkFromOutbox(server.dataDir, email, '/Register/Validate-email');
    await page.goto(`${server.url}${link}`);
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // A new practice sees the setup checklist on Prepare, and can skip it.
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    expect(page.url()).toContain('/Prepare-console');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Skip for now' }).click();

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.waitFor();
    expect(await sidebar.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1200, height: 900 });
    await sidebar.waitFor({ state: 'hidden' });
    expect(await sidebar.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1300, height: 900 });
    await sidebar.waitFor({ state: 'visible' });

    expect(errors).toEqual([]);
    await context.close();
  });
});
