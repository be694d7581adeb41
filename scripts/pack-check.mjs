#!/usr/bin/env node
/**
 * Proof that another product can import our published packages, and what it pays for them. Builds the three packages,
 * runs publint, `pnpm pack`s them (which applies publishConfig and replaces workspace: ranges) and checks each tarball
 * carries its README.md, LICENSE and CHANGELOG.md. Installs the tarballs with npm into a scratch project outside the
 * workspace and builds four Vite apps there:
 *
 * - `baseline`: React alone, what every budget is measured beyond;
 * - `button`: imports only `Button` (+ base.css); `dialog-switch`: imports only `Dialog` and `Switch` (+ base.css).
 *   Each must stay within its budget (BUDGETS, gzip, beyond the baseline) and carry no TipTap/ProseMirror;
 * - `full`: the three packages together (scripts/pack-check/full.tsx), type-checked first against the tarballs'
 *   declarations by TypeScript in strict mode with `skipLibCheck: false` (so the declarations themselves must compile
 *   for a product that has no Vite types), then opened in Chromium: the body font is the design system's, a Button is
 *   styled by it, a Dialog opens and closes, and the ModalHost shows three modals in turn.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['design-system', 'api', 'modals'];
/** Files every tarball must carry (besides package.json and dist/). */
const REQUIRED_FILES = ['README.md', 'LICENSE', 'CHANGELOG.md'];
/** KB of gzipped JavaScript beyond the React baseline, and of gzipped CSS, per budget app (stated in QUALITY.md). */
const BUDGETS = {
  button: { js: 5, css: 4 },
  'dialog-switch': { js: 25, css: 6 },
};
const HEAVY = /prosemirror|@tiptap|tiptap/i;
const apps = ['baseline', ...Object.keys(BUDGETS), 'full'];
const failures = [];

/**
 * Runs a command; its output is printed whole, under the command, when it ends, so commands running at the same time
 * never interleave their lines. Stops pack-check if it fails.
 */
function run(cmd, args, cwd, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.info(`$ ${cmd} ${args.join(' ')} (in ${cwd.startsWith(root) ? path.relative(root, cwd) || '.' : cwd})`);
      process.stdout.write(Buffer.concat(output));
      if (status !== 0) {
        console.error(`pack-check failed at: ${cmd} ${args.join(' ')}`);
        process.exit(status ?? 1);
      }
      resolve();
    });
  });
}

const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const dev = rootPkg.devDependencies;
/** The scratch project's package.json: React, Vite and TypeScript from the workspace's versions, plus `tarballs`. */
function scratchPackage(tarballs) {
  return JSON.stringify(
    {
      name: 'halcyon-pack-check',
      private: true,
      type: 'module',
      dependencies: { ...tarballs, react: dev.react, 'react-dom': dev['react-dom'] },
      devDependencies: {
        vite: dev.vite,
        '@vitejs/plugin-react': dev['@vitejs/plugin-react'],
        typescript: dev.typescript,
        '@types/react': dev['@types/react'],
        '@types/react-dom': dev['@types/react-dom'],
      },
      // The tarballs depend on each other by version; point those ranges at the local tarballs, never at a registry.
      overrides: tarballs,
    },
    null,
    2,
  );
}

// The three packages build at once (none reads another's dist/: each resolves the others from their sources), while
// npm installs the scratch project's React, Vite and TypeScript; the tarballs are added once they are packed. On two
// cores pack-check took 119 s one step at a time, 70 s this way (with the builds' declarations emitted unchecked).
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-pack-check-'));
fs.writeFileSync(path.join(scratch, 'package.json'), scratchPackage({}));
const thirdParty = run('npm', NPM_INSTALL, scratch);
await Promise.all(
  packages.map(async (name) => {
    const dir = path.join(root, 'packages', name);
    await run('pnpm', ['run', 'build'], dir);
    await run('pnpm', ['run', 'publint'], dir);
    await run('pnpm', ['pack', '--pack-destination', scratch], dir);
  }),
);
await thirdParty;

const tarballs = {};
for (const file of fs.readdirSync(scratch)) {
  const match = /^halcyon-(design-system|api|modals)-.*\.tgz$/.exec(file);
  if (!match) continue;
  tarballs[`@halcyon/${match[1]}`] = `file:./${file}`;
  const listed = spawnSync('tar', ['-tzf', path.join(scratch, file)], { encoding: 'utf8' }).stdout.split('\n');
  for (const required of REQUIRED_FILES)
    if (!listed.includes(`package/${required}`)) failures.push(`${file} does not carry ${required}`);
}
if (Object.keys(tarballs).length !== packages.length)
  throw new Error(`Expected ${packages.length} tarballs in ${scratch}`);

