/** Shared by every DOM test project: jest-dom matchers, an axe matcher, and cleanup between tests. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, expect } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s for what must appear: on a loaded two-core CI machine, and for the first lazy
// import of a modal or page in a test file, the default 1 s is too short. Checks of absence (`queryBy…`) are unaffected.
configure({ asyncUtilTimeout: 5000 });

/** Where each DOM test starts: happy-dom's own address. */
const START_URL = 'http://localhost:3000/';

afterEach(() => {
  cleanup();
  // Files share one environment (isolate: false): a test whose page left for another address (a payment provider's
  // page, about:blank) must not leave the next file's tests there, where history.pushState cannot change the path.
  if (window.location.origin !== new URL(START_URL).origin) {
    (window as Window & { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL(START_URL);
  }
});

expect.extend({
  /** `await expect(element).toHaveNoAxeViolations()`: fails with each rule id and the elements it found. */
  async toHaveNoAxeViolations(received: Element) {
    const result = await axe.run(received, {
      // Contrast is computed from the tokens by a dedicated test; happy-dom cannot compute layout colours.
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    const found = result.violations.map(
      (v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    return {
      pass: found.length === 0,
      message: () =>
        found.length ? `Expected no axe violations, found:\n${found.join('\n')}` : 'Expected axe violations',
    };
  },
});
