import { open, signIn, base } from './zz-lib.mjs';
const { browser, page, errs, shot } = await open();
await signIn(page);
await page.waitForTimeout(1500);
await shot('19-dashboard');
console.log((await page.locator('main').innerText()).slice(0, 2500));
console.log(errs.join('\n'));
await browser.close();