fs.writeFileSync(path.join(scratch, 'package.json'), scratchPackage(tarballs));
fs.writeFileSync(
  path.join(scratch, 'vite.config.js'),
  [
    "import react from '@vitejs/plugin-react';",
    "import { defineConfig } from 'vite';",
    'const app = process.env.PACK_CHECK_APP;',
    'export default defineConfig({',
    '  root: `apps/${app}`,',
    '  plugins: [react()],',
    "  logLevel: 'warn',",
    '  build: { outDir: `../../dist/${app}`, emptyOutDir: true },',
    '});',
    '',
  ].join('\n'),
);
for (const app of apps) {
  const dir = path.join(scratch, 'apps', app);
  const source = fs.readdirSync(path.join(root, 'scripts', 'pack-check')).find((file) => file.startsWith(`${app}.`));
  const main = `main${path.extname(source)}`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>pack check: ${app}</title></head><body><div id="root"></div><script type="module" src="./${main}"></script></body></html>`,
  );
  fs.copyFileSync(path.join(root, 'scripts', 'pack-check', source), path.join(dir, main));
}
// The full app as a TypeScript product compiles it: strict, its libraries' declarations checked too, and no Vite types
// (only a stylesheet import is declared), so a declaration that needs the bundler's globals fails here.
fs.writeFileSync(path.join(scratch, 'stylesheets.d.ts'), "declare module '*.css';\n");
fs.writeFileSync(
  path.join(scratch, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['stylesheets.d.ts', 'apps/full/main.tsx'],
    },
    null,
    2,
  ),
);

await run('npm', NPM_INSTALL, scratch);
// The type check runs beside the four Vite builds.
const typeCheck = run('npx', ['tsc', '-p', 'tsconfig.json'], scratch);
const sizes = {};
for (const app of apps) {
  await run('npx', ['vite', 'build'], scratch, { PACK_CHECK_APP: app });
  const assets = path.join(scratch, 'dist', app, 'assets');
  const size = { js: 0, css: 0, heavy: false };
  for (const file of fs.readdirSync(assets)) {
    const kind = path.extname(file).slice(1);
    if (kind !== 'js' && kind !== 'css') continue;
    const source = fs.readFileSync(path.join(assets, file));
    size[kind] += zlib.gzipSync(source, { level: 9 }).length / 1024;
    if (kind === 'js' && HEAVY.test(source.toString('utf8'))) size.heavy = true;
  }
  sizes[app] = size;
}
await typeCheck;

const kb = (value) => `${value.toFixed(1)} KB`;
console.info(`\npack-check budgets (gzip; JavaScript beyond React's ${kb(sizes.baseline.js)}):`);
for (const [app, budget] of Object.entries(BUDGETS)) {
  const js = sizes[app].js - sizes.baseline.js;
  const { css } = sizes[app];
  const ok = js <= budget.js && css <= budget.css && !sizes[app].heavy;
  console.info(
    `  ${ok ? 'ok  ' : 'FAIL'} ${app}: JS ${kb(js)} (budget ${budget.js} KB), CSS ${kb(css)} (budget ${budget.css} KB)`,
  );
  if (js > budget.js) failures.push(`${app}: ${kb(js)} of JavaScript beyond React, over its ${budget.js} KB budget`);
  if (css > budget.css) failures.push(`${app}: ${kb(css)} of CSS, over its ${budget.css} KB budget`);
  if (sizes[app].heavy) failures.push(`${app}: the build carries TipTap/ProseMirror, which it never imports`);
}

// The full app in Chromium, served from its build the way a product would serve it.
const executablePath = chromiumPath();
if (!executablePath) failures.push('no Chromium (/usr/bin/chromium or CHROME_PATH) to render the full app');
else failures.push(...(await renderFullApp(path.join(scratch, 'dist', 'full'), executablePath)));

if (failures.length) {
  console.error(`\npack-check failed (scratch project kept in ${scratch}):\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.info(`\npack-check: tarballs complete, budgets met, the full app renders in Chromium (${scratch}).`);
if (!process.env.KEEP_PACK_CHECK) fs.rmSync(scratch, { recursive: true, force: true });

/** Serves `dir` and checks in Chromium what a product would see; returns what is wrong. */
async function renderFullApp(dir, executablePath) {
  const server = await serveStatic(dir);
  const problems = [];
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${server.url}/`);
    const openDialog = page.getByRole('button', { name: 'Open dialog' });
    await openDialog.waitFor({ timeout: 15_000 });

    const style = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.background = 'var(--hds-color-accent)';
      document.body.append(probe);
      const accent = getComputedStyle(probe).backgroundColor;
      probe.remove();
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Open dialog');
      return {
        token: getComputedStyle(document.documentElement).getPropertyValue('--hds-font-sans').trim(),
        body: getComputedStyle(document.body).fontFamily,
        heading: getComputedStyle(document.querySelector('h1')).fontFamily,
        accent,
        button: button ? getComputedStyle(button).backgroundColor : '',
      };
    });
    console.info(`  body font: ${style.body}; Button background ${style.button} (accent ${style.accent})`);
    const sameFont = (value) => value.replace(/["']/g, '') === style.token.replace(/["']/g, '');
    if (!style.token.includes('Inter')) problems.push(`--hds-font-sans is "${style.token}": the tokens did not load`);
    if (!sameFont(style.body)) problems.push(`the body font is "${style.body}", not the design system's`);
    if (!sameFont(style.heading)) problems.push(`the h1 font is "${style.heading}", not the design system's`);
    if (style.button !== style.accent) problems.push(`the Button is not styled by the design system (${style.button})`);

    await openDialog.click();
    const dialog = page.getByRole('dialog', { name: 'Supervision session' });
    await dialog.waitFor({ timeout: 5_000 });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    console.info('  Dialog: opened and closed');

    for (const opener of ['New client', 'Filter clients', 'Delete note']) {
      await page.getByRole('button', { name: opener }).click();
      const modal = page.locator('[role="dialog"], [role="alertdialog"]');
      try {
        await modal.first().waitFor({ timeout: 10_000 });
        const title = await modal.first().getAttribute('aria-labelledby');
        const name = title ? await page.locator(`[id="${title}"]`).textContent() : '';
        console.info(`  ModalHost: "${opener}" shows the modal "${name}"`);
        await page.keyboard.press('Escape');
        await modal.first().waitFor({ state: 'detached', timeout: 5_000 });
      } catch (error) {
        problems.push(`the ModalHost did not show and close the modal of "${opener}": ${error.message.split('\n')[0]}`);
      }
    }
  } catch (error) {
    problems.push(`the full app: ${error.message.split('\n')[0]}`);
  } finally {
    await browser.close();
    await server.close();
  }
  return problems;
}
