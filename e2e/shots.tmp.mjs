import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4717';
const { password } = await (await fetch(`${base}/api/demo/accounts`)).json();
const who = { owner: 'admin@demo.halcyon.app', assistant: 'assistant2@demo.halcyon.app' };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const only = process.argv[2];
for (const [name, email] of Object.entries(who)) {
  for (const width of [1440, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 2000 : 3800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${base}/Login`);
    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const skip = page.getByRole('button', { name: 'Skip for now' });
    const dash = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    await skip.or(dash).first().waitFor({ timeout: 60000 });
    if (await skip.isVisible()) await skip.click();
    await dash.waitFor({ timeout: 60000 });
    for (const path of ['/Dashboard', '/Dashboard2', '/Task-manager', '/Learning-development']) {
      if (only && !path.includes(only)) continue;
      await page.goto(`${base}${path}`);
      await page.waitForTimeout(6000);
      await page.screenshot({ path: `/tmp/ws-dash-shots/${name}-${width}${path.replace(/\//g, '_')}.png`, fullPage: true });
    }
    console.log(name, width, 'errors:', errors.slice(0, 5));
    await context.close();
  }
}
await browser.close();
