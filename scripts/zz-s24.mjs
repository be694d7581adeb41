import { open, signIn, base } from './zz-lib.mjs';
const { browser, page, errs, shot } = await open({ width: 390, height: 844 });
await signIn(page);
for (const [name, path] of [['dash', '/Dashboard'], ['appts', '/Appointments'], ['sched', '/Schedule'], ['bill1', '/Billing/1'], ['client1', '/Clients/1']]) {
  await page.goto(base + path);
  await page.waitForTimeout(1800);
  await shot(`40-m-${name}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(name, 'overflow', overflow);
}
console.log(errs.join('\n'));
await browser.close();
