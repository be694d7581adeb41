import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, routes, type ErrorStatus, type RouteSpec } from '@halcyon/api/contract';
import type { Config } from '../config';
import { ALLOWED_WITHOUT_REQUIRED_TWO_FACTOR } from '../auth/guard';

/** What each error status means for a caller of the API; every one answers `ErrorResponse` (the one error handler). */
export const ERROR_STATUS_DESCRIPTIONS: Readonly<Record<ErrorStatus, string>> = {
  400: 'The request is not valid: `detail` says what to fix, `fields` names each field with its problem.',
  401: 'Not signed in, or the session has ended: sign in again (or the password, code or link is wrong).',
  403: "Not allowed: the signed-in role does not open this, the practice's 2-step verification rule applies, or the record is not yours to change.",
  404: 'Not found in your practice.',
  409: 'The record changed since it was loaded (reload and send the current version), or its state does not allow this.',
  410: 'The link has already been used or has expired.',
  413: 'The request or its file is too large.',
  415: 'This kind of content or file is not accepted here.',
  429: 'Too many attempts: wait the number of seconds in `Retry-After`, which `detail` also says in words.',
  503: 'Not available just now: try again shortly.',
};

/** The licence of the API contract (packages/api), which the document is generated from. */
const LICENSE = { name: 'MIT', url: 'https://opensource.org/license/mit' } as const;
/** The shared schema of every error response: the contract's `errorResponseSchema`. */
const ERROR_SCHEMA = 'Error';
const BEARER = 'bearerAuth';

/** Request-body keys that carry the version a save was loaded on: a stale one answers 409. */
const VERSION_KEY = /^(version|expected\w*Version)$/;

interface Schema {
  properties?: Record<string, unknown>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

function hasVersionKey(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (Object.keys(schema.properties ?? {}).some((key) => VERSION_KEY.test(key))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(hasVersionKey);
}

/** What the OpenAPI document needs to know of a route beyond its contract declaration: what the server adds to it. */
export interface RouteFacts {
  /** A rate limit guards it (RouteExtras.rateLimited). */
  rateLimited: boolean;
  /** Its JSON request body declares a version field (a versioned save). */
  versioned: boolean;
}

/**
 * The error statuses a route answers, from its declaration: 400 when it takes input; 401 when it needs a sign-in; 403 when
 * its roles restrict or the practice's 2-step rule can stop it; 404 when it names a record; 409 for a versioned save;
 * 413/415 when it takes a body or a file; 429 under a rate limit; then what `spec.errors` adds.
 */
export function errorStatuses(name: string, spec: RouteSpec, facts: RouteFacts): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(spec.errors ?? []);
  const signedIn = spec.access !== 'public';
  if (spec.params || spec.query || spec.body || spec.multipart || spec.rawBody) statuses.add(400);
  if (signedIn) statuses.add(401);
  if (signedIn && (Array.isArray(spec.access) || !ALLOWED_WITHOUT_REQUIRED_TWO_FACTOR.has(name))) statuses.add(403);
  if (spec.params) statuses.add(404);
  if (facts.versioned) statuses.add(409);
  if (spec.body || spec.multipart || spec.rawBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (facts.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}

interface Document {
  servers?: unknown[];
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
}

/**
 * Adds to each operation of the generated document what the server does around it: `security: []` on public routes (the
 * bearer token is the document's default), and its error responses with the shared Error schema.
 */
export function describeOperations(document: Document, rateLimited: ReadonlySet<string>): Document {
  const table: Readonly<Record<string, RouteSpec>> = routes;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const name = operation.operationId;
      const spec = name ? table[name] : undefined;
      if (!name || !spec) continue;
      if (spec.access === 'public') operation.security = [];
      const versioned = hasVersionKey(operation.requestBody?.content?.['application/json']?.schema);
      const responses = (operation.responses ??= {});
      for (const status of errorStatuses(name, spec, { rateLimited: rateLimited.has(name), versioned })) {
        responses[String(status)] = {
          description: ERROR_STATUS_DESCRIPTIONS[status],
          ...(status === 429
            ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
            : {}),
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
        };
      }
    }
  }
  return document;
}

/**
 * Serves the OpenAPI document at /api/docs/json (and its page at /api/docs), generated from the contract's routes as they
 * are registered: bearer-token security by default, the servers from PUBLIC_URL, and every operation's error responses.
 */
export async function installOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const rateLimited = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimited && route.config.routeName) rateLimited.add(route.config.routeName);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Halcyon API',
        version: '0.1.0',
        description: `The HTTP API of Halcyon, practice-management software for therapists. Sign in with ${routes.login.method} ${routes.login.path} and send the access token as \`Authorization: Bearer <token>\`; operations with an empty \`security\` are public.`,
        license: LICENSE,
      },
      servers: [
        config.PUBLIC_URL
          ? { url: config.PUBLIC_URL.replace(/\/+$/, ''), description: 'This Halcyon' }
          : { url: '/', description: 'The server that serves this document' },
      ],
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: `The access token that ${routes.login.path} (or ${routes.refresh.path}) answers.`,
          },
        },
      },
      security: [{ [BEARER]: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject as Document;
      document.components ??= {};
      document.components.schemas = {
        ...document.components.schemas,
        [ERROR_SCHEMA]: z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' }),
      };
      return describeOperations(document, rateLimited);
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A rate limit guards the route (so it can answer 429). */
    rateLimited?: boolean;
  }
}
