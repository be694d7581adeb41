import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { checkStorageConfig, createStorage } from './create';
import { LocalStorage, type FileStorage } from './index';
import { PART_BYTES, S3Storage } from './s3';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Just enough of the S3 API (path style) to check what the storage sends: objects and multipart uploads. */
async function fakeS3(): Promise<{ endpoint: string; objects: Map<string, Buffer>; calls: string[] }> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://s3');
      const key = decodeURIComponent(url.pathname.slice(1));
      const body = Buffer.concat(chunks);
      const q = url.searchParams;
      const xml = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
      };
      if (request.method === 'POST' && q.has('uploads')) {
        calls.push('CreateMultipartUpload');
        const id = crypto.randomUUID();
        uploads.set(id, new Map());
        return xml(
          200,
          `<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (request.method === 'PUT' && q.has('uploadId')) {
        calls.push('UploadPart');
        uploads.get(q.get('uploadId')!)!.set(Number(q.get('partNumber')), body);
        response.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      if (request.method === 'POST' && q.has('uploadId')) {
        calls.push('CompleteMultipartUpload');
        const parts = uploads.get(q.get('uploadId')!)!;
        objects.set(key, Buffer.concat([...parts.keys()].sort((a, b) => a - b).map((n) => parts.get(n)!)));
        return xml(
          200,
          `<CompleteMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (request.method === 'PUT') {
        calls.push(`PutObject ${request.headers['content-type']}`);
        objects.set(key, body);
        response.writeHead(200, { etag: '"x"' });
        return response.end();
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object)
          return xml(404, '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
        response.writeHead(200, { 'content-length': String(object.length) });
        return response.end(object);
      }
      if (request.method === 'DELETE') {
        calls.push('DeleteObject');
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      response.writeHead(400);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address() as { port: number };
  return { endpoint: `http://127.0.0.1:${address.port}`, objects, calls };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A stream of `bytes` in awkward 100,003-byte pieces, like a network upload. */
function streamOf(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 100_003) yield bytes.subarray(i, i + 100_003);
    })(),
  );
}

async function roundTrip(storage: FileStorage, bytes: Buffer): Promise<void> {
  expect(await storage.put('p1/some-file', streamOf(bytes), 'application/pdf')).toBe(bytes.length);
  expect((await readAll(await storage.get('p1/some-file'))).equals(bytes)).toBe(true);
  await storage.delete('p1/some-file');
  await expect(storage.get('p1/some-file')).rejects.toThrow();
}

describe('file storage', () => {
  it('given local disk, when a file is stored, read and deleted, then the bytes round-trip and unsafe keys are refused', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-files-'));
    cleanup.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const storage = new LocalStorage(root);
    await roundTrip(storage, crypto.randomBytes(300_000));
    await expect(storage.put('../escape', streamOf(Buffer.from('x')))).rejects.toThrow(/unsafe/);
  });

  it('given an S3-compatible store, when a small file is stored, then it is one PutObject with its type, and it round-trips', async () => {
    const s3 = await fakeS3();
    const storage = createStorage({
      ...loadConfig({
        DATA_DIR: os.tmpdir(),
        S3_BUCKET: 'halcyon-files',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'AKIATEST',
        S3_SECRET_ACCESS_KEY: 'secret-key-for-tests',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    });
    expect(storage.kind).toBe('s3');
    const bytes = crypto.randomBytes(200_000);
    await roundTrip(storage, bytes);
    expect(s3.calls).toEqual(['PutObject application/pdf', 'DeleteObject']);
  });

  it('given an S3-compatible store, when a file is larger than one part, then it is sent as a multipart upload and round-trips', async () => {
    const s3 = await fakeS3();
    const storage = new S3Storage({
      bucket: 'halcyon-files',
      region: 'auto',
      endpoint: s3.endpoint,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret-key-for-tests',
      forcePathStyle: true,
    });
    const bytes = crypto.randomBytes(2 * PART_BYTES + 12_345);
    await roundTrip(storage, bytes);
    expect(s3.calls).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
      'DeleteObject',
    ]);
  });

  it('given inconsistent S3 settings, then start-up stops with one sentence naming what to fix', () => {
    const base = loadConfig({ DATA_DIR: os.tmpdir() });
    expect(() => checkStorageConfig({ ...base, S3_ENDPOINT: 'https://s3.example.com' })).toThrow(
      'Invalid configuration: S3_BUCKET must be set when S3_ENDPOINT is set (or unset them to keep files in DATA_DIR/files).',
    );
    expect(() => checkStorageConfig({ ...base, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => checkStorageConfig({ ...base, S3_BUCKET: 'halcyon', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the credentials of the machine or container).',
    );
    expect(() => checkStorageConfig({ ...base, S3_BUCKET: 'halcyon', S3_REGION: 'eu west' })).toThrow(/S3_REGION/);
    expect(() => checkStorageConfig({ ...base, S3_BUCKET: 'halcyon' })).not.toThrow();
    expect(createStorage(base).kind).toBe('local');
  });
});
