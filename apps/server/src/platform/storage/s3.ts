import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';

type S3Client = S3Sdk.S3Client;
import { checkKey, type FileStorage } from './index';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** S3 multipart parts: at least 5 MiB each (except the last); 8 MiB keeps memory small and requests few. */
export const PART_BYTES = 8 * 1024 * 1024;

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, Backblaze B2, ...). An upload is streamed in 8 MiB parts, so a large
 * file never sits whole in memory: one PutObject when it fits in one part, a multipart upload otherwise (aborted on failure).
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  /** The SDK loads on first use, so a server that keeps files on disk never pays its start-up time. */
  private loaded?: Promise<{ sdk: typeof S3Sdk; client: S3Client }>;

  constructor(private readonly options: S3Options) {
    this.bucket = options.bucket;
  }

  private load() {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.makeClient(sdk) }));
    return this.loaded;
  }

  private makeClient(sdk: typeof S3Sdk): S3Client {
    const { options } = this;
    return new sdk.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Many S3-compatible stores reject the newer default checksums; send them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<number> {
    checkKey(key);
    const { sdk, client } = await this.load();
    const {
      PutObjectCommand,
      CreateMultipartUploadCommand,
      CompleteMultipartUploadCommand,
      AbortMultipartUploadCommand,
    } = sdk;
    const parts = chunked(body, PART_BYTES);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: firstPart, ContentType: contentType }),
      );
      return firstPart.length;
    }
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    const uploadId = created.UploadId!;
    const done: { ETag: string; PartNumber: number }[] = [];
    let size = 0;
    try {
      let partNumber = 1;
      for (const buffer of [firstPart, second.value]) {
        done.push(await this.uploadPart(sdk, client, key, uploadId, partNumber++, buffer));
        size += buffer.length;
      }
      for await (const buffer of { [Symbol.asyncIterator]: () => parts }) {
        done.push(await this.uploadPart(sdk, client, key, uploadId, partNumber++, buffer));
        size += buffer.length;
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: done },
        }),
      );
      return size;
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  private async uploadPart(
    sdk: typeof S3Sdk,
    client: S3Client,
    key: string,
    uploadId: string,
    partNumber: number,
    body: Buffer,
  ) {
    const result = await client.send(
      new sdk.UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: body,
      }),
    );
    return { ETag: result.ETag!, PartNumber: partNumber };
  }

  async get(key: string): Promise<Readable> {
    checkKey(key);
    const { sdk, client } = await this.load();
    const result = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!result.Body) throw new Error(`no body for ${key}`);
    return result.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/** Re-cuts a stream into buffers of exactly `size` bytes (the last one shorter). */
async function* chunked(stream: Readable, size: number): AsyncGenerator<Buffer, void> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    length += chunk.length;
    while (length >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length = all.length - size;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}
