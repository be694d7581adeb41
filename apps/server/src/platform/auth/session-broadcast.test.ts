import crypto from 'node:crypto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { TEST_DATABASE_PREFIX, adminQuery, databaseUrl } from '../../test/database';
import { SessionBroadcast } from './session-broadcast';

const base = process.env.DATABASE_URL;

/** Issue 12: instances on one PostgreSQL tell each other about writes over LISTEN/NOTIFY. Needs PostgreSQL. */
describe.skipIf(!base)('session broadcast between instances', () => {
  async function database() {
    const name = `${TEST_DATABASE_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base!, `CREATE DATABASE ${name}`);
    onTestFinished(() => adminQuery(base!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    return databaseUrl(base!, name);
  }

  it('given three instances listening, when one publishes, then the two others have forgotten before the publish resolves', async () => {
    const url = await database();
    const forgets = [vi.fn(), vi.fn(), vi.fn()];
    const [a, b, c] = forgets.map((forget) => new SessionBroadcast(url, forget));
    onTestFinished(async () => {
      for (const broadcast of [a!, b!, c!]) await broadcast.stop();
    });
    await Promise.all([a!.start(), b!.start(), c!.start()]);
    expect(a!.live && b!.live && c!.live).toBe(true);
    for (const forget of forgets) forget.mockClear();
    for (let i = 0; i < 5; i += 1) {
      await a!.publish();
      expect(forgets[1]).toHaveBeenCalledTimes(i + 1);
      expect(forgets[2]).toHaveBeenCalledTimes(i + 1);
    }
    // The publisher forgets through its own session checks (SessionChecks.changed), not through the channel.
    expect(forgets[0]).not.toHaveBeenCalled();
  });

  it('given twenty writes publishing at once, then they share a few notifications and each resolves only after a notification sent after it was called has been answered', async () => {
    const url = await database();
    const forgets = [vi.fn(), vi.fn()];
    const [a, b] = forgets.map((forget) => new SessionBroadcast(url, forget));
    onTestFinished(async () => {
      for (const broadcast of [a!, b!]) await broadcast.stop();
    });
    await Promise.all([a!.start(), b!.start()]);
    forgets[1]!.mockClear();
    const heard = () => forgets[1]!.mock.calls.length;
    const writes = Array.from({ length: 20 }, async (_, i) => {
      // Staggered, so some arrive while an earlier notification is being sent.
      await new Promise((resolve) => setTimeout(resolve, i % 4));
      const before = heard();
      await a!.publish();
      return { before, after: heard() };
    });
    const results = await Promise.all(writes);
    for (const { before, after } of results) expect(after).toBeGreaterThan(before);
    expect(heard()).toBeLessThan(20);
  });

  it('given the connection is lost, then the channel is down (nothing may be remembered) until it listens again', async () => {
    const url = await database();
    const forget = vi.fn();
    const broadcast = new SessionBroadcast(url, forget);
    onTestFinished(() => broadcast.stop());
    await broadcast.start();
    expect(broadcast.live).toBe(true);
    forget.mockClear();
    const name = new URL(url).pathname.slice(1);
    await adminQuery(
      base!,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND application_name = 'halcyon-session-broadcast'`,
    );
    await vi.waitFor(() => expect(broadcast.live).toBe(false), { timeout: 5_000 });
    expect(forget).toHaveBeenCalled();
    await vi.waitFor(() => expect(broadcast.live).toBe(true), { timeout: 10_000, interval: 100 });
  });

  it('given a database that cannot be reached, then start does not throw and the channel stays down', async () => {
    const broadcast = new SessionBroadcast('postgres://nobody@127.0.0.1:1/none', vi.fn());
    onTestFinished(() => broadcast.stop());
    await broadcast.start();
    expect(broadcast.live).toBe(false);
  });
});
