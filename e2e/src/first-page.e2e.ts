import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, launchBrowser, openPage } from './support/browser';

describe('first page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('given the built app, when a person opens /, then they land on /Login, the sign-in form renders from the design system, there are no console errors and axe finds nothing', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(inject('baseUrl'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Login');
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.getAttribute('data-variant')).toBe('primary');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('given a deep link while signed out, then the server answers the app (history fallback) and the guard sends the person to /login', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto(`${inject('baseUrl')}/Clients/42`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('given an unknown path, then the not-found page links to the sign-in page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${inject('baseUrl')}/No-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to the sign-in page' }).getAttribute('href')).toBe('/Login');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
