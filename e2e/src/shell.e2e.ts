import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, openPage } from './support/browser';
import { createClientThroughApi } from './support/clients';
import {
  e2eServer,
  newAccount,
  pathOf,
  registerPractice,
  sidebar,
  signIn,
  waitForDashboard,
  type Account,
} from './support/journeys';

/** Issue 5 acceptance: the narrow-screen sidebar/panel exclusion, and the privacy switch. */
describe('the shell', () => {
  const server = e2eServer();
  let browser: Browser;
  let account: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    account = newAccount('Katherine');
    await registerPractice(browser, server, account);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given an 800 px screen, then the sidebar starts closed; opening the notifications panel closes the sidebar and opening the sidebar closes the panel; a route change closes the sidebar', async () => {
    const { page, context, errors } = await openPage(browser, { width: 800, height: 900 });
    await signIn(page, server, account);
    const nav = sidebar(page);
    const panelHeading = page.getByRole('heading', { name: /^You have \d+ new notifications$/ });
    const openMenu = () => page.getByRole('button', { name: 'Open menu' }).click();
    expect(await nav.isVisible()).toBe(false);

    await openMenu();
    await nav.waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);

    // Sidebar -> panel: the panel opens and the sidebar closes.
    await nav.getByRole('button', { name: /^Notifications/ }).click();
    await panelHeading.waitFor();
    await nav.waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);

    // Panel -> sidebar: the panel overlays the page as a modal, so the menu button is out of reach of the pointer and
    // the accessibility tree while it is open; its click is dispatched to check the rule itself.
    await page.getByRole('button', { name: 'Open menu', includeHidden: true }).dispatchEvent('click');
    await nav.waitFor({ state: 'visible' });
    await panelHeading.waitFor({ state: 'detached' });

    // A route change from the sidebar closes it ...
    await nav.getByRole('link', { name: /^Billing/ }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await nav.waitFor({ state: 'hidden' });

    // ... and so does one from anywhere else (the browser's Back button).
    await openMenu();
    await nav.waitFor({ state: 'visible' });
    await page.goBack();
    await waitForDashboard(page);
    await nav.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/Dashboard');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('given a client name in the top-bar search results, when the Privacy switch is turned on, then the name is blurred, the sidebar says On, and both survive a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, server, account);
    // A real client of the practice, so the top-bar search finds a name to show.
    await createClientThroughApi(page, { firstName: 'Jane', lastName: 'Doe' });

    const privacy = page.getByRole('switch', { name: 'Privacy' });
    const sidebarPrivacy = sidebar(page).getByRole('button', { name: /^Privacy/ });
    const name = await searchClient(page, 'Jane');
    expect(await privacy.isChecked()).toBe(false);
    expect(await name.getAttribute('data-state')).toBe('shown');
    expect(await filterOf(name)).toBe('none');

    await privacy.click();
    expect(await privacy.isChecked()).toBe(true);
    expect(await sidebarPrivacy.innerText()).toMatch(/On$/);
    expect(await sidebarPrivacy.getAttribute('aria-pressed')).toBe('true');
    await expectBlurred(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await waitForDashboard(page);
    expect(await privacy.isChecked()).toBe(true);
    expect(await sidebarPrivacy.innerText()).toMatch(/On$/);
    await searchClient(page, 'Jane');
    await expectBlurred(page);

    await privacy.click();
    expect(await sidebarPrivacy.innerText()).toMatch(/Off$/);
    await page.getByText('Jane Doe').and(page.locator('[data-state="shown"]')).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Types into the top bar's client search and answers the first result's name (a `Sensitive`). */
async function searchClient(page: Page, term: string) {
  await page.getByRole('combobox', { name: 'Search on client name' }).fill(term);
  const option = page.getByRole('listbox', { name: 'Matching clients' }).getByRole('option', { name: /Jane Doe/ });
  await option.waitFor();
  return option.getByText('Jane Doe');
}

function filterOf(locator: ReturnType<Page['getByText']>): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).filter);
}

async function expectBlurred(page: Page) {
  const name = page.getByText('Jane Doe').and(page.locator('[data-state="hidden"]'));
  await name.waitFor();
  await expect.poll(() => filterOf(name)).toMatch(/^blur\(/);
}
