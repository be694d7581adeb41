import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.mjs';
export const base = process.env.BASE ?? 'http://localhost:3997';
export async function open({ width = 1440, height = 900 } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const ctx = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await ctx.newPage();
  const errs = [];
  page.on('console', (m) => { if (['error', 'warning'].includes(m.type())) errs.push(m.type() + ': ' + m.text()); });
  page.on('pageerror', (e) => errs.push('pageerror: ' + e.message));
  page.on('response', (r) => { if (r.status() >= 400) errs.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
  const shot = async (n, full = false) => { await page.waitForTimeout(500); await page.screenshot({ path: `/tmp/shots/${n}.png`, fullPage: full }); };
  return { browser, ctx, page, errs, shot };
}
export async function signIn(page) {
  const { email, password } = JSON.parse(fs.readFileSync('/tmp/shots/cred.json', 'utf8'));
  await page.goto(`${base}/Login`);
  await page.getByLabel('E-mail').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/Prepare-console|Dashboard/);
  await page.waitForTimeout(800);
}
