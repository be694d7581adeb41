import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../../../tooling/testing/built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (its outbox/ holds every e-mail sent). */
    dataDir: string;
  }
}

/** One built server for the whole e2e run; journeys read its URL with inject('baseUrl'). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Each browser context sends an address of its own (browser.ts ownAddress), which the server reads as a proxy's.
  const server = await startBuiltServer({ TRUST_PROXY: 'true' });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
