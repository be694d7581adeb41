import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, signIn } from '../../test/auth';
import { multipart, SAMPLE_FILES, upload } from '../../test/upload';

/** A minimal Word document (a zip with the parts list first, as Word writes it). */
const DOCX = Buffer.from(
  'UEsDBBQAAAAIAI2ydl3MVIwQ4AAAAJwBAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbH2Qy07DMBBFf8XyFsUTukAIJekCyhJYlA+w7Eli4Zc8bil/z6QtXaDC0r6PM7rd+hC82GMhl2Ivb1UrBUaTrItTL9+3z829XA/d9isjCbZG6uVca34AIDNj0KRSxsjKmErQlZ9lgqzNh54QVm17BybFirE2demQQ/eEo975KjYH/j5hC3qS4vFkXFi91Dl7Z3RlHfbR/qI0Z4Li5NFDs8t0wwYJVwmL8jfgnHvlHYqzKN50qS86sAs+U7Fgk9kFTqr/a67cmcbRGbzkl7ZckkEiHjh4dVGCdvHnfjjOPXwDUEsDBBQAAAAIAI2ydl1fM5VSlQAAAAcBAAALAAAAX3JlbHMvLnJlbHONzzsOwjAMBuCrRD5AnTIwoKZdWLoiLhAlblPRPOSE1+3JwEARA6N///osd8PDr+JGnJcYFLSNhKHvTrTqUoPslpRFbYSswJWSDojZOPI6NzFRqJspsteljjxj0uaiZ8KdlHvkTwO2phitAh5tC+L8TPSPHadpMXSM5uoplB8nvhpV1jxTUXCPbNG+46aygH2Hmxf7F1BLAwQUAAAACACNsnZd4DaXEIAAAACsAAAAEQAAAHdvcmQvZG9jdW1lbnQueG1sRc7BDsIgDAbgV1l4gBU9eCCMXX0NBNxIgJLCRN9emAcvX9v8TVO5vmOYXo6Kx7Swy8zZqmQTFs0RXapTj1MRbWF7rVkAFLO7qMuM2aWePZGirn2kDRqSzYTGleLTFgNcOb9B1D6xcfKB9jNqHtCgqrsLASWMdkin+fS3Dv9X1BdQSwECFAMUAAAACACNsnZdzFSMEOAAAACcAQAAEwAAAAAAAAAAAAAAgAEAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFBLAQIUAxQAAAAIAI2ydl1fM5VSlQAAAAcBAAALAAAAAAAAAAAAAACAAREBAABfcmVscy8ucmVsc1BLAQIUAxQAAAAIAI2ydl3gNpcQgAAAAKwAAAARAAAAAAAAAAAAAACAAc8BAAB3b3JkL2RvY3VtZW50LnhtbFBLBQYAAAAAAwADALkAAAB+AgAAAAA=',
  'base64',
);
const PNG = SAMPLE_FILES.png;
/** A Windows program: "MZ" and a PE header. */
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(400, 0)]);

async function storedCount(t: TestApp): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from stored_files`)) as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

function filesOnDisk(t: TestApp): string[] {
  const root = path.join(t.config.DATA_DIR, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

async function signedIn(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp(env);
  const practice = await seedPractice(t);
  const tokens = await signIn(t.app, memberOf(practice, 'Therapist').email);
  return { t, practice, access: tokens.access_token };
}

describe('file upload and download', { timeout: 90_000 }, () => {
  it('given a PNG, when uploaded, then the answer has id, name, size and type, and the download gives the same bytes as an attachment', async () => {
    const { t, access } = await signedIn();
    const response = await upload(t, access, {
      name: '../../etc/Scan 1.png',
      type: 'application/octet-stream',
      bytes: PNG,
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<{ id: string; name: string; size: number; type: string }>();
    expect(stored).toEqual({ id: expect.any(String), name: 'Scan 1.png', size: PNG.length, type: 'image/png' });
    // The bytes are kept under a name the server made, never the uploaded one.
    expect(filesOnDisk(t)).toEqual([expect.stringMatching(new RegExp(`^p\\d+/${stored.id}$`))]);

    const download = await t.app.inject({ method: 'GET', url: `/api/files/${stored.id}`, headers: bearer(access) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Scan 1.png"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('given Word, CSV and plain-text files, when uploaded, then each is accepted with the type its content shows', async () => {
    const { t, access } = await signedIn();
    const cases = [
      {
        name: 'letter.docx',
        type: 'application/octet-stream',
        bytes: DOCX,
        expected: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      {
        name: 'clients.csv',
        type: 'application/vnd.ms-excel',
        bytes: Buffer.from('name,phone\nAda,0123\n'),
        expected: 'text/csv',
      },
      {
        name: 'notes.txt',
        type: 'text/plain',
        bytes: Buffer.from('Caf\u00e9 notes\r\n\tindented\n'),
        expected: 'text/plain',
      },
    ];
    for (const file of cases) {
      const response = await upload(t, access, file);
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(200);
      expect(response.json().type).toBe(file.expected);
    }
    expect(await storedCount(t)).toBe(3);
  });

  it('given a forbidden type with a lying name and declared type, when uploaded, then 415 says what is accepted and nothing is kept', async () => {
    const { t, access } = await signedIn();
    const disguised = [
      { name: 'report.pdf', type: 'application/pdf', bytes: EXE },
      {
        name: 'notes.txt',
        type: 'text/plain',
        bytes: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      },
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x00]) },
    ];
    for (const file of disguised) {
      const response = await upload(t, access, file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json().detail).toBe(
        'This kind of file is not accepted. Upload a PDF, an image (PNG, JPEG, WebP or GIF), a Word or Excel file (.docx, .xlsx), or a plain-text or CSV file.',
      );
    }
    expect(await storedCount(t)).toBe(0);
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('given a file over the size cap, when uploaded, then 413 names the limit and nothing is kept', async () => {
    const { t, access } = await signedIn({ UPLOAD_MAX_MB: '1' });
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const response = await upload(t, access, { name: 'big.pdf', type: 'application/pdf', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe(
      'The file is larger than 1 MB, the most Halcyon accepts. Choose a smaller file, or save it at a lower quality.',
    );
    expect(await storedCount(t)).toBe(0);
    expect(filesOnDisk(t)).toEqual([]);
    const small = await upload(t, access, { name: 'small.pdf', type: 'application/pdf', bytes: big.subarray(0, 2000) });
    expect(small.statusCode, small.body).toBe(200);
  });

  it("given another practice's file, when downloaded, then 404 with nothing of the file; without a token 401", async () => {
    const { t, access } = await signedIn();
    const other = await seedPractice(t);
    const otherTokens = await signIn(t.app, memberOf(other, 'Admin').email);
    const theirs = (
      await upload(t, otherTokens.access_token, {
        name: 'private.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4\nsecret'),
      })
    ).json<{ id: string }>();
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${theirs.id}`, headers: bearer(access) });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('private');
    expect(response.body).not.toContain('secret');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/${theirs.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('given an empty file or no file field, when uploaded, then 400 with a sentence', async () => {
    const { t, access } = await signedIn();
    const empty = await upload(t, access, { name: 'empty.txt', type: 'text/plain', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('The file is empty. Choose a file with something in it.');
    const { payload, headers } = multipart({ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('x') }, 'other');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...headers, ...bearer(access) },
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: { file: 'x' },
      headers: bearer(access),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toMatch(/\S/);
  });
});
