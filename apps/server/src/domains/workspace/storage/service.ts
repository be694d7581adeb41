import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isPreviewable,
  STORAGE_FOLDER_DEPTH_MAX,
  STORAGE_MESSAGES,
  STORAGE_PREVIEW_SECONDS,
  type Message,
  type Routes,
  type StorageClientDocument,
  type StorageClientDocumentList,
  type StorageClientList,
  type StorageFile,
  type StorageFolder,
  type StorageItem,
  type StorageListing,
  type StoragePathStep,
  type StoragePreview,
  type StorageUsage,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import { hasSqlState, iso, rowsOf, type Db } from '../../../platform/db';
import { cappedPage, cappedTotalSql } from '../../../platform/db/paging';
import { conflict, HttpError, notFound } from '../../../platform/errors';
import type { RouteInput } from '../../../platform/http/contract';
import { storedFiles } from '../../files/schema';
import { FilesService } from '../../files/service';
import { practiceStorage } from '../../files/usage';
import { storageFolders } from './schema';

type Body<N extends keyof Routes> = RouteInput<Routes[N]>['body'];
type Query<N extends keyof Routes> = RouteInput<Routes[N]>['query'];

interface FolderRow {
  id: number;
  name: string;
  parent_id: number | null;
  created_at: unknown;
  updated_at: unknown;
}

interface FileRow {
  id: string;
  name: string;
  size: number | string;
  type: string;
  folder_id: number | null;
  uploaded_by_name: string | null;
  created_at: unknown;
}

type ItemRow = { kind: 'folder' | 'file'; folder_key: number | null; file_key: string | null } & Omit<
  FolderRow & FileRow,
  'id'
>;

const toFolder = (row: FolderRow): StorageFolder => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const toFile = (row: FileRow): StorageFile => ({
  id: row.id,
  name: row.name,
  size: Number(row.size),
  type: row.type,
  folderId: row.folder_id,
  previewable: isPreviewable(row.type),
  uploadedByName: row.uploaded_by_name,
  createdAt: iso(row.created_at),
});

const MEMBER_NAME = sql.raw(`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`);
const CLIENT_NAME = sql.raw(`trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name)`);

const FILE_COLUMNS = sql`s.id, s.name, s.size, s.type, s.folder_id, ${MEMBER_NAME} as uploaded_by_name, s.created_at`;

/** A preview link's token: `practice.file.expiry.mac`; the MAC binds the three under the server's secret. */
const previewMac = (p: Platform, practiceId: number, fileId: string, expiry: number) =>
  p.tokens.mac(`storage-preview:${practiceId}:${fileId}:${expiry}`);

