import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file bytes live. Keys are made by the server (never from the uploaded name). */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the stream under `key`; resolves with the number of bytes written. */
  put(key: string, body: Readable, contentType: string): Promise<number>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

/** The whole of a (small) stored file's bytes, e.g. `readAll(await storage.get(key))`. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
}

/** Local disk under DATA_DIR/files: files written to a temporary name and renamed, so a crash never leaves half a file. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  async put(key: string, body: Readable): Promise<number> {
    checkKey(key);
    const target = path.join(this.root, key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.part`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { mode: 0o600 }));
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return (await fsp.stat(target)).size;
  }

  async get(key: string): Promise<Readable> {
    checkKey(key);
    const file = path.join(this.root, key);
    await fsp.access(file);
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await fsp.rm(path.join(this.root, key), { force: true });
  }
}
