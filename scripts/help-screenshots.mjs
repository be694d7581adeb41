#!/usr/bin/env node
/**
 * The screenshots of the how-to guides (apps/web/public/help/*.webp), taken from a running demo practice so they show
 * Halcyon as it is: start `npm run demo` (or set BASE to one), then `node scripts/help-screenshots.mjs`. Each is 1280 × 800
 * CSS pixels, the size the guides' Markdown renderer gives every screenshot, saved as WebP. Run it again after a screen
 * changes and commit the images with the change. The demo's clients are made up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const BASE = (process.env.BASE ?? 'http://localhost:3000').replace(/\/+$/, '');
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public', 'help');
const VIEWPORT = { width: 1280, height: 800 };

/** Signs in as the demo practice's Admin and lands on the dashboard. */
async function signIn(page) {
  const demo = await (await fetch(`${BASE}/api/demo/accounts`)).json();
  const admin = demo.accounts.find((account) => account.role === 'Admin');
  await page.goto(`${BASE}/Login`);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel(/^Password/).fill(demo.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/Dashboard|Prepare-console/, { timeout: 30_000 });
}

/** Opens a page and waits until its reads have settled and nothing is still loading. */
async function visit(page, url) {
  await page.goto(`${BASE}${url}`);
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

/** The demo's first client, who has a year of sessions, notes and measures. */
const CLIENT = 1;

/** Scrolls the page so the heading is at the top of the window. */
async function scrollTo(page, heading) {
  await page
    .getByRole('heading', { name: heading })
    .first()
    .evaluate((element) => element.scrollIntoView());
}

/** What each guide shows: the image's name (guide slug and step) and how to reach the screen. */
const SHOTS = [
  ['set-up-your-practice-details', (page) => visit(page, '/Settings/Practice')],
  ['set-up-your-practice-services', (page) => visit(page, '/Settings/Services')],
  [
    'add-a-client-form',
    async (page) => {
      await visit(page, '/Clients');
      await page.getByRole('button', { name: 'Add client' }).click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  [
    'schedule-a-session-form',
    async (page) => {
      await visit(page, '/Appointments');
      await page
        .getByRole('button', { name: /^Schedule/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  ['write-and-sign-a-note-sessions', (page) => visit(page, `/Clients/${CLIENT}?tab=sessions`)],
  [
    'write-and-sign-a-note-form',
    async (page) => {
      // A session that took place and whose note is still a draft: the dashboard lists them by client.
      await visit(page, '/Dashboard');
      const card = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Sessions that need a note' }) });
      const client = await card.locator('a[href^="/Clients/"]').first().getAttribute('href');
      await visit(page, `${client.split('?')[0]}?tab=sessions`);
      const row = page.locator('tr', { hasText: 'Attended' }).filter({ hasText: 'Draft' }).first();
      await row.getByRole('button', { name: /note/i }).first().click();
      await page.getByRole('dialog').locator('[contenteditable="true"]').waitFor();
    },
  ],
  ['send-an-invoice-list', (page) => visit(page, '/Billing')],
  [
    'send-an-invoice-details',
    async (page) => {
      await visit(page, '/Billing');
      // An invoice still owed, so the actions to send a reminder and record a payment show.
      const owed = page.locator('tr', { hasText: /Overdue|Sent/ }).locator('a[href^="/Billing/"]');
      const href = await owed.first().getAttribute('href');
      await visit(page, href);
    },
  ],
  [
    'turn-on-2-step-verification-security',
    async (page) => {
      await visit(page, '/Settings/Profile-security');
      await scrollTo(page, /2-step verification/i);
    },
  ],
];

/** PNG to WebP in the browser itself (no image tool to install): about a fifth of the size at this quality. */
async function toWebp(page, png) {
  const dataUrl = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d').drawImage(image, 0, 0);
    return canvas.toDataURL('image/webp', 0.82);
  }, png.toString('base64'));
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const only = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page);
  fs.mkdirSync(OUT, { recursive: true });
  for (const [name, reach] of SHOTS) {
    if (only.length > 0 && !only.includes(name)) continue;
    await reach(page);
    // The caret and focus ring are left out of the picture; the page itself is as a user sees it.
    await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
    const png = await page.screenshot({ caret: 'hide', animations: 'disabled' });
    const webp = await toWebp(page, png);
    fs.writeFileSync(path.join(OUT, `${name}.webp`), webp);
    // PNG_DIR=/tmp/shots keeps a PNG of each too, for a review in a tool that cannot open WebP.
    if (process.env.PNG_DIR) fs.writeFileSync(path.join(process.env.PNG_DIR, `${name}.png`), png);
    console.info(`${name}.webp  ${Math.round(webp.length / 1024)} KB`);
  }
} finally {
  await browser.close();
}
