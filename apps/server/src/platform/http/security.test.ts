import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { serializeRequest } from '../../app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';

describe('security headers, CORS, body limits and caching (QUALITY.md security 12 and 14)', () => {
  it('given an API answer, then it carries the CSP, nosniff, a referrer policy and Cache-Control: no-store', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) }),
      await t.app.inject({ method: 'GET', url: '/api/user-details' }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nowhere' }),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // The old header says the same as frame-ancestors: no page may frame Halcyon.
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(csp).toContain("base-uri 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('given plain HTTP, then no HSTS; given HTTPS through a trusted proxy, then HSTS', async () => {
    const plain = await createTestApp();
    const viaPlain = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(viaPlain.headers['strict-transport-security']).toBeUndefined();
    // An untrusted caller cannot claim HTTPS.
    const spoofed = await plain.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const viaTls = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaTls.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('given no CORS_ORIGINS, then a cross-origin preflight gets no Access-Control-Allow-Origin (CORS closed)', async () => {
    const t = await createTestApp();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('given CORS_ORIGINS, then only the listed origin is allowed', async () => {
    const t = await createTestApp({ CORS_ORIGINS: 'https://app.example.com' });
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('given a JSON body over 1 MB, then 413 with a readable detail', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request is too large.' });
  });

  it('given a body that is not JSON, or a content type the route does not take, then 4xx with a detail', async () => {
    const t = await createTestApp();
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ detail: 'The request body is not valid JSON.' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: 'This kind of content is not accepted here.' });
  });

  it('given a validation error, then the detail is a sentence and fields name each problem', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { practiceName: '', firstName: 'A', lastName: 'B', email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ detail: string; fields: Record<string, string> }>();
    expect(body.detail).toMatch(/^Please check the request\./);
    expect(body.fields).toMatchObject({
      practiceName: 'Enter a name.',
      email: 'Enter a valid e-mail address.',
      password: 'Use at least 12 characters.',
    });
  });
});

describe('OpenAPI (issue 3 point 10)', () => {
  it('given /api/docs, then the documentation page and the OpenAPI document generated from the contract are served', async () => {
    const t = await createTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const html =
      page.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(page.headers.location) }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, Record<string, { operationId?: string }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/user-details']?.get?.operationId).toBe('userDetails');
    expect(doc.paths['/api/therapist/retrieve/{id}']?.get?.operationId).toBe('therapistRetrieve');
    expect(doc.paths['/api/refresh']?.post?.operationId).toBe('refresh');
  });
});

describe('request logs (QUALITY.md: no client data in logs beyond ids)', () => {
  it('given a client-name search, then the logged request has no query string', () => {
    const logged = serializeRequest({ method: 'GET', url: '/api/clients?search=Jane%20Doe&page=1', ip: '203.0.113.9' });
    expect(logged).toEqual({ method: 'GET', url: '/api/clients', remoteAddress: '203.0.113.9' });
    expect(JSON.stringify(logged)).not.toContain('Jane');
  });

  it("given a link's secret in the path (a calendar feed), then it is logged as [token]; a file's uuid stays", () => {
    const token = 'Zq3_xY-8kLmN0pQrStUvWxYz0123456789abcdEFGHI';
    expect(serializeRequest({ method: 'GET', url: `/api/calendar-feeds/${token}/diary.ics` }).url).toBe(
      '/api/calendar-feeds/[token]/diary.ics',
    );
    expect(serializeRequest({ method: 'GET', url: `/api/measure-links/${token}` }).url).toBe(
      '/api/measure-links/[token]',
    );
    const file = '/api/files/0b5d3c1e-2f4a-4b6c-8d9e-0f1a2b3c4d5e';
    expect(serializeRequest({ method: 'GET', url: file }).url).toBe(file);
  });
});