const sameText = (a: string, b: string): boolean =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The headers of an inline preview: only Halcyon may frame it, and nothing in it may run or load anything else. */
const PREVIEW_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * The practice's cloud storage (/Cloud-storage): folders and the files in them, and the clients' documents read where the
 * documents domain keeps them. Every route is the Admin's and the Therapist's (the contract's access); any id of another
 * practice answers 404. Each write records one audit row in a practitioner's words ("Maya Patel renamed the folder").
 */
export class StorageService {
  private readonly db: Db;
  private readonly files: FilesService;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
    this.files = new FilesService(p);
  }

  async usage(auth: AuthContext): Promise<StorageUsage> {
    const storage = await practiceStorage(this.db, auth.practiceId);
    return { ...storage, maxUploadBytes: this.p.config.UPLOAD_MAX_MB * 1024 * 1024 };
  }

  // ---- reads ------------------------------------------------------------------------------------------------------------

  async listing(auth: AuthContext, query: Query<'listStorageItems'>): Promise<StorageListing> {
    const folderId = query.folderId ?? null;
    const folder = folderId === null ? null : await this.folder(auth, folderId);
    const offset = (query.page - 1) * query.pageSize;
    const inFolder = folderId === null ? sql`s.folder_id is null` : sql`s.folder_id = ${folderId}`;
    const folders = sql`from storage_folders f
      where f.practice_id = ${auth.practiceId} and coalesce(f.parent_id, 0) = ${folderId ?? 0}`;
    const files = sql`from stored_files s
      where s.practice_id = ${auth.practiceId} and s.in_cloud_storage and ${inFolder}`;
    const [rows, counted, path] = await Promise.all([
      rowsOf<ItemRow>(
        this.db,
        sql`select * from (
              select 'folder' as kind, f.id as folder_key, null::text as file_key, f.name, f.parent_id, f.created_at,
                     f.updated_at, null::bigint as size, null::text as type, null::int as folder_id,
                     null::text as uploaded_by_name
              ${folders}
              union all
              select 'file', null, s.id::text, s.name, null, s.created_at, s.created_at, s.size, s.type, s.folder_id,
                     ${MEMBER_NAME}
              from stored_files s left join users u on u.id = s.uploaded_by
              where s.practice_id = ${auth.practiceId} and s.in_cloud_storage and ${inFolder}
            ) items
            order by kind desc, lower(name), folder_key, file_key
            limit ${query.pageSize} offset ${offset}`,
      ),
      rowsOf<{ n: number }>(
        this.db,
        sql`select ${cappedTotalSql(folders, offset)} + ${cappedTotalSql(files, offset)} as n`,
      ),
      folderId === null ? Promise.resolve([]) : this.path(auth, folderId),
    ]);
    const items = rows.map((row): StorageItem =>
      row.kind === 'folder'
        ? { kind: 'folder', ...toFolder({ ...row, id: Number(row.folder_key) }) }
        : { kind: 'file', ...toFile({ ...row, id: String(row.file_key) }) },
    );
    return { ...cappedPage(items, Number(counted[0]?.n ?? 0), query, offset), folder, path };
  }

  async clients(auth: AuthContext, query: Query<'listStorageClients'>): Promise<StorageClientList> {
    const offset = (query.page - 1) * query.pageSize;
    const fromWhere = sql`from clients c where c.practice_id = ${auth.practiceId}
      and exists (select 1 from client_documents d where d.practice_id = ${auth.practiceId} and d.client_id = c.id)`;
    const [rows, counted] = await Promise.all([
      rowsOf<{ id: number; name: string; n: number }>(
        this.db,
        sql`select c.id, ${CLIENT_NAME} as name,
                   (select count(*)::int from client_documents d
                    where d.practice_id = ${auth.practiceId} and d.client_id = c.id) as n
            ${fromWhere}
            order by lower(c.last_name), lower(c.first_name), c.id
            limit ${query.pageSize} offset ${offset}`,
      ),
      rowsOf<{ n: number }>(this.db, sql`select ${cappedTotalSql(fromWhere, offset)} as n`),
    ]);
    const items = rows.map((row) => ({ clientId: row.id, clientName: row.name, documentCount: Number(row.n) }));
    return cappedPage(items, Number(counted[0]?.n ?? 0), query, offset);
  }

  async clientDocuments(
    auth: AuthContext,
    clientId: number,
    query: Query<'listStorageClientDocuments'>,
  ): Promise<StorageClientDocumentList> {
    const [client] = await rowsOf<{ name: string }>(
      this.db,
      sql`select ${CLIENT_NAME} as name from clients c where c.id = ${clientId} and c.practice_id = ${auth.practiceId}`,
    );
    if (!client) throw notFound(STORAGE_MESSAGES.clientNotFound);
    const offset = (query.page - 1) * query.pageSize;
    const fromWhere = sql`from client_documents d join stored_files s on s.id = d.file_id
      where d.practice_id = ${auth.practiceId} and d.client_id = ${clientId}`;
    const [rows, counted] = await Promise.all([
      rowsOf<{
        document_id: number;
        document_name: string;
        version: number;
        created_at: unknown;
        id: string;
        name: string;
        size: number | string;
        type: string;
      }>(
        this.db,
        sql`select d.id as document_id, d.name as document_name, d.version, d.created_at, s.id, s.name, s.size, s.type
            ${fromWhere}
            order by d.created_at desc, d.id desc
            limit ${query.pageSize} offset ${offset}`,
      ),
      rowsOf<{ n: number }>(this.db, sql`select ${cappedTotalSql(fromWhere, offset)} as n`),
    ]);
    const items = rows.map((row): StorageClientDocument => ({
      id: row.id,
      name: row.name,
      size: Number(row.size),
      type: row.type,
      documentId: row.document_id,
      documentName: row.document_name,
      previewable: isPreviewable(row.type),
      version: row.version,
      createdAt: iso(row.created_at),
    }));
    return {
      ...cappedPage(items, Number(counted[0]?.n ?? 0), query, offset),
      clientId,
      clientName: client.name,
    };
  }

  // ---- folders ----------------------------------------------------------------------------------------------------------

  async createFolder(
    request: FastifyRequest,
    auth: AuthContext,
    body: Body<'createStorageFolder'>,
  ): Promise<StorageFolder> {
    if (body.parentId !== null) {
      await this.folder(auth, body.parentId);
      if ((await this.path(auth, body.parentId)).length >= STORAGE_FOLDER_DEPTH_MAX) {
        throw conflict(STORAGE_MESSAGES.folderTooDeep);
      }
    }
    const [row] = await this.uniqueName(() =>
      this.db
        .insert(storageFolders)
        .values({ practiceId: auth.practiceId, parentId: body.parentId, name: body.name, createdBy: auth.userId })
        .returning(),
    );
    const folder = this.fromTable(row!);
    await this.p.audit.record(request, { action: 'create', entity: 'folder', entityId: folder.id });
    return folder;
  }

  async renameFolder(
    request: FastifyRequest,
    auth: AuthContext,
    id: number,
    body: Body<'renameStorageFolder'>,
  ): Promise<StorageFolder> {
    await this.folder(auth, id);
    const [row] = await this.uniqueName(() =>
      this.db
        .update(storageFolders)
        .set({ name: body.name, updatedAt: new Date() })
        .where(and(eq(storageFolders.id, id), eq(storageFolders.practiceId, auth.practiceId)))
        .returning(),
    );
    if (!row) throw notFound(STORAGE_MESSAGES.folderNotFound);
    await this.p.audit.record(request, { action: 'rename', entity: 'folder', entityId: id });
    return this.fromTable(row);
  }

  async moveFolder(
    request: FastifyRequest,
    auth: AuthContext,
    id: number,
    body: Body<'moveStorageFolder'>,
  ): Promise<StorageFolder> {
    await this.folder(auth, id);
    if (body.parentId !== null) {
      await this.folder(auth, body.parentId);
      const above = await this.path(auth, body.parentId);
      if (above.some((step) => step.id === id)) throw conflict(STORAGE_MESSAGES.folderIntoItself);
      if (above.length + (await this.height(auth, id)) > STORAGE_FOLDER_DEPTH_MAX) {
        throw conflict(STORAGE_MESSAGES.folderTooDeep);
      }
    }
    const [row] = await this.uniqueName(() =>
      this.db
        .update(storageFolders)
        .set({ parentId: body.parentId, updatedAt: new Date() })
        .where(and(eq(storageFolders.id, id), eq(storageFolders.practiceId, auth.practiceId)))
        .returning(),
    );
    if (!row) throw notFound(STORAGE_MESSAGES.folderNotFound);
    await this.p.audit.record(request, { action: 'move', entity: 'folder', entityId: id });
    return this.fromTable(row);
  }

  /** Deletes the folder, the folders inside it and every file they hold (the rows in one transaction, then the bytes). */
  async deleteFolder(request: FastifyRequest, auth: AuthContext, id: number): Promise<Message> {
    await this.folder(auth, id);
    const keys = await this.db.transaction(async (tx) => {
      const removed = await rowsOf<{ storage_key: string }>(
        tx,
        sql`with recursive tree(id) as (
              select f.id from storage_folders f where f.id = ${id} and f.practice_id = ${auth.practiceId}
              union all
              select f.id from storage_folders f join tree on f.parent_id = tree.id
            )
            delete from stored_files s
            where s.practice_id = ${auth.practiceId} and s.folder_id in (select id from tree)
            returning s.storage_key`,
      );
      await tx
        .delete(storageFolders)
        .where(and(eq(storageFolders.id, id), eq(storageFolders.practiceId, auth.practiceId)));
      return removed.map((row) => row.storage_key);
    });
    for (const key of keys) await this.p.storage.delete(key).catch(() => undefined);
    await this.p.audit.record(request, {
      action: 'delete',
      entity: 'folder',
      entityId: id,
      details: { files: keys.length },
    });
    return { detail: STORAGE_MESSAGES.folderDeleted };
  }

  // ---- files ------------------------------------------------------------------------------------------------------------

  async upload(request: FastifyRequest, auth: AuthContext, query: Query<'uploadStorageFile'>): Promise<StorageFile> {
    const folderId = query.folderId ?? null;
    if (folderId !== null) await this.folder(auth, folderId);
    const stored = await this.files.upload(auth, request, { folderId });
    return this.file(auth, stored.id);
  }

  async renameFile(
    request: FastifyRequest,
    auth: AuthContext,
    id: string,
    body: Body<'renameStorageFile'>,
  ): Promise<StorageFile> {
    await this.file(auth, id);
    await this.db
      .update(storedFiles)
      .set({ name: body.name })
      .where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, auth.practiceId)));
    await this.p.audit.record(request, { action: 'rename', entity: 'stored_file', entityId: id });
    return this.file(auth, id);
  }

  async moveFile(
    request: FastifyRequest,
    auth: AuthContext,
    id: string,
    body: Body<'moveStorageFile'>,
  ): Promise<StorageFile> {
    await this.file(auth, id);
    if (body.folderId !== null) await this.folder(auth, body.folderId);
    await this.db
      .update(storedFiles)
      .set({ folderId: body.folderId })
      .where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, auth.practiceId)));
    await this.p.audit.record(request, { action: 'move', entity: 'stored_file', entityId: id });
    return this.file(auth, id);
  }

  async deleteFile(request: FastifyRequest, auth: AuthContext, id: string): Promise<Message> {
    const [row] = await this.db
      .delete(storedFiles)
      .where(
        and(eq(storedFiles.id, id), eq(storedFiles.practiceId, auth.practiceId), eq(storedFiles.inCloudStorage, true)),
      )
      .returning({ key: storedFiles.storageKey });
    if (!row) throw notFound(STORAGE_MESSAGES.fileNotFound);
    await this.p.storage.delete(row.key).catch(() => undefined);
    await this.p.audit.record(request, { action: 'delete', entity: 'stored_file', entityId: id });
    return { detail: STORAGE_MESSAGES.fileDeleted };
  }

  // ---- previews ---------------------------------------------------------------------------------------------------------

  /**
   * A link that shows a PDF or an image in the page for STORAGE_PREVIEW_SECONDS: a file of the practice's cloud storage
   * or the file of one of its clients' documents (only the clinical roles reach this route).
   */
  async preview(request: FastifyRequest, auth: AuthContext, id: string): Promise<StoragePreview> {
    const [row] = await rowsOf<{ type: string }>(
      this.db,
      sql`select s.type from stored_files s
          where s.id = ${id} and s.practice_id = ${auth.practiceId}
            and (s.in_cloud_storage or exists (
              select 1 from client_documents d where d.practice_id = ${auth.practiceId} and d.file_id = s.id))`,
    );
    if (!row) throw notFound(STORAGE_MESSAGES.fileNotFound);
    if (!isPreviewable(row.type)) throw new HttpError(415, STORAGE_MESSAGES.notPreviewable);
    const expiry = Date.now() + STORAGE_PREVIEW_SECONDS * 1000;
    const token = `${auth.practiceId}.${id}.${expiry}.${previewMac(this.p, auth.practiceId, id, expiry)}`;
    await this.p.audit.record(request, { action: 'view', entity: 'stored_file', entityId: id });
    return { url: `/api/cloud-storage/preview/${token}`, type: row.type, expiresAt: new Date(expiry).toISOString() };
  }

  /** The file of a preview link, inline; a link that is not one answers 404, an expired one 410. */
  async showPreview(token: string, reply: FastifyReply): Promise<FastifyReply> {
    const [practice, id, expiry, mac] = token.split('.');
    const practiceId = Number(practice);
    const until = Number(expiry);
    const valid =
      /^\d+$/.test(practice ?? '') &&
      /^[0-9a-f-]{36}$/.test(id ?? '') &&
      /^\d+$/.test(expiry ?? '') &&
      mac !== undefined &&
      sameText(mac, previewMac(this.p, practiceId, id!, until));
    if (!valid) throw notFound(STORAGE_MESSAGES.fileNotFound);
    if (until < Date.now()) throw new HttpError(410, STORAGE_MESSAGES.previewEnded);
    const [row] = await this.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, id!), eq(storedFiles.practiceId, practiceId)))
      .limit(1);
    if (!row || !isPreviewable(row.type)) throw notFound(STORAGE_MESSAGES.fileNotFound);
    const body = await this.p.storage.get(row.storageKey).catch(() => null);
    if (!body) throw notFound(STORAGE_MESSAGES.fileNotFound);
    const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('Content-Type', row.type)
      .header('Content-Length', String(row.size))
      .header('Content-Disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('Content-Security-Policy', PREVIEW_CSP)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(body);
  }

  // ---- helpers ----------------------------------------------------------------------------------------------------------

  /** The folder, if it is the practice's; otherwise 404. */
  private async folder(auth: AuthContext, id: number): Promise<StorageFolder> {
    const [row] = await this.db
      .select()
      .from(storageFolders)
      .where(and(eq(storageFolders.id, id), eq(storageFolders.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(STORAGE_MESSAGES.folderNotFound);
    return this.fromTable(row);
  }

  /** A file of the practice's cloud storage; otherwise 404 (a client's document is changed through its own routes). */
  private async file(auth: AuthContext, id: string): Promise<StorageFile> {
    const [row] = await rowsOf<FileRow>(
      this.db,
      sql`select ${FILE_COLUMNS} from stored_files s left join users u on u.id = s.uploaded_by
          where s.id = ${id} and s.practice_id = ${auth.practiceId} and s.in_cloud_storage`,
    );
    if (!row) throw notFound(STORAGE_MESSAGES.fileNotFound);
    return toFile(row);
  }

  /** The folders from the top down to `id` (itself included). */
  private path(auth: AuthContext, id: number): Promise<StoragePathStep[]> {
    return rowsOf<StoragePathStep>(
      this.db,
      sql`with recursive up(id, name, parent_id, depth) as (
            select f.id, f.name, f.parent_id, 0 from storage_folders f
            where f.id = ${id} and f.practice_id = ${auth.practiceId}
            union all
            select f.id, f.name, f.parent_id, up.depth + 1 from storage_folders f join up on f.id = up.parent_id
            where up.depth < ${STORAGE_FOLDER_DEPTH_MAX * 2}
          )
          select id, name from up order by depth desc`,
    );
  }

  /** How many levels the folder and the folders inside it take (1: no folders inside). */
  private async height(auth: AuthContext, id: number): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      this.db,
      sql`with recursive down(id, depth) as (
            select f.id, 1 from storage_folders f where f.id = ${id} and f.practice_id = ${auth.practiceId}
            union all
            select f.id, down.depth + 1 from storage_folders f join down on f.parent_id = down.id
            where down.depth < ${STORAGE_FOLDER_DEPTH_MAX * 2}
          )
          select max(depth)::int as n from down`,
    );
    return Number(row?.n ?? 1);
  }

  private fromTable(row: typeof storageFolders.$inferSelect): StorageFolder {
    return toFolder({
      id: row.id,
      name: row.name,
      parent_id: row.parentId,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    });
  }

  /** Runs a write that names a folder: a name already used in that folder answers 409 in words. */
  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (hasSqlState(error, '23505')) throw conflict(STORAGE_MESSAGES.folderExists);
      throw error;
    }
  }
}
