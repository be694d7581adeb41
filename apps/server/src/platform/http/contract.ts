import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { routes, type RouteName, type Routes, type RouteSpec, type RouteResponse } from '@halcyon/api/contract';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<R extends RouteSpec> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
}

export interface HandlerContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteSpec> = (
  input: RouteInput<R>,
  ctx: HandlerContext,
) => Promise<RouteResponse<R>> | RouteResponse<R>;

/** A domain's handlers, keyed by contract route name. */
export type RouteHandlers<N extends RouteName> = { [K in N]: RouteHandler<Routes[K]> };

/** Per-route extras a domain adds beside the contract: rate limits and other pre-handlers, a body size limit. */
export interface RouteExtras {
  preHandler?: preHandlerAsyncHookHandler[];
  onSend?: onSendAsyncHookHandler[];
  bodyLimit?: number;
  /** A rate limit guards the route (RateLimiter's hooks say so): the OpenAPI document lists its 429. */
  rateLimited?: boolean;
}

/**
 * Records what a write route did to a client's record (routes with `activity` in the contract). `before` runs before the
 * handler (so a delete can still find whose record it was); `after` runs once the handler has succeeded. The composition
 * root provides it (`app.decorate('activityRecorder', ...)`), so the platform never learns about clients.
 */
export interface ActivityRecorder {
  before(request: FastifyRequest, spec: RouteSpec, input: RouteInput<RouteSpec>): Promise<unknown>;
  after(
    request: FastifyRequest,
    spec: RouteSpec,
    input: RouteInput<RouteSpec>,
    result: unknown,
    before: unknown,
  ): Promise<void>;
}

export interface RegisterOptions {
  /**
   * The domain's services record each write of a client's record themselves (`Audit.recordActivity`: the record's own
   * id
   * and its client, in the same call as the write), so the generic recorder below stays out. The clinical domains do;
   * the others still lean on the recorder, which finds the client with one more query per write.
   */
  ownActivity?: boolean;
}

/**
 * Registers handlers for contract routes: method, path and the params/query/body/response schemas all come from
 * `@halcyon/api/contract`, so a request is validated by the same zod schema the browser used, and a response
 * that does not match the contract never leaves.
 */
export function registerRoutes<N extends RouteName>(
  app: FastifyInstance,
  handlers: RouteHandlers<N>,
  extras: Partial<Record<N, RouteExtras>> = {},
  options: RegisterOptions = {},
): void {
  const recorder = !options.ownActivity && app.hasDecorator('activityRecorder') ? app.activityRecorder : undefined;
  for (const name of Object.keys(handlers) as N[]) {
    const spec: RouteSpec = routes[name];
    const handler = handlers[name] as RouteHandler<RouteSpec>;
    const extra: RouteExtras = extras[name] ?? {};
    const register = (scope: FastifyInstance) =>
      scope.route({
        ...(extra.preHandler ? { preHandler: extra.preHandler } : {}),
        ...(extra.onSend ? { onSend: extra.onSend } : {}),
        ...(extra.bodyLimit ? { bodyLimit: extra.bodyLimit } : {}),
        method: spec.method,
        url: spec.path,
        config: { routeName: name, access: spec.access, ...(extra.rateLimited ? { rateLimited: true } : {}) },
        schema: {
          operationId: name,
          summary: spec.summary,
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
          ...(spec.raw ? {} : { response: { [spec.created ? 201 : 200]: spec.response } }),
        },
        handler: async (request, reply) => {
          const input = { params: request.params as never, query: request.query as never, body: request.body as never };
          let result: unknown;
          if (!spec.activity || !recorder) result = await handler(input, { request, reply });
          else {
            const before = await recorder.before(request, spec, input);
            result = await handler(input, { request, reply });
            await recorder.after(request, spec, input, result, before);
          }
          if (spec.created) reply.code(201);
          return result;
        },
      });
    if (!spec.rawBody) register(app);
    else {
      // A signed webhook: its signature covers the exact bytes, so the body reaches the handler unparsed, whatever its
      // content type (only in this route's own scope).
      void app.register((scope, _options, done) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => parsed(null, body));
        register(scope);
        done();
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    activityRecorder?: ActivityRecorder;
  }
  interface FastifyContextConfig {
    routeName?: string;
    access?: RouteSpec['access'];
  }
}
