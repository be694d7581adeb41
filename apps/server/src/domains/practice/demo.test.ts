import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { loadConfig } from '../../platform/config';
import { startServer } from '../../server';
import { clientDocuments } from '../../schema';
import { demoAccounts, seedDemoPractice, writeDemoFiles } from './demo';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('the demo practice', { timeout: 90_000 }, () => {
  it('given demo mode and an empty database, when seeded, then an Admin, a Therapist and an Assistant share one password and sign in', async () => {
    const t = await createTestApp({ HALCYON_DEMO: 'true' });
    expect(await seedDemoPractice(t.database.db)).toBe(true);
    expect(await seedDemoPractice(t.database.db)).toBe(false);

    const response = await t.app.inject({ method: 'GET', url: '/api/demo/accounts' });
    expect(response.statusCode, response.body).toBe(200);
    const demo = response.json<{ password: string; accounts: { email: string; role: string }[] }>();
    expect(demo.accounts.map((a) => a.role)).toEqual(['Admin', 'Therapist', 'Assistant']);
    expect(demo.password.length).toBeGreaterThanOrEqual(12);
    for (const account of demo.accounts) await signIn(t.app, account.email, demo.password);
    expect(await demoAccounts(t.database.db)).toEqual(demo);

    // Its template library has forms and a session reminder of its own, beside Halcyon's built-in ones.
    const admin = demo.accounts.find((a) => a.role === 'Admin')!;
    const headers = { authorization: `Bearer ${(await signIn(t.app, admin.email, demo.password)).access_token}` };
    const forms = (await t.app.inject({ url: '/api/settings/template-library/forms', headers })).json<{
      items: { name: string; builtIn: boolean }[];
    }>();
    expect(forms.items.filter((f) => !f.builtIn).map((f) => f.name)).toEqual(
      expect.arrayContaining(['Couples intake questionnaire', 'Session feedback']),
    );
    const emails = (await t.app.inject({ url: '/api/settings/template-library/emails', headers })).json<{
      items: { usageContext: string; builtIn: boolean; subject: string }[];
    }>();
    expect(emails.items.find((e) => e.usageContext === 'session-reminder')).toMatchObject({
      builtIn: false,
      subject: 'See you soon, {{client.firstName}}',
    });
    // The details its invoices print under its name.
    const details = (await t.app.inject({ url: '/api/settings/practice', headers })).json<{
      addressLine1: string | null;
      taxNumber: string | null;
    }>();
    expect(details).toMatchObject({ addressLine1: '12 Harbour Street', taxNumber: expect.any(String) });
  });

  it("given the demo practice, when its files are written, then a client's document downloads as a real PDF", async () => {
    const t = await createTestApp({ HALCYON_DEMO: 'true' });
    await seedDemoPractice(t.database.db);
    const written = await writeDemoFiles(t.database.db, t.platform.storage);
    expect(written).toBeGreaterThan(40);
    const demo = (await t.app.inject({ method: 'GET', url: '/api/demo/accounts' })).json<{
      password: string;
      accounts: { email: string; role: string }[];
    }>();
    const admin = demo.accounts.find((a) => a.role === 'Admin')!;
    const { access_token } = await signIn(t.app, admin.email, demo.password);
    const headers = { authorization: `Bearer ${access_token}` };
    const [row] = await t.database.db.select({ clientId: clientDocuments.clientId }).from(clientDocuments).limit(1);
    const documents = await t.app.inject({ url: `/api/clients/documents/retrieve/${row!.clientId}`, headers });
    const first = documents.json<{ items: { name: string; file: { id: string; type: string } }[] }>().items[0]!;
    expect(first.file.type).toBe('application/pdf');
    const download = await t.app.inject({ url: `/api/files/${first.file.id}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('given demo mode is off, then the demo endpoint offers no account and no password even when a demo practice exists', async () => {
    const t = await createTestApp();
    await seedDemoPractice(t.database.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/demo/accounts' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ password: null, accounts: [] });
  });

  it('given a production start on an empty data directory, then no account is created, and the job queue starts and stops with the server', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-start-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        JWT_SECRET: 'k2V9xq4LmT7wZr1bY8nC3pD6sF0hJ5gA-prod-test-secret',
      });
      const server = await startServer(config);
      try {
        const counted = (await server.database.db.execute(
          sql`select (select count(*) from users)::int + (select count(*) from practices)::int as n`,
        )) as { rows: unknown[] };
        expect(counted.rows).toEqual([{ n: 0 }]);
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
        expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
        expect(await server.jobs.boss.getQueue('mail-send')).toMatchObject({ name: 'mail-send' });
        const demo = await fetch(`${server.url}/api/demo/accounts`);
        expect(await demo.json()).toEqual({ password: null, accounts: [] });
      } finally {
        await server.stop();
      }
      expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
