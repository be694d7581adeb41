import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext, Platform } from './platform/context';
import { Audit, installAuditHook } from './platform/audit';
import { installAuthGuard, SESSION_CHECK_TTL_MS, SessionChecks } from './platform/auth/guard';
import { SessionBroadcast } from './platform/auth/session-broadcast';
import { resolveJwtSecret } from './platform/auth/secret';
import { Tokens } from './platform/auth/tokens';
import { installErrorHandler, routingErrorHandler } from './platform/http/error-handler';
import { installOpenApi } from './platform/http/openapi';
import { installSecurityHeaders } from './platform/http/security-headers';
import { findWebDist, registerWebApp } from './platform/http/web';
import { createMailTransport } from './platform/mail';
import { MailFailures } from './platform/mail/failures';
import { DirectMailer } from './platform/mail/mailer';
import { createStorage } from './platform/storage/create';
import { healthRoutes } from './domains/health/routes';
import { authRoutes } from './domains/auth/routes';
import { loadSession } from './domains/auth/session-lookup';
import { usersRoutes } from './domains/users/routes';
import { practiceRoutes } from './domains/practice/routes';
import { filesRoutes } from './domains/files/routes';
import { notificationsRoutes } from './domains/notifications/routes';
import { helpRoutes } from './domains/help/routes';
import { accountRoutes } from './domains/account/routes';
import { clientsRoutes } from './domains/clients/routes';
import { ClientActivityRecorder } from './domains/clients/activity-record';
import { sessionsRoutes } from './domains/sessions/routes';
import { treatmentPlansRoutes } from './domains/treatment-plans/routes';
import { riskRoutes } from './domains/risk/routes';
import { measuresRoutes } from './domains/measures/routes';
import { clientDocumentsRoutes } from './domains/documents/routes';
import { clinicalDocumentFile } from './domains/documents/file-access';
import { dashboardRoutes } from './domains/dashboard/routes';
import { schedulingRoutes } from './domains/scheduling/routes';
import { billingRoutes } from './domains/billing/routes';
import { portalRoutes } from './domains/portal/routes';
import { workspaceRoutes } from './domains/workspace/routes';

/** A link's secret in a path (a calendar feed, a signing or measure link: 32+ characters of base64url), never logged. */
const PATH_TOKEN =
  /\/(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/|$))[A-Za-z0-9_-]{32,}(?=\/|$)/gi;
const redactTokens = (path: string) => path.replace(PATH_TOKEN, '/[token]');

/** Log lines never carry tokens, passwords or note text (QUALITY.md security 11). */
/**
 * How a request appears in the logs: without its query string, which can hold client data (a client-name search);
 * QUALITY.md keeps client data out of logs beyond ids.
 */
export function serializeRequest(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: redactTokens(request.url.split('?')[0] ?? ''), remoteAddress: request.ip };
}

export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.refresh_token',
];

export interface BuildOptions {
  /** Pass false in tests to keep output quiet. */
  logger?: boolean;
}

/** Builds the Fastify application: security headers, the contract's routes, errors as JSON, and the web app. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, redact: LOG_REDACT, serializers: { req: serializeRequest } },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    // Errors the router raises before any hook (a bad %-escape, a path segment too long) answer like every other error.
    frameworkErrors: routingErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const audit = new Audit(ctx.database.db);
  // On PostgreSQL several instances may share the database: a sign-out on one must hold on every other at once, so
  // every write tells the others over LISTEN/NOTIFY before its answer leaves; the embedded database has one instance.
  const broadcast =
    ctx.database.native.kind === 'postgres'
      ? new SessionBroadcast(ctx.database.native.url, () => sessions.forget(), app.log)
      : undefined;
  const sessions = new SessionChecks(ctx.database.db, loadSession, SESSION_CHECK_TTL_MS, broadcast);
  if (broadcast) {
    await broadcast.start();
    app.addHook('onClose', () => broadcast.stop());
  }
  const mailFailures = new MailFailures();
  const platform: Platform = {
    config,
    database: ctx.database,
    tokens: new Tokens(resolveJwtSecret(config)),
    sessions,
    audit,
    mailer:
      ctx.mailer ??
      new DirectMailer(ctx.mailTransport ?? createMailTransport(config, app.log), app.log, undefined, mailFailures),
    mailFailures,
    storage: ctx.storage ?? createStorage(config),
  };
  app.decorate('platform', platform);

  installSecurityHeaders(app);
  // CORS is closed unless CORS_ORIGINS lists the browser origins allowed to call the API.
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-CSRF-Token'],
    exposedHeaders: ['Retry-After'],
    credentials: true,
    maxAge: 600,
  });
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers are never stored, unless a route says otherwise itself (the calendar feed, which apps revalidate).
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  await installOpenApi(app, config);

  installAuthGuard(app, platform.sessions, platform.tokens);
  installAuditHook(app, audit);
  // Every write of a client's record, in the words of the client's activity log.
  app.decorate('activityRecorder', new ClientActivityRecorder(platform));

  /*
   * A domain (src/domains/<domain>/): routes.ts registers its contract routes and is its way in; schema.ts holds its
   * tables (listed once in ../schema.ts); the rest is cut by area, never by layer: service.ts for the main area and one
   * file per other area when there are several (sessions: attendance.ts, notes.ts, private-notes.ts, other-services.ts),
   * or one folder per area when an area is several files itself (scheduling: diary/, each with its own routes.ts and
   * schema.ts), each holding its rules and its queries together. No domain has a repository.ts: queries that several
   * areas share are an area of their own, named for the records they read (sessions/shared.ts, clients/list.ts,
   * auth/refresh-tokens.ts); helpers that know no table (rowsOf, iso) live in platform/db. Tests sit beside the code.
   */
  healthRoutes(app, ctx);
  authRoutes(app, platform);
  usersRoutes(app, platform);
  practiceRoutes(app, platform);
  filesRoutes(app, platform, clinicalDocumentFile(platform.database.db));
  notificationsRoutes(app, platform);
  helpRoutes(app, platform);
  accountRoutes(app, platform);
  clientsRoutes(app, platform);
  sessionsRoutes(app, platform);
  treatmentPlansRoutes(app, platform);
  riskRoutes(app, platform);
  measuresRoutes(app, platform);
  clientDocumentsRoutes(app, platform);
  dashboardRoutes(app, platform);
  schedulingRoutes(app, platform);
  billingRoutes(app, platform);
  workspaceRoutes(app, platform);
  portalRoutes(app, platform);

  await registerWebApp(app, findWebDist(config.WEB_DIST));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}
