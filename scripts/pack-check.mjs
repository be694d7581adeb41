#!/usr/bin/env node
/**
 * Proof that another product can import our published packages: build the three packages, `pnpm pack` them (which
 * applies publishConfig and replaces workspace: ranges), install the tarballs into a scratch Vite app outside the
 * workspace with npm, and build that app. Also runs publint on each package.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['design-system', 'api', 'modals'];

function run(cmd, args, cwd) {
  console.info(`$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`pack-check failed at: ${cmd} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-pack-check-'));
const tarballs = {};
for (const name of packages) {
  const dir = path.join(root, 'packages', name);
  run('pnpm', ['run', 'build'], dir);
  run('pnpm', ['run', 'publint'], dir);
  run('pnpm', ['pack', '--pack-destination', scratch], dir);
}
for (const file of fs.readdirSync(scratch)) {
  const match = /^halcyon-(design-system|api|modals)-.*\.tgz$/.exec(file);
  if (match) tarballs[`@halcyon/${match[1]}`] = `file:./${file}`;
}
if (Object.keys(tarballs).length !== packages.length)
  throw new Error(`Expected ${packages.length} tarballs in ${scratch}`);

const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const dev = rootPkg.devDependencies;
fs.writeFileSync(
  path.join(scratch, 'package.json'),
  JSON.stringify(
    {
      name: 'halcyon-pack-check',
      private: true,
      type: 'module',
      dependencies: { ...tarballs, react: dev.react, 'react-dom': dev['react-dom'] },
      devDependencies: { vite: dev.vite, '@vitejs/plugin-react': dev['@vitejs/plugin-react'] },
      // The tarballs depend on each other by version; point those ranges at the local tarballs, never at a registry.
      overrides: tarballs,
    },
    null,
    2,
  ),
);
fs.writeFileSync(
  path.join(scratch, 'index.html'),
  '<!doctype html><html lang="en"><head><title>pack check</title></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
);
fs.writeFileSync(
  path.join(scratch, 'vite.config.js'),
  "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ plugins: [react()] });\n",
);
fs.copyFileSync(path.join(root, 'scripts', 'pack-check-app.jsx'), path.join(scratch, 'main.jsx'));

run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], scratch);
run('npx', ['vite', 'build', '--logLevel', 'warn'], scratch);
const built = fs.readdirSync(path.join(scratch, 'dist', 'assets'));
if (!built.some((file) => file.endsWith('.js')) || !built.some((file) => file.endsWith('.css'))) {
  console.error('pack-check: the scratch app built without JavaScript or CSS');
  process.exit(1);
}
console.info(`pack-check: the three packages installed from their tarballs and a scratch Vite app built (${scratch}).`);
if (!process.env.KEEP_PACK_CHECK) fs.rmSync(scratch, { recursive: true, force: true });
