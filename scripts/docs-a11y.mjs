#!/usr/bin/env node
/**
 * The docs pages of the built Storybook (storybook-static, from `pnpm build-storybook`) checked by axe in Chromium, as
 * the story tests check every story: any serious or critical violation on any docs page (the MDX pages and every
 * component's autodocs page) fails. Usage: `pnpm test:docs-a11y [dir] [id-part ...]` (dir defaults to storybook-static;
 * id parts, e.g. `foundations-tokens`, check only the docs pages whose id contains one).
 *
 * Storybook's own furniture on those pages is left out, as it is not ours to fix: the Controls table
 * (`.docblock-argstable`) and the scrolling frame around each story block (`.docs-story`, flagged by
 * scrollable-region-focusable when a story shows only disabled or read-only content); everything inside the frames is checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(root, process.argv[2] ?? 'storybook-static');
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
const only = process.argv.slice(3);
const docs = Object.values(index.entries).filter(
  (entry) => entry.type === 'docs' && (!only.length || only.some((part) => entry.id.includes(part))),
);
const executablePath = chromiumPath();
if (!executablePath) throw new Error('docs-a11y needs Chromium (/usr/bin/chromium or CHROME_PATH)');

const server = await serveStatic(dir);
const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
const failures = [];
try {
  const page = await browser.newPage();
  // A modal's docs page shows each of its stories in an iframe of its own (each a whole Storybook preview, loading and
  // rendering for seconds). axe here looks at the docs page, not inside frames (the story tests check every story with
  // axe), so those frames get an empty titled page instead: this check took 203 s loading them, 79 s without.
  await page.route(
    (url) => url.pathname.endsWith('/iframe.html') && url.searchParams.get('viewMode') === 'story',
    (route) =>
      route.request().frame() === page.mainFrame()
        ? route.continue()
        : route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><html lang="en"><title>Story</title></html>',
          }),
  );
  let loaded = false;
  for (const entry of docs) {
    // The preview loads once; each next docs page is rendered in place through Storybook's channel, as the manager
    // does when someone clicks through the sidebar (loading the whole preview per page took most of this check's time).
    if (loaded) await showDocs(page, entry.id);
    else {
      await page.goto(`${server.url}/iframe.html?id=${entry.id}&viewMode=docs`);
      loaded = true;
    }
    await page.locator('#storybook-docs .sbdocs-content').waitFor({ timeout: 30_000 });
    // Every story block on the page has rendered (or failed to) before axe looks.
    await page.waitForFunction(
      () => !document.querySelector('#storybook-docs .sb-loader, #storybook-docs [data-is-loading="true"]'),
    );
    // axe stays loaded across pages rendered in place (parsing it again for each page was a sixth of this check).
    if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(
        { include: [['#storybook-docs']], exclude: [['.docblock-argstable']] },
        { resultTypes: ['violations'] },
      );
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .filter((n) => !(v.id === 'scrollable-region-focusable' && n.html.startsWith('<div class="docs-story')))
          .map((n) => n.target.join(' ')),
      }));
    });
    const serious = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact) && violation.nodes.length);
    for (const violation of serious)
      failures.push(
        `${entry.title} (${entry.id}): ${violation.impact} ${violation.id}, ${violation.help}, ${violation.nodes.length} element(s), e.g. ${violation.nodes[0]}`,
      );
  }
} finally {
  await browser.close();
  await server.close();
}

/** Renders the docs page `id` in the loaded preview and waits until Storybook says it has rendered. */
async function showDocs(page, id) {
  await page.evaluate(
    (storyId) =>
      new Promise((resolve, reject) => {
        const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
        const timer = setTimeout(() => reject(new Error(`The docs page ${storyId} did not render in 30 s.`)), 30_000);
        const rendered = (renderedId) => {
          if (renderedId !== storyId) return;
          clearTimeout(timer);
          channel.off('docsRendered', rendered);
          resolve();
        };
        channel.on('docsRendered', rendered);
        channel.emit('setCurrentStory', { storyId, viewMode: 'docs' });
      }),
    id,
  );
}

if (failures.length) {
  console.error(`docs-a11y: serious axe violations on docs pages:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.info(`docs-a11y: ${docs.length} docs pages, no serious or critical axe violation.`);
