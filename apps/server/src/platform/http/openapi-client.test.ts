import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { routes } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, signIn } from '../../test/auth';

/**
 * Issue 12 item 7: the OpenAPI document as an integrator meets it. Types are generated from the live /api/docs/json with
 * openapi-typescript, a client written against them with openapi-fetch must type-check (and a wrong one must not), and
 * that client then calls three routes of the running server over real HTTP.
 */

/** A folder inside apps/server, so the generated client resolves openapi-fetch the way the server's own code does. */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The integrator's client: three calls, typed by the generated `paths`. */
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function callThree(baseUrl: string, accessToken: string) {
  const client = createClient<paths>({ baseUrl });
  const headers = { Authorization: \`Bearer \${accessToken}\` };
  const health = await client.GET('/api/health');
  const me = await client.GET('/api/user-details', { headers });
  const clients = await client.GET('/api/clients', { params: { query: { page: 1, pageSize: 10 } }, headers });
  // The generated types carry the contract's shapes: these lines only compile if they do.
  const email: string | undefined = me.data?.email;
  const role: 'Admin' | 'Therapist' | 'Assistant' | undefined = me.data?.role;
  const total: number | undefined = clients.data?.total;
  const problem: string | undefined = clients.error?.detail;
  return {
    health: { status: health.response.status, data: health.data },
    me: { status: me.response.status, email, role },
    clients: { status: clients.response.status, total, names: clients.data?.items.map((c) => c.firstName), problem },
  };
}
`;

/** Calls the generated types must refuse: a route that does not exist, a query the route does not take. */
const WRONG_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://localhost' });
export const a = client.GET('/api/no-such-route');
export const b = client.GET('/api/clients', { params: { query: { colour: 'blue' } } });
export const c: number | undefined = (await client.GET('/api/user-details')).data?.email;
`;

/** Type-checks the files together and emits client.ts as JavaScript. */
function compile(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const emitted: Record<string, string> = {};
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(dir, name)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      strict: true,
      skipLibCheck: true,
      outDir: dir,
    },
  );
  const result = program.emit(program.getSourceFile(path.join(dir, 'client.ts')), (file, text) => {
    emitted[path.basename(file)] = text;
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].map((d) => ({
    file: d.file ? path.basename(d.file.fileName) : '',
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
  return { emitted, diagnostics };
}

describe('the OpenAPI document as an integrator meets it (issue 12 item 7)', () => {
  it('given /api/docs/json, then openapi-typescript types a client that compiles and calls health, user-details and the client list', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 5, seed: 12 });
    const admin = memberOf(practice, 'Admin');
    const tokens = await signIn(t.app, admin.email);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as OpenAPI3;
    expect(document.openapi).toBe('3.0.3');
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(Object.keys(routes).length);

    const dir = fs.mkdtempSync(path.join(serverRoot, 'node_modules', '.openapi-client-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/user-details"');

    const { emitted, diagnostics } = compile(dir, {
      'api.ts': types,
      'client.ts': CLIENT_SOURCE,
      'wrong.ts': WRONG_SOURCE,
    });
    expect(diagnostics.filter((d) => d.file !== 'wrong.ts')).toEqual([]);
    const wrongLines = new Set(diagnostics.filter((d) => d.file === 'wrong.ts').map((d) => d.line));
    const lineOf = (text: string) => WRONG_SOURCE.split('\n').findIndex((line) => line.includes(text));
    expect([...wrongLines].sort()).toEqual([lineOf('no-such-route'), lineOf('colour'), lineOf('number | undefined')]);

    const clientFile = path.join(dir, 'client.mjs');
    fs.writeFileSync(clientFile, emitted['client.js'] ?? '');
    const { callThree } = (await import(pathToFileURL(clientFile).href)) as {
      callThree: (baseUrl: string, token: string) => Promise<Record<string, Record<string, unknown>>>;
    };

    const result = await callThree(baseUrl, tokens.access_token);
    expect(result.health).toEqual({ status: 200, data: expect.objectContaining({ status: 'ok' }) });
    expect(result.me).toEqual({ status: 200, email: admin.email, role: 'Admin' });
    const direct = (await t.app.inject({ url: '/api/clients?page=1&pageSize=10', headers: bearer(tokens) })).json<{
      total: number;
      items: { firstName: string }[];
    }>();
    expect(direct.items.length).toBeGreaterThan(0);
    expect(result.clients).toEqual({
      status: 200,
      total: direct.total,
      names: direct.items.map((client) => client.firstName),
      problem: undefined,
    });

    // The same client without a valid token meets the declared 401 and its Error shape.
    const signedOut = await callThree(baseUrl, 'not-a-token');
    expect(signedOut.clients).toMatchObject({ status: 401, total: undefined, problem: expect.any(String) });
    // Building the app, seeding and type-checking the generated client take a while on a busy machine.
  }, 120_000);
});
