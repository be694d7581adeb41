import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { createClientThroughApi } from './support/clients';
import { e2eServer, newAccount, registerPractice, signIn, type Account } from './support/journeys';
import { areaOrder, focused, focusTop, layout, NO_OVERFLOW, tab, tabTo, type Focused } from './support/keyboard';

/** The sidebar is docked above this width and overlays the page at or below it (SPEC.md §9). */
const SIDEBAR_BREAKPOINT = 1200;
const CLIENT_TAB_COUNT = 11;

/**
 * Issue 11 acceptance: keyboard only, at 390, 1024 and 1440 px, the shell and every page of the clients vertical are
 * reachable and usable: Tab goes skip link -> sidebar -> top bar -> page with no trap and a visible focus everywhere, and
 * the page never overflows the window nor scrolls the shell away.
 */
describe('keyboard and layout of the clients vertical', () => {
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

  for (const width of [390, 1024, 1440]) {
    it(`given a ${width} px screen and only the keyboard, then the shell, the client list, a client's ${CLIENT_TAB_COUNT} tabs and a modal are reachable with no trap, focus visible and nothing overflowing`, async () => {
      const watched = await openPage(browser, { width, height: 800 });
      const { page } = watched;
      const wide = width > SIDEBAR_BREAKPOINT;
      await signIn(page, server, account);
      const lastName = `Keyboard${width}`;
      await createClientThroughApi(page, { firstName: 'Ada', lastName });

      // The client list: nothing overflows the window and the document itself never scrolls.
      await page.goto(`${server.url}/Clients`);
      await page.getByRole('grid').waitFor();
      await page.getByRole('link', { name: new RegExp(lastName) }).waitFor();
      expect(await layout(page)).toEqual(NO_OVERFLOW);

      // Tab order: skip link -> sidebar (docked on a wide screen) -> top bar -> page.
      await focusTop(page);
      const first = await tab(page);
      expect(first.area).toBe('skip');
      const toMain = [first, ...(await tabTo(page, (focus) => focus.area === 'main'))];
      expect(areaOrder(toMain).filter((area) => area !== 'other')).toEqual(
        wide ? ['skip', 'nav', 'header', 'main'] : ['skip', 'header', 'main'],
      );
      expectAllVisible(toMain);
      // No trap: Tab goes on through the page and comes round to the skip link again.
      expectAllVisible(await tabTo(page, (focus) => focus.area === 'skip', 150));

      // The skip link moves focus to the page.
      await focusTop(page);
      await tab(page);
      await page.keyboard.press('Enter');
      expect((await tab(page)).area).toBe('main');

      if (wide) await collapseAndExpandSidebar(page);
      else await openAndCloseSidebar(page);

      // A client, found with the search box and opened from the list with Enter.
      await focusTop(page);
      await tabTo(page, (focus) => focus.name === 'Search clients');
      await page.keyboard.type(lastName);
      await page.getByRole('grid').getByRole('row').nth(2).waitFor({ state: 'detached' });
      await tabTo(page, (focus) => focus.role === 'a' && focus.name.includes(lastName));
      await page.keyboard.press('Enter');
      const tabList = page.getByRole('tablist', { name: 'Client records' });
      await tabList.waitFor();
      await page.getByRole('heading', { level: 1, name: new RegExp(lastName) }).waitFor();
      expect(await layout(page)).toEqual(NO_OVERFLOW);

      // Its tabs: one row, walked with the arrow keys; each selected tab is in view and its panel shows.
      expect(await rowsOf(page)).toBe(1);
      await focusTop(page);
      await tabTo(page, (focus) => focus.role === 'tab');
      for (let index = 1; index < CLIENT_TAB_COUNT; index += 1) {
        await page.keyboard.press('ArrowRight');
        const focus = await focused(page);
        expect(focus.role).toBe('tab');
        expect(focus.visible).toBe(true);
        await page.getByRole('tabpanel').waitFor();
        await expect.poll(() => selectedTabInView(page)).toBe(true); // the row scrolls smoothly
        expect(await layout(page)).toEqual(NO_OVERFLOW);
      }

      // A modal: opened with Enter from the Overview tab, focus inside, Escape closes it and focus returns to its opener.
      await page.keyboard.press('Home');
      await page.getByRole('heading', { name: 'Personal details' }).waitFor();
      await tabTo(page, (focus) => focus.area === 'main' && focus.name === 'Edit personal details');
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog');
      await modal.waitFor();
      const inside: Focused[] = [];
      for (let press = 0; press < 6; press += 1) inside.push(await tab(page));
      expect(inside.every((focus) => focus.area === 'dialog')).toBe(true);
      expectAllVisible(inside);
      expect(await layout(page)).toEqual(NO_OVERFLOW);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      // Focus goes back once the closing dialog has let go of it (a frame after it leaves the page).
      await expect.poll(async () => (await focused(page)).name).toBe('Edit personal details');
      const back = await focused(page);
      expect(back.visible).toBe(true);

      expect(watched.errors).toEqual([]);
      await watched.context.close();
    });
  }
});

function expectAllVisible(path: readonly Focused[]) {
  const unseen = path.filter((focus) => !focus.visible).map((focus) => `${focus.area}:${focus.role}:${focus.name}`);
  expect(unseen).toEqual([]);
}

/** Narrow screens: the menu button opens the overlaying sidebar with focus inside; Escape closes it and focus returns. */
async function openAndCloseSidebar(page: Page) {
  await focusTop(page);
  await tabTo(page, (focus) => focus.name === 'Open menu');
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  const inside = await focused(page);
  expect(['nav', 'other']).toContain(inside.area);
  expect(inside.visible).toBe(true);
  // While it overlays the page it is modal: Tab stays in it.
  for (let press = 0; press < 20; press += 1) expect(['nav', 'other']).toContain((await tab(page)).area);
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  expect((await focused(page)).name).toBe('Open menu');
  expect(await layout(page)).toEqual(NO_OVERFLOW);
}

/** Wide screens: the collapse toggle works from the keyboard, the choice survives a reload, the practice stays named. */
async function collapseAndExpandSidebar(page: Page) {
  await focusTop(page);
  await tabTo(page, (focus) => focus.name === 'Collapse sidebar');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
  await page.reload();
  await page.getByRole('grid').waitFor();
  await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
  await page.getByRole('img', { name: /Counselling/ }).waitFor(); // the practice's name, once its details load
  expect(await layout(page)).toEqual(NO_OVERFLOW);
  await focusTop(page);
  await tabTo(page, (focus) => focus.name === 'Expand sidebar');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
}

/** How many rows the client's tab triggers take. */
function rowsOf(page: Page): Promise<number> {
  return page
    .getByRole('tablist', { name: 'Client records' })
    .evaluate(
      (list) =>
        new Set(Array.from(list.querySelectorAll('[role="tab"]'), (tab) => tab.getBoundingClientRect().top)).size,
    );
}

/** Whether the selected tab lies inside the visible part of its scrolling row. */
function selectedTabInView(page: Page): Promise<boolean> {
  return page.getByRole('tablist', { name: 'Client records' }).evaluate((list) => {
    const selected = list.querySelector('[role="tab"][aria-selected="true"]');
    if (!selected) return false;
    const row = list.getBoundingClientRect();
    const tab = selected.getBoundingClientRect();
    return tab.left >= row.left - 1 && tab.right <= row.right + 1;
  });
}
