import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, signIn } from '../../test/auth';

interface Operation {
  operationId: string;
  security?: unknown[];
  responses: Record<string, { content?: { 'application/json'?: { schema?: { $ref?: string } } }; headers?: object }>;
}
interface Document {
  openapi: string;
  info: { license?: { name: string } };
  servers: { url: string }[];
  security: unknown[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

async function documentOf(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp(env);
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<Document>();
  const operations = new Map<string, Operation>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) operations.set(operation.operationId, operation);
  }
  const op = (name: RouteName) => {
    const operation = operations.get(name);
    if (!operation) throw new Error(`no operation ${name}`);
    return operation;
  };
  const statuses = (name: RouteName) => Object.keys(op(name).responses).map(Number);
  return { t, document, operations, op, statuses };
}

describe('the OpenAPI document says what the server does (issue 12 item 7)', () => {
  it('given the document, then bearer auth is the default and exactly the public routes of the contract say security: []', async () => {
    const { document, operations } = await documentOf();
    expect(document.openapi).toBe('3.0.3');
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.info.license?.name).toBe('MIT');
    expect([...operations.keys()].sort()).toEqual(Object.keys(routes).sort());
    const open = [...operations.values()].filter((o) => o.security?.length === 0).map((o) => o.operationId);
    const publicRoutes = Object.entries(routes)
      .filter(([, spec]) => spec.access === 'public')
      .map(([name]) => name);
    expect(open.sort()).toEqual(publicRoutes.sort());
    expect(open).toContain('login');
    expect(open).toContain('publicMeasure');
  });

  it('given every operation, then its error responses use the one Error schema, and each route lists the statuses that apply', async () => {
    const { document, operations, op, statuses } = await documentOf();
    expect(document.components.schemas.Error).toMatchObject({ required: ['detail'] });
    for (const operation of operations.values()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) {
          expect(response.content?.['application/json']?.schema?.$ref, `${operation.operationId} ${status}`).toBe(
            '#/components/schemas/Error',
          );
        }
      }
      // Every signed-in route can answer 401 (the guard's).
      if (operation.security?.length !== 0) expect(statuses(operation.operationId as RouteName)).toContain(401);
    }
    // A list for some roles: bad query, not signed in, wrong role; no id, no body, no version.
    expect(statuses('listClients')).toEqual([200, 400, 401, 403]);
    // A versioned save of a record by id.
    expect(statuses('updateClient')).toEqual([200, 400, 401, 403, 404, 409, 413, 415]);
    // An upload.
    expect(statuses('uploadFile')).toEqual(expect.arrayContaining([413, 415]));
    // Rate-limited sign-in: a wrong password, a deactivated account, too many attempts (with Retry-After).
    expect(statuses('login')).toEqual([200, 400, 401, 403, 413, 415, 429]);
    expect(op('login').responses['429']?.headers).toHaveProperty('Retry-After');
    // A token link that can be used up; the signed-in user's own details (allowed before 2-step set-up: no 403).
    expect(statuses('publicMeasure')).toEqual(expect.arrayContaining([404, 410, 429]));
    expect(statuses('userDetails')).toEqual([200, 401]);
    expect(statuses('getHealth')).toEqual([200, 503]);
  });

  it('given PUBLIC_URL, then it is the server; without it the server is the one serving the document', async () => {
    expect((await documentOf({ PUBLIC_URL: 'https://halcyon.example.org/' })).document.servers).toEqual([
      expect.objectContaining({ url: 'https://halcyon.example.org' }),
    ]);
    expect((await documentOf()).document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('given a schema that allows null, then it always says the type it is nullable of', async () => {
    const { document } = await documentOf();
    const untyped: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${where}/${i}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && !('type' in schema)) untyped.push(where);
      for (const [key, child] of Object.entries(schema)) walk(child, `${where}/${key}`);
    };
    walk(document, '');
    expect(untyped).toEqual([]);
  });

  it('given the declared statuses, then the server answers them with the Error shape', async () => {
    const { t } = await documentOf();
    const practice = await seedPractice(t);
    const assistant = await signIn(t.app, memberOf(practice, 'Assistant').email);
    const asAssistant = await t.app.inject({ url: '/api/clients', headers: bearer(assistant) });
    expect(asAssistant.statusCode).toBe(403);
    const signedOut = await t.app.inject({ url: '/api/clients' });
    expect(signedOut.statusCode).toBe(401);
    const admin = await signIn(t.app, memberOf(practice, 'Admin').email);
    const badQuery = await t.app.inject({ url: '/api/clients?page=zero', headers: bearer(admin) });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json<{ fields?: object }>().fields).toHaveProperty('page');
    for (const response of [asAssistant, signedOut, badQuery]) {
      expect(Object.keys(response.json<object>()).every((key) => key === 'detail' || key === 'fields')).toBe(true);
      expect(response.json<{ detail: string }>().detail).toEqual(expect.any(String));
    }
  });
});
