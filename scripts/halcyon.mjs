#!/usr/bin/env node
/**
 * The README's commands on a fresh machine with only Node 20 and npm:
 *   npm start    install pnpm (through npm) and the workspace, build, migrate the embedded database, serve on :3000
 *   npm run demo the same, with the demo practice
 *   npm test     install, then every unit, component, server and story test (Vitest), ending with its summary line
 * On an installed checkout, start skips the install and the build when nothing changed, so it starts in seconds.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const command = process.argv[2];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function output(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** pnpm at the pinned version: the one on PATH, else installed globally through npm (not corepack), else through npx. */
function pnpm() {
  if (output('pnpm', ['--version']) === PNPM_VERSION) return ['pnpm'];
  if (output('pnpm', ['--version']) === null) {
    console.info(`Installing pnpm ${PNPM_VERSION} with npm...`);
    if (run('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`, '--no-fund', '--no-audit']) === 0) {
      if (output('pnpm', ['--version']) === PNPM_VERSION) return ['pnpm'];
    }
  }
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

function runPnpm(args, options) {
  const [cmd, ...prefix] = pnpm();
  return run(cmd, [...prefix, ...args], options);
}

/** A fingerprint of everything a file in the list depends on: paths, sizes and modification times. */
function fingerprint(entries) {
  const hash = crypto.createHash('sha256');
  const walk = (target) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(target, name));
      }
    } else {
      hash.update(`${path.relative(root, target)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const entry of entries) walk(path.join(root, entry));
  return hash.digest('hex');
}

function install() {
  const lock = path.join(root, 'pnpm-lock.yaml');
  const stampFile = path.join(root, 'node_modules', '.halcyon-install-stamp');
  const stamp = fingerprint(['pnpm-lock.yaml', 'package.json', 'pnpm-workspace.yaml']);
  if (fs.existsSync(lock) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return;
  const status = runPnpm(['install', '--frozen-lockfile', '--config.confirmModulesPurge=false']);
  if (status !== 0) process.exit(status);
  fs.writeFileSync(stampFile, stamp);
}

function build() {
  const stampFile = path.join(root, 'node_modules', '.halcyon-build-stamp');
  const inputs = [
    'pnpm-lock.yaml',
    'packages',
    'apps/web',
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/tsup.config.ts',
  ];
  const stamp = fingerprint(inputs);
  const built =
    fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    fs.existsSync(path.join(root, 'apps/server/dist/index.js'));
  if (built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return;
  console.info('Building the web app and the server...');
  const status = runPnpm(['run', 'build']);
  if (status !== 0) process.exit(status);
  fs.writeFileSync(stampFile, stamp);
}

function serve(extraEnv) {
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', ...extraEnv };
  const child = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/index.js')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  process.exit(child.status ?? 0);
}

switch (command) {
  case 'start':
    install();
    build();
    serve({});
    break;
  case 'demo':
    install();
    build();
    serve({ HALCYON_DEMO: 'true' });
    break;
  case 'test':
    install();
    process.exit(runPnpm(['run', 'test:unit']));
    break;
  default:
    console.error('Usage: node scripts/halcyon.mjs start|demo|test');
    process.exit(2);
}
