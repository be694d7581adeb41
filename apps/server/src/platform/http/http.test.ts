import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Halcyon</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-123.js'), 'console.log(1)');
  return dir;
}

describe('HTTP platform', () => {
  it('given an unknown /api path, then answers 404 JSON {detail: "Not found"}', async () => {
    const { app } = await createTestApp();
    for (const url of ['/api/nope', '/api/clients/unknown/thing', '/api']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: 'Not found' });
    }
  });

  it('given the built web app, then serves index.html for any non-/api path (history fallback) and caches assets', async () => {
    const { app } = await createTestApp({ WEB_DIST: fakeWebDist() });
    for (const url of ['/', '/Login', '/Clients/42', '/Settings/Practice?tab=team']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends the security headers of QUALITY.md (CSP without inline script, nosniff, referrer policy)', async () => {
    const { app } = await createTestApp({ WEB_DIST: fakeWebDist() });
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The old header says the same as frame-ancestors: no page may frame Halcyon.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('given malformed JSON, then answers 400 with a readable detail, not a 500', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/\S/);
  });
});
