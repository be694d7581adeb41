#!/usr/bin/env node
/**
 * Runs every unit, component, server and story test with Vitest. Story tests run in Chromium through addon-vitest;
 * on a machine without Chromium they run as portable stories in happy-dom instead, and this says so in one line.
 */
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

const env = { ...process.env };
if (!chromiumPath()) {
  console.info(
    'Chromium not found (set CHROME_PATH or apt-get install chromium): running the stories as portable stories in happy-dom.',
  );
  env.HALCYON_STORIES = 'dom';
}
const result = spawnSync('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
