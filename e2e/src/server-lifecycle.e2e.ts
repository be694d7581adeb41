import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverEntry, startBuiltServer } from '../../tooling/testing/built-server';

describe('server lifecycle', () => {
  it('given PORT=abc, when the server starts, then it stops with one line naming the variable', () => {
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").',
    );
  });

  it('given a running server, when it receives SIGTERM, then it drains, closes the database and exits 0', async () => {
    const server = await startBuiltServer({ LOG_LEVEL: 'info' });
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    const started = Date.now();
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('shutting down');
    await server.stop();
  });
});
