import type { IncomingMessage, ServerResponse } from 'node:http';
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

const setHeaders = helmet(SECURITY_HEADERS);

/** Sets the security headers on a raw response, for answers that leave before Fastify's hooks run (routing errors). */
export function applySecurityHeaders(request: IncomingMessage, response: ServerResponse): void {
  setHeaders(request, response, () => undefined);
}
