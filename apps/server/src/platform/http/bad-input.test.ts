import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { FILE_MESSAGES } from '@halcyon/api/contract';

/** The answer leaves through the one error handler: JSON {detail}, the security headers, and not the path it was asked. */
function expectOneErrorShape(response: LightMyRequestResponse, path: string) {
  expect(response.headers['content-type']).toContain('application/json');
  expect(Object.keys(response.json())).toEqual(['detail']);
  expect(response.body).not.toContain(path.slice(5, 60));
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('same-origin');
}

/** A multipart body whose file part stops half-way, with no closing boundary. */
function cutOffUpload() {
  const boundary = 'halcyon-cut-off';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

describe('bad input at the HTTP platform (issue 12)', { timeout: 180_000 }, () => {
  it('given a path segment of 5,000 characters or a broken %-escape, then 4xx through the one error handler', async () => {
    const { app } = await createTestApp();
    for (const path of [
      `/api/clients/single-client/${'a'.repeat(5000)}`,
      `/api/clients/single-client/%zz${'b'.repeat(40)}`,
      `/api/${'c'.repeat(5000)}`,
    ]) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path.slice(0, 40)).toBeLessThan(500);
      expectOneErrorShape(response, path);
    }
  });

  it('given an id written in hex, with an exponent or padded, then 400: ids are decimal digits only', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 1 });
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    const id = practice.clientIds[0]!;
    const ok = await t.app.inject({ method: 'GET', url: `/api/clients/single-client/${id}`, headers: bearer(tokens) });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const written of [`0x${id.toString(16)}`, `${id}e0`, `0${id}`, `${id}.0`, `%20${id}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/clients/single-client/${written}`,
        headers: bearer(tokens),
      });
      expect(response.statusCode, written).toBe(400);
    }
  });

  it('given a multipart body cut off mid-file, then the file upload and the practice logo answer 400, not 500', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const tokens = await sessionFor(t, memberOf(practice, 'Admin'));
    for (const [method, url] of [
      ['POST', '/api/files'],
      ['PUT', '/api/settings/practice/logo'],
    ] as const) {
      const upload = cutOffUpload();
      const response = await t.app.inject({
        method,
        url,
        headers: { ...bearer(tokens), ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBe(FILE_MESSAGES.cutOff);
    }
  });
});
