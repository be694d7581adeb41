import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of QUALITY.md on every answer. `frame-ancestors 'none'` and `X-Frame-Options: DENY` say the same
 * thing (no page may frame Halcyon) to new and old browsers alike.
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  // HSTS only makes sense over TLS; the reverse proxy in front of a TLS deployment adds it, and so do we when the request came over https.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'same-origin' },
} as const;

/**
 * The headers helmet sets for SECURITY_HEADERS, worked out once at start-up: they are the same on every answer (no
 * per-request nonce), and helmet parses its options again on each call, which cost every request of the API its share.
 */
export const SECURITY_HEADER_VALUES: Readonly<Record<string, string>> = (() => {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(SECURITY_HEADERS)(request, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
})();

/** Sets the security headers on a raw response, for answers that leave before Fastify's hooks run (routing errors). */
export function applySecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADER_VALUES)) response.setHeader(name, value);
}

/**
 * Every answer carries the security headers (static files, 404s and errors too); a route may still replace one of them
 * for its own answer (a file preview's CSP), since a header its handler sets comes later.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADER_VALUES);
    done();
  });
}
