import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app: `WEB_DIST`, else `apps/web/dist` of the workspace this server runs from. */
export function findWebDist(configured: string | undefined): string | null {
  if (configured) return fs.existsSync(path.join(configured, 'index.html')) ? path.resolve(configured) : null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * Serves the built web app from the same port: hashed assets cached for a year, every other non-/api path answers
 * index.html (history fallback) so deep links such as /Clients/42 load the app. Unknown /api paths answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) return reply.status(404).send({ detail: 'Not found' });
    if (!webDist || (request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/assets/')) {
      return reply.status(404).send({ detail: 'Not found' });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
