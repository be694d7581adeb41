import type { TestApp } from './app';
import { bearer, type Tokens } from './auth';

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body holding one file in `field`, and its content-type header. */
export function multipart(file: UploadedFile, field = 'file') {
  const boundary = '----halcyon-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file with POST /api/files as `tokens`' member. */
export async function upload(t: TestApp, tokens: Tokens | string, file: UploadedFile) {
  const { payload, headers } = multipart(file);
  return t.app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, ...bearer(tokens) } });
}

/** The smallest files of a few kinds, for upload tests. */
export const SAMPLE_FILES = {
  png: Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.alloc(64, 7),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  text: Buffer.from('Paid in cash.\n'),
} as const;
