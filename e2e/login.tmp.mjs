import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.goto('http://127.0.0.1:4717/Login');
await page.waitForTimeout(5000);
await page.screenshot({ path: '/tmp/ws-dash-shots/login.png' });
console.log((await page.locator('button').allInnerTexts()).join(' | '));
await browser.close();
