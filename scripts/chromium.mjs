import fs from 'node:fs';

/** Debian's Chromium, or CHROME_PATH; null when neither is there. Playwright never downloads a browser here. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

/** Flags Chromium needs on a closed network, as root, without a GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
