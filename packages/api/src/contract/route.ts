import type { z } from 'zod';
import type { RouteActivity } from './activity';

/** The three roles of SPEC.md §1 and §6. */
export const ROLES = ['Admin', 'Therapist', 'Assistant'] as const;
export type Role = (typeof ROLES)[number];

/** Who may call a route: anyone (`public`), any signed-in member, or the listed roles (SPEC.md §6). */
export type Access = 'public' | 'authenticated' | readonly Role[];

/** Roles that may open clinical areas (Clients, Cloud-storage, Tasks, Learning, Messages, Settings, Need-help). */
export const CLINICAL_ROLES = ['Admin', 'Therapist'] as const satisfies readonly Role[];
/** Every role (Dashboard, Billing, Appointments, Schedule). */
export const ALL_ROLES = ROLES;
export const ADMIN_ONLY = ['Admin'] as const satisfies readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Error statuses a route can answer (always as `ErrorResponse`). Most follow from the declaration itself (400 for input, 401
 * and 403 for signed-in routes, 404 for an id, 409 for a versioned save, 413/415 for a body); `RouteSpec.errors` lists the
 * others a route's rules add.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/**
 * One HTTP route of the contract. Paths use `:name` for parameters (the Fastify form); the server registers the route
 * from this object and the client builds its URL from it, so both sides validate with the same schemas.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly access: Access;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** The response is not JSON (file downloads, calendar feeds). */
  readonly raw?: boolean;
  /** The request is multipart/form-data (file uploads); there is no JSON body. */
  readonly multipart?: boolean;
  /**
   * The request body is kept as the bytes sent, whatever its type (a provider's signed webhook, whose signature covers
   * those exact bytes); there is no JSON body schema and the handler reads the bytes from the request.
   */
  readonly rawBody?: boolean;
  /** A write that adds records answers 201 Created instead of 200. */
  readonly created?: boolean;
  /** A write of a client's record: what the client's activity log says about it (see activity.ts). */
  readonly activity?: RouteActivity;
  /**
   * Error statuses the route answers beyond those its declaration implies (see ErrorStatus): a conflict with the record's
   * state rather than a stale version (409), a wrong password on a public route (401), a used or expired link (410), a
   * service that is down (503). The OpenAPI document lists them.
   */
  readonly errors?: readonly ErrorStatus[];
}

export type RouteTable = Readonly<Record<string, RouteSpec>>;

/** Declares one route; `const` keeps literal paths and roles in the type. */
export function defineRoute<const T extends RouteSpec>(spec: T): T {
  return spec;
}

/** Declares a domain's routes; each domain file exports one table and `routes` in index.ts merges them. */
export function defineRoutes<const T extends RouteTable>(table: T): T {
  return table;
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteParams<R extends RouteSpec> = InputOf<R['params']>;
export type RouteQuery<R extends RouteSpec> = InputOf<R['query']>;
export type RouteBody<R extends RouteSpec> = InputOf<R['body']>;
export type RouteResponse<R extends RouteSpec> = OutputOf<R['response']>;

/** Fills `:name` segments of a contract path. Values are URI-encoded; a missing value throws. */
export function buildPath(path: string, params?: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Does this role pass the route's access rule? */
export function allows(access: Access, role: Role | null | undefined): boolean {
  if (access === 'public') return true;
  if (!role) return false;
  if (access === 'authenticated') return true;
  return access.includes(role);
}
