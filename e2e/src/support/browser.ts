import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs';

/** Debian's Chromium through playwright-core; no browser is ever downloaded. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium was not found: install it (apt-get install chromium) or set CHROME_PATH.');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Browser-context options that make each context a person at an address of their own: the one e2e server trusts
 * X-Forwarded-For (global-setup.ts), so the per-address limits (10 sign-ups an hour) apply per person, as they would
 * for the people a whole run stands for, not to the whole run from 127.0.0.1.
 */
export function ownAddress(): { extraHTTPHeaders: Record<string, string> } {
  const octet = () => crypto.randomInt(1, 255);
  return { extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` } };
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A new page that records console errors and page errors, so a journey can assert there were none. */
export async function openPage(browser: Browser, viewport = { width: 1300, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport, ...ownAddress() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    errors.push(
      url && message.text().startsWith('Failed to load resource') ? `${message.text()} ${url}` : message.text(),
    );
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * The axe the unit tests, the stories' docs check and the pages' checks all run (the repo's one pinned axe-core):
 * `@axe-core/playwright` would bring its own, older one, which still treated WCAG 2.5.3 "label in name" as experimental
 * and never ran it.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe violations on the page as "rule: targets" lines; an empty array means none. Finite animations (a dialog fading in)
 * are let finish first: half-transparent text would be measured at a contrast the user never reads.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
