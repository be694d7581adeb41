import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { CLINICAL_ROLES, FILE_MESSAGES, type Role, type StoredFile } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import { storedFiles } from '../../schema';
import { HttpError, badRequest, forbidden, notFound } from '../../platform/errors';
import { practiceStorage } from './usage';

/** Who a stored file belongs to: the practice, and the member who uploaded it (null: a client, through their link). */
export interface FileOwner {
  practiceId: number;
  userId: number | null;
}

/** Whether a stored file belongs to a client's clinical record. */
export type ClinicalFileCheck = (practiceId: number, fileId: string) => Promise<boolean>;

const isClinicalRole = (role: Role): boolean => (CLINICAL_ROLES as readonly Role[]).includes(role);

/** Types accepted by content (magic bytes), whatever the name or the declared type says (QUALITY.md security 13). */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
]);

/** How many bytes are read before deciding the type: enough for the parts list at the start of a .docx or .xlsx. */
const SAMPLE_BYTES = 64 * 1024;

/** Markup that must not pass as plain text (an HTML or SVG page renamed to .txt). */
const MARKUP = /^\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed)\b/i;

/** Does `text` hold a C0 control character or DEL, other than those `allowed`? */
function hasControlCharacters(text: string, allowed = ''): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(char)) return true;
  }
  return false;
}

/**
 * Plain text or CSV, decided from the sample: valid UTF-8 with no NUL or other control characters besides tab, line breaks
 * and form feed, and not markup. CSV when the name says .csv (the content of both is text).
 */
export function textType(sample: Uint8Array, name: string): 'text/plain' | 'text/csv' | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    return null;
  }
  if (hasControlCharacters(text, '\t\n\r\f') || MARKUP.test(text.replace(/^\ufeff/, ''))) return null;
  return /\.csv$/i.test(name) ? 'text/csv' : 'text/plain';
}

