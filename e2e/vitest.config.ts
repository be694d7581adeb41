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
    // expect.poll waits 1 s by default: a loaded CI machine (several times slower than a laptop) needs longer for a
    // page to answer. Budgets are measured and printed separately, so the wait only decides when a journey is broken.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
