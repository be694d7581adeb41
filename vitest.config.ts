import os from 'node:os';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

const chromium = chromiumPath();
/**
 * Every core runs a test file. Vitest's default leaves one core free, which on CI's two cores meant one file at a time for all
 * the node projects (the longest part of `npm test`) while the stories ran beside them, and an idle core once the stories were
 * done. Now the node projects run first on every core, then the stories, one browser tab per core (their own group, so the
 * tabs never compete with the node workers).
 */
const WORKERS = os.availableParallelism();
const storiesInDom = process.env.HALCYON_STORIES === 'dom' || !chromium;

/** A happy-dom project for one package's unit and component tests. */
function domProject(name: string, dir: string): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [react()],
    test: {
      name,
      environment: 'happy-dom',
      include: [`${dir}/src/**/*.test.{ts,tsx}`],
      // A page test renders a whole page with user-event: on two busy cores in CI it can take more than the default 5 s.
      testTimeout: 20_000,
      setupFiles: ['./tooling/vitest/setup-dom.ts'],
      // Files share their worker's modules and environment instead of each starting afresh: setting up happy-dom and
      // importing React and the packages per file was most of the DOM projects' time (design-system and api: 183 s to
      // 32 s under load). Each test's DOM is cleaned up after it (setup-dom.ts); every DOM file passed this way.
      isolate: false,
    },
  };
}

const storiesProject: TestProjectInlineConfiguration = storiesInDom
  ? {
      extends: true,
      plugins: [react()],
      test: {
        name: 'stories',
        sequence: { groupOrder: 1 },
        environment: 'happy-dom',
        include: ['.storybook/portable-stories.test.tsx'],
        setupFiles: ['./tooling/vitest/setup-dom.ts', './.storybook/portable-setup.ts'],
      },
    }
  : {
      extends: true,
      plugins: [storybookTest({ configDir: '.storybook', storybookScript: 'pnpm storybook --ci' })],
      // Every dependency a story imports is bundled before the run: one found mid-run re-bundles and reloads the page,
      // and the files loading at that moment fail to import.
      optimizeDeps: {
        include: [
          'react',
          'react-dom',
          'react-dom/client',
          'react/jsx-dev-runtime',
          'react-hook-form',
          '@hookform/resolvers/zod',
          'react-dropzone',
        ],
      },
      test: {
        name: 'stories',
        sequence: { groupOrder: 1 },
        // The story files share their tab's page and modules instead of each loading a fresh iframe: importing React,
        // the preview and the packages again for each of 136 files was most of the stories' time (measured alone on two
        // cores: 309 s isolated, 171 s shared; every story passed in three orders, two of them shuffled). Each story is
        // still mounted and unmounted on its own by the Storybook plugin.
        isolate: false,
        browser: {
          enabled: true,
          headless: true,
          provider: playwright({ launchOptions: { executablePath: chromium ?? undefined, args: CHROMIUM_ARGS } }),
          instances: [{ browser: 'chromium' }],
        },
      },
    };

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      domProject('design-system', 'packages/design-system'),
      domProject('api', 'packages/api'),
      domProject('modals', 'packages/modals'),
      domProject('web', 'apps/web'),
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          // One migrated database per worker, cloned per test; PostgreSQL when DATABASE_URL is set.
          pool: 'forks',
          // Files share their worker's modules, as the DOM projects do: importing the server afresh for each of its 80
          // files was a third of the suite's time (import 134 s of 295 s on two cores; 12 s of 205 s this way). Each
          // test builds its own app on its own database; a test that replaces a module's behaviour spies on the object
          // and restores it (online.test.ts), since a module mock cannot reach a module another file already loaded.
          isolate: false,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'tooling', environment: 'node', include: ['tooling/**/*.test.ts'] },
      },
      storiesProject,
    ],
  },
});