/** Reads the first `size` bytes of a stream and answers them with a stream of the whole body (sample included). */
export async function peek(stream: Readable, size: number): Promise<{ sample: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let total = 0;
  let done = false;
  while (total < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    total += next.value.length;
  }
  async function* whole(): AsyncGenerator<Buffer> {
    yield* chunks;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { sample: Buffer.concat(chunks).subarray(0, size), body: Readable.from(whole()) };
}

/** A display name without paths or control characters; never used to store the bytes. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char !== '"' && !hasControlCharacters(char))
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/** Where an upload is kept: in the practice's cloud storage, in a folder (null: the top level). */
export interface CloudPlacement {
  folderId: number | null;
}

/** An error from a multipart body that is not whole: the framework's own 4xx as it is, anything else a 400. */
function cutOff(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(FILE_MESSAGES.cutOff, { file: FILE_MESSAGES.cutOff });
}

export class FilesService {
  /**
   * `clinicalFile(practiceId, id)` says whether a file belongs to a client's clinical record (a document, a signed PDF):
   * only the clinical roles may download those (QUALITY.md security 9). The domains that attach files provide it.
   */
  constructor(
    private readonly p: Platform,
    private readonly clinicalFile: ClinicalFileCheck = () => Promise.resolve(false),
  ) {}

  /**
   * Stores the request's one file (field `file`) after checking its type by content, its size against UPLOAD_MAX_MB and
   * the practice's storage allowance (an upload never takes the practice past it). `cloud` keeps it in the practice's
   * cloud storage.
   */
  async upload(auth: FileOwner, request: FastifyRequest, cloud?: CloudPlacement): Promise<StoredFile> {
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in a field named "file".');
    const storage = await practiceStorage(this.p.database.db, auth.practiceId);
    const left = Math.max(0, storage.limitBytes - storage.usedBytes);
    const maxBytes = this.p.config.UPLOAD_MAX_MB * 1024 * 1024;
    // The stream stops one byte past what is left, so a full practice still reads the request to answer it in words.
    const limit = { bytes: Math.max(1, Math.min(maxBytes, left)), left, overQuota: left < maxBytes };
    const part = await request
      .file({ limits: { fileSize: limit.bytes, files: 1, fields: 5 }, throwFileSizeLimit: false })
      .catch((error: unknown) => {
        throw cutOff(error);
      });
    if (!part || part.fieldname !== 'file') {
      throw badRequest('Send the file as multipart/form-data in a field named "file".', { file: 'Choose a file.' });
    }
    try {
      return await this.store(auth, request, part, limit, cloud);
    } catch (error) {
      // A body that ends mid-file (a dropped connection, a hand-made request) errors the file stream: a 400, never a 500.
      if (part.file.errored) throw cutOff(error);
      throw error;
    }
  }

  private async store(
    auth: FileOwner,
    request: FastifyRequest,
    part: MultipartFile,
    limit: { bytes: number; left: number; overQuota: boolean },
    cloud: CloudPlacement | undefined,
  ): Promise<StoredFile> {
    // A file kept in cloud storage is audited as the practice's file ("uploaded a file"), any other as an attachment.
    const entity = cloud ? 'stored_file' : 'file';
    const name = cleanFileName(part.filename);
    /** The file passed the size limit or what is left of the storage allowance: recorded, and answered in words. */
    const tooLarge = async () => {
      await this.p.audit.record(request, {
        action: 'upload',
        entity,
        outcome: 'invalid',
        details: limit.overQuota ? { overQuota: true } : { tooLarge: true },
      });
      const message = limit.overQuota ? FILE_MESSAGES.overQuota : FILE_MESSAGES.tooLarge(this.p.config.UPLOAD_MAX_MB);
      return new HttpError(413, message, { file: message });
    };
    const { sample, body } = await peek(part.file, SAMPLE_BYTES);
    // Cut off within the sample: its type cannot be told, but its size already says no.
    if (part.file.truncated) {
      body.resume();
      throw await tooLarge();
    }
    if (sample.length === 0) {
      part.file.resume();
      throw badRequest(FILE_MESSAGES.empty, { file: FILE_MESSAGES.empty });
    }
    const detected = (await fileTypeFromBuffer(sample))?.mime;
    const type = detected ?? textType(sample, name);
    if (!type || !ALLOWED_TYPES.has(type)) {
      body.resume();
      await this.p.audit.record(request, {
        action: 'upload',
        entity,
        outcome: 'invalid',
        details: { detected: detected ?? 'unknown' },
      });
      throw new HttpError(415, FILE_MESSAGES.forbiddenType, { file: FILE_MESSAGES.forbiddenType });
    }
    const id = crypto.randomUUID();
    const key = `p${auth.practiceId}/${id}`;
    const size = await this.p.storage.put(key, body, type).catch(async (error: unknown) => {
      await this.p.storage.delete(key).catch(() => undefined);
      throw error;
    });
    if (part.file.truncated || size > limit.left) {
      await this.p.storage.delete(key);
      throw await tooLarge();
    }
    await this.p.database.db.insert(storedFiles).values({
      id,
      practiceId: auth.practiceId,
      uploadedBy: auth.userId,
      name,
      size,
      type,
      storageKey: key,
      inCloudStorage: cloud !== undefined,
      folderId: cloud?.folderId ?? null,
    });
    await this.p.audit.record(request, { action: 'upload', entity, entityId: id, details: { type, size } });
    return { id, name, size, type };
  }

  async download(auth: AuthContext, id: string, request: FastifyRequest, reply: FastifyReply) {
    if (!isClinicalRole(auth.role) && (await this.clinicalFile(auth.practiceId, id))) {
      throw forbidden(FILE_MESSAGES.clinicalFile);
    }
    return this.send(auth.practiceId, id, request, reply);
  }

  /** Streams a stored file of the practice as an attachment (404 when it is not the practice's); the caller checked access. */
  async send(practiceId: number, id: string, request: FastifyRequest, reply: FastifyReply) {
    const [row] = await this.p.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, practiceId)))
      .limit(1);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    const body = await this.p.storage.get(row.storageKey).catch(() => null);
    if (!body) throw notFound(FILE_MESSAGES.notFound);
    await this.p.audit.record(request, { action: 'download', entity: 'file', entityId: id });
    const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('Content-Type', row.type.startsWith('text/') ? `${row.type}; charset=utf-8` : row.type)
      .header('Content-Length', String(row.size))
      .header(
        'Content-Disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  }
}
