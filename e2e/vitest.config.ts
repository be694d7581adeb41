import { defineConfig } from 'vitest/config';

// Journeys in Debian's Chromium against the built web app and a real server (started by global-setup.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
