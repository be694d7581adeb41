import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SIGNATURE_DUE_MAX_DAYS,
  DOCUMENT_MESSAGES,
  FILE_MESSAGES,
  SIGNATURE_LINK_DAYS,
  type ClientDocument,
  type ClientDocumentDetails,
  type DocumentSignature,
  type DocumentTemplate,
  type Routes,
  type SendToClientResult,
  type SignatureReceipt,
  type SignatureRequest,
  type SigningDocument,
  type StoredFile,
} from '@halcyon/api/contract';
import { dayRange } from '@halcyon/api/time';
import type { RouteInput } from '../../platform/http/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import {
  clientDocuments,
  clientShares,
  clients,
  documentTemplates,
  signatureRequests,
  storedFiles,
  users,
} from '../../schema';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors';
import { readAll } from '../../platform/storage';
import { clientOfPractice } from '../clients/access';
import { MeasuresService } from '../measures';
import { NotificationService } from '../notifications/service';
import { FormLinksService } from './form-links';
import { practiceBrand } from './brand';
import { documentMail, type Brand } from './mail';
import { buildSignedPdf, formatInZone } from './pdf';
import { endShareLinks } from './share-links';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A document e-mailed with send-to-client can be downloaded for this long. */
export const SHARE_LINK_DAYS = 14;
const PNG_MAGIC = Buffer.from('89504e470d0a1a0a', 'hex');

type DocumentRow = typeof clientDocuments.$inferSelect;
type FileRow = typeof storedFiles.$inferSelect;
type RequestRow = typeof signatureRequests.$inferSelect;

const toFile = (row: Pick<FileRow, 'id' | 'name' | 'size' | 'type'>): StoredFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  type: row.type,
});

function signatureStatus(row: Pick<RequestRow, 'status' | 'expiresAt'>, now = Date.now()): DocumentSignature['status'] {
  if (row.status === 'signed') return 'signed';
  return row.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

function toSignature(
  row: RequestRow,
  signedFile: Pick<FileRow, 'id' | 'name' | 'size' | 'type'> | null,
): DocumentSignature {
  return {
    requestId: row.id,
    status: signatureStatus(row),
    signerName: row.signerName,
    signerEmail: row.signerEmail,
    dueDate: row.dueDate,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
    signedFile: signedFile ? toFile(signedFile) : null,
  };
}

function toDocument(row: DocumentRow, file: FileRow, latest: DocumentSignature | null): ClientDocument {
  return {
    id: row.id,
    clientId: row.clientId,
    kind: row.kind === 'template' || row.kind === 'form' ? row.kind : 'upload',
    name: row.name,
    tags: row.tags,
    file: toFile(file),
    templateId: row.templateId,
    category: row.category,
    sharedWithClient: row.sharedWithClient,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    signatureStatus: latest?.status ?? 'none',
    signature: latest,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The parsed body of one of this domain's routes. */
type In<N extends keyof Routes> = RouteInput<Routes[N]>['body'];

/**
 * A client's documents. Every record is read through the caller's practice (documents, templates and requests carry
 * practice_id; per-client routes load the client with `clientOfPractice` first), so another practice's ids answer 404.
 */
export class DocumentsService {
  private readonly notifications: NotificationService;
  private readonly measures: MeasuresService;
  private readonly forms: FormLinksService;

  constructor(private readonly p: Platform) {
    this.notifications = new NotificationService(p.database.db);
    this.measures = new MeasuresService(p);
    this.forms = new FormLinksService(p);
  }

  private get db() {
    return this.p.database.db;
  }

  private link(path: string, token: string): string {
    const base = this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`;
    return `${base.replace(/\/$/, '')}${path}/${encodeURIComponent(token)}`;
  }

  private brand(practiceId: number): Promise<Brand & { timeZone: string }> {
    return practiceBrand(this.db, practiceId);
  }

  // ---- reading ------------------------------------------------------------------------------------------------------

  /** Documents with their files and latest signature requests, in the order of `rows`. */
  private async hydrate(rows: { doc: DocumentRow; file: FileRow }[]): Promise<ClientDocument[]> {
    if (rows.length === 0) return [];
    const requests = await this.requestsOf(
      rows[0]!.doc.practiceId,
      rows.map((r) => r.doc.id),
    );
    const latest = new Map<number, DocumentSignature>();
    for (const request of requests)
      if (!latest.has(request.documentId)) latest.set(request.documentId, request.signature);
    return rows.map(({ doc, file }) => toDocument(doc, file, latest.get(doc.id) ?? null));
  }

  /** The signature requests of these documents, newest first. */
  private async requestsOf(practiceId: number, documentIds: number[]) {
    if (documentIds.length === 0) return [];
    const found = await this.db
      .select({ request: signatureRequests, signed: storedFiles })
      .from(signatureRequests)
      .leftJoin(storedFiles, eq(storedFiles.id, signatureRequests.signedFileId))
      .where(and(eq(signatureRequests.practiceId, practiceId), inArray(signatureRequests.documentId, documentIds)))
      .orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id));
    return found.map(({ request, signed }) => ({
      documentId: request.documentId,
      signature: toSignature(request, signed),
    }));
  }

  private async findDocument(auth: AuthContext, id: number) {
    const [row] = await this.db
      .select({ doc: clientDocuments, file: storedFiles })
      .from(clientDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, clientDocuments.fileId))
      .where(and(eq(clientDocuments.id, id), eq(clientDocuments.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
    return row;
  }

  private async documentOut(auth: AuthContext, id: number): Promise<ClientDocument> {
    const [document] = await this.hydrate([await this.findDocument(auth, id)]);
    return document!;
  }

  async list(auth: AuthContext, clientId: number, tag: string | undefined, request: FastifyRequest) {
    await clientOfPractice(this.db, auth, clientId);
    const filters = [eq(clientDocuments.practiceId, auth.practiceId), eq(clientDocuments.clientId, clientId)];
    if (tag) {
      filters.push(
        sql`exists (select 1 from unnest(${clientDocuments.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`,
      );
    }
    const rows = await this.db
      .select({ doc: clientDocuments, file: storedFiles })
      .from(clientDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, clientDocuments.fileId))
      .where(and(...filters))
      .orderBy(desc(clientDocuments.createdAt), desc(clientDocuments.id));
    await this.p.audit.record(request, {
      action: 'list',
      entity: 'client_document',
      entityId: null,
      details: { client_id: clientId, ...(tag ? { filtered: true } : {}) },
    });
    return { items: await this.hydrate(rows) };
  }

  async uploadRetrieve(auth: AuthContext, id: number, request: FastifyRequest): Promise<ClientDocument> {
    const document = await this.documentOut(auth, id);
    if (document.kind !== 'upload') throw notFound(DOCUMENT_MESSAGES.documentNotFound);
    await this.p.audit.record(request, {
      action: 'read',
      entity: 'client_document',
      entityId: id,
      details: { client_id: document.clientId },
    });
    return document;
  }

  async single(auth: AuthContext, id: number, request: FastifyRequest): Promise<ClientDocumentDetails> {
    const document = await this.documentOut(auth, id);
    const requests = await this.requestsOf(auth.practiceId, [id]);
    await this.p.audit.record(request, {
      action: 'read',
      entity: 'client_document',
      entityId: id,
      details: { client_id: document.clientId },
    });
    return { ...document, signatureRequests: requests.map((r) => r.signature) };
  }

  private async findTemplate(auth: AuthContext, id: number) {
    const [row] = await this.db
      .select({ template: documentTemplates, file: storedFiles })
      .from(documentTemplates)
      .innerJoin(storedFiles, eq(storedFiles.id, documentTemplates.fileId))
      .where(and(eq(documentTemplates.id, id), eq(documentTemplates.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(DOCUMENT_MESSAGES.templateNotFound);
    return row;
  }

  private toTemplate({
    template,
    file,
  }: {
    template: typeof documentTemplates.$inferSelect;
    file: FileRow;
  }): DocumentTemplate {
    return {
      id: template.id,
      name: template.name,
      category: template.category,
      file: toFile(file),
      createdAt: template.createdAt.toISOString(),
    };
  }

  async template(auth: AuthContext, id: number, request: FastifyRequest): Promise<DocumentTemplate> {
    const row = await this.findTemplate(auth, id);
    await this.p.audit.record(request, { action: 'read', entity: 'document_template', entityId: id });
    return this.toTemplate(row);
  }

  async templates(auth: AuthContext, request: FastifyRequest) {
    const rows = await this.db
      .select({ template: documentTemplates, file: storedFiles })
      .from(documentTemplates)
      .innerJoin(storedFiles, eq(storedFiles.id, documentTemplates.fileId))
      .where(eq(documentTemplates.practiceId, auth.practiceId))
      .orderBy(documentTemplates.category, sql`lower(${documentTemplates.name})`, documentTemplates.id);
    await this.p.audit.record(request, { action: 'list', entity: 'document_template', entityId: null });
    return { items: rows.map((row) => this.toTemplate(row)) };
  }

  async tags(auth: AuthContext, clientId: number, request: FastifyRequest) {
    await clientOfPractice(this.db, auth, clientId);
    const result = (await this.db.execute<{ tag: string; count: number }>(sql`
      select min(t.tag) as tag, count(distinct d.id)::int as count
      from ${clientDocuments} d, unnest(d.tags) as t(tag)
      where d.practice_id = ${auth.practiceId} and d.client_id = ${clientId}
      group by lower(t.tag)
      order by lower(min(t.tag))`)) as { rows: { tag: string; count: number }[] };
    await this.p.audit.record(request, {
      action: 'list',
      entity: 'document_tag',
      entityId: null,
      details: { client_id: clientId },
    });
    return { items: result.rows.map((row) => ({ tag: row.tag, count: Number(row.count) })) };
  }

  // ---- writing ------------------------------------------------------------------------------------------------------

  /** A file uploaded with POST /api/files by this practice, not yet attached to a document or template. */
  private async freeFile(auth: AuthContext, fileId: string): Promise<FileRow> {
    const [file] = await this.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, fileId), eq(storedFiles.practiceId, auth.practiceId)))
      .limit(1);
    if (!file) throw badRequest(DOCUMENT_MESSAGES.fileMissing, { fileId: DOCUMENT_MESSAGES.fileMissing });
    const [used] = await this.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.id, fileId),
          or(
            sql`exists (select 1 from ${clientDocuments} where ${clientDocuments.fileId} = ${fileId})`,
            sql`exists (select 1 from ${documentTemplates} where ${documentTemplates.fileId} = ${fileId})`,
            sql`exists (select 1 from ${signatureRequests} where ${signatureRequests.signedFileId} = ${fileId})`,
          ),
        ),
      )
      .limit(1);
    if (used) throw badRequest(DOCUMENT_MESSAGES.fileInUse, { fileId: DOCUMENT_MESSAGES.fileInUse });
    return file;
  }

  async create(auth: AuthContext, clientId: number, body: In<'createClientDocument'>, request: FastifyRequest) {
    await clientOfPractice(this.db, auth, clientId);
    await this.freeFile(auth, body.fileId);
    const [row] = await this.db
      .insert(clientDocuments)
      .values({
        practiceId: auth.practiceId,
        clientId,
        kind: 'upload',
        name: body.name,
        fileId: body.fileId,
        tags: body.tags,
        sharedWithClient: body.sharedWithClient,
        sharedAt: body.sharedWithClient ? new Date() : null,
        createdBy: auth.userId,
      })
      .returning();
    await this.p.audit.record(request, {
      action: 'create',
      entity: 'client_document',
      entityId: row!.id,
      details: { client_id: clientId, kind: 'upload' },
    });
    return this.documentOut(auth, row!.id);
  }

  /** Copies a stored file's bytes to a new stored file of the same practice. */
  private async copyFile(auth: AuthContext, source: FileRow, name: string): Promise<string> {
    const id = crypto.randomUUID();
    const key = `p${auth.practiceId}/${id}`;
    const size = await this.p.storage.put(key, await this.p.storage.get(source.storageKey), source.type);
    await this.db.insert(storedFiles).values({
      id,
      practiceId: auth.practiceId,
      uploadedBy: auth.userId,
      name,
      size,
      type: source.type,
      storageKey: key,
    });
    return id;
  }

  async createFromTemplate(
    auth: AuthContext,
    clientId: number,
    body: In<'createClientDocumentFromTemplate'>,
    request: FastifyRequest,
  ) {
    await clientOfPractice(this.db, auth, clientId);
    const { template, file } = await this.findTemplate(auth, body.templateId);
    const fileId = await this.copyFile(auth, file, file.name);
    const [row] = await this.db
      .insert(clientDocuments)
      .values({
        practiceId: auth.practiceId,
        clientId,
        kind: 'template',
        name: body.name ?? template.name,
        fileId,
        templateId: template.id,
        category: template.category,
        tags: body.tags,
        sharedWithClient: body.sharedWithClient,
        sharedAt: body.sharedWithClient ? new Date() : null,
        createdBy: auth.userId,
      })
      .returning();
    await this.p.audit.record(request, {
      action: 'create',
      entity: 'client_document',
      entityId: row!.id,
      details: { client_id: clientId, kind: 'template', template_id: template.id },
    });
    return this.documentOut(auth, row!.id);
  }

  async update(auth: AuthContext, id: number, body: In<'updateClientDocument'>, request: FastifyRequest) {
    const { doc } = await this.findDocument(auth, id);
    const sharing = body.sharedWithClient;
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(clientDocuments)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.tags !== undefined ? { tags: body.tags } : {}),
          ...(sharing !== undefined
            ? { sharedWithClient: sharing, sharedAt: sharing ? (doc.sharedAt ?? new Date()) : null }
            : {}),
          version: sql`${clientDocuments.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(clientDocuments.id, id),
            eq(clientDocuments.practiceId, auth.practiceId),
            eq(clientDocuments.version, body.version),
          ),
        )
        .returning({ id: clientDocuments.id });
      if (!row) throw conflict(DOCUMENT_MESSAGES.stale);
      // Un-shared: the links already e-mailed for it stop working now.
      if (sharing === false) await endShareLinks(tx, auth.practiceId, { documentId: id });
    });
    await this.p.audit.record(request, {
      action: 'update',
      entity: 'client_document',
      entityId: id,
      details: { client_id: doc.clientId },
    });
    return this.documentOut(auth, id);
  }

  async remove(auth: AuthContext, id: number, request: FastifyRequest) {
    const { doc, file } = await this.findDocument(auth, id);
    const signed = await this.db
      .select({ id: storedFiles.id, key: storedFiles.storageKey })
      .from(signatureRequests)
      .innerJoin(storedFiles, eq(storedFiles.id, signatureRequests.signedFileId))
      .where(and(eq(signatureRequests.practiceId, auth.practiceId), eq(signatureRequests.documentId, id)));
    const files = [{ id: file.id, key: file.storageKey }, ...signed];
    await this.db.transaction(async (tx) => {
      // Its e-mailed links end, and their record of what was sent stays (without the document) instead of cascading away,
      // so an old link says it no longer works rather than that it never existed.
      await endShareLinks(tx, auth.practiceId, { documentId: id });
      await tx
        .update(clientShares)
        .set({ documentId: null })
        .where(and(eq(clientShares.practiceId, auth.practiceId), eq(clientShares.documentId, id)));
      await tx
        .delete(clientDocuments)
        .where(and(eq(clientDocuments.id, id), eq(clientDocuments.practiceId, auth.practiceId)));
      await tx.delete(storedFiles).where(
        and(
          eq(storedFiles.practiceId, auth.practiceId),
          inArray(
            storedFiles.id,
            files.map((f) => f.id),
          ),
        ),
      );
    });
    // The rows are gone; the bytes go after (a failure here leaves an orphan object, never a dangling row).
    for (const f of files) await this.p.storage.delete(f.key).catch(() => undefined);
    await this.p.audit.record(request, {
      action: 'delete',
      entity: 'client_document',
      entityId: id,
      details: { client_id: doc.clientId },
    });
    return { detail: DOCUMENT_MESSAGES.deleted };
  }

  async createTemplate(auth: AuthContext, body: In<'createDocumentTemplate'>, request: FastifyRequest) {
    await this.freeFile(auth, body.fileId);
    const [row] = await this.db
      .insert(documentTemplates)
      .values({
        practiceId: auth.practiceId,
        name: body.name,
        category: body.category,
        fileId: body.fileId,
        createdBy: auth.userId,
      })
      .returning();
    await this.p.audit.record(request, { action: 'create', entity: 'document_template', entityId: row!.id });
    return this.toTemplate(await this.findTemplate(auth, row!.id));
  }

  async requestSignature(
    auth: AuthContext,
    id: number,
    body: In<'requestESignature'>,
    request: FastifyRequest,
  ): Promise<SignatureRequest> {
    const { doc } = await this.findDocument(auth, id);
    const brand = await this.brand(auth.practiceId);
    let expiresAt = new Date(Date.now() + SIGNATURE_LINK_DAYS * DAY_MS);
    if (body.dueDate) {
      expiresAt = new Date(dayRange(body.dueDate, brand.timeZone).endIso);
      if (expiresAt.getTime() <= Date.now()) {
        throw badRequest(DOCUMENT_MESSAGES.dueDatePast, { dueDate: DOCUMENT_MESSAGES.dueDatePast });
      }
      if (expiresAt.getTime() > Date.now() + (SIGNATURE_DUE_MAX_DAYS + 1) * DAY_MS) {
        throw badRequest(DOCUMENT_MESSAGES.dueDateFar, { dueDate: DOCUMENT_MESSAGES.dueDateFar });
      }
    }
    const token = randomToken();
    const [row] = await this.db
      .insert(signatureRequests)
      .values({
        practiceId: auth.practiceId,
        clientId: doc.clientId,
        documentId: id,
        signerName: body.signerName,
        signerEmail: body.signerEmail,
        message: body.message,
        dueDate: body.dueDate,
        tokenHash: hashToken(token),
        expiresAt,
        requestedBy: auth.userId,
      })
      .returning();
    await this.p.mailer.send(
      documentMail.signatureRequest(brand, {
        to: body.signerEmail,
        signerName: body.signerName,
        documentName: doc.name,
        message: body.message,
        url: this.link('/Sign', token),
        until: formatInZone(expiresAt, brand.timeZone),
      }),
    );
    await this.p.audit.record(request, {
      action: 'request_signature',
      entity: 'client_document',
      entityId: id,
      details: { client_id: doc.clientId, request_id: row!.id },
    });
    return { ...toSignature(row!, null), documentId: id };
  }

  async sendToClient(
    auth: AuthContext,
    clientId: number,
    body: In<'sendToClient'>,
    request: FastifyRequest,
  ): Promise<SendToClientResult> {
    const client = await clientOfPractice(this.db, auth, clientId);
    const { kind } = body.item;
    // A measure or a form is answered on a single-use link, so it always goes by e-mail: its own message carries the link.
    const onALink = kind === 'measure' || kind === 'form';
    if ((body.channel === 'email' || onALink) && !client.email) {
      throw badRequest(DOCUMENT_MESSAGES.noClientEmail, { channel: DOCUMENT_MESSAGES.noClientEmail });
    }
    let document: DocumentRow | null = null;
    if (body.item.kind === 'document') {
      const { doc } = await this.findDocument(auth, body.item.id);
      if (doc.clientId !== clientId) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
      document = doc;
    }
    // Invoices belong to their own domain: the share is recorded by id and the client is told. Documents get a download
    // link here; measures and forms a link to answer.
    const itemId =
      body.item.kind === 'measure'
        ? (await this.measures.sendLinkTo(auth, client, body.item.measure, null, body.message)).linkId
        : body.item.kind === 'form'
          ? (await this.forms.send(auth, client, client.email!, body.item.form, body.message)).linkId
          : body.item.id;
    // A document goes with its secure download link whichever way it is sent: the portal is reached by e-mailed links.
    const token = document ? randomToken() : null;
    const expiresAt = token ? new Date(Date.now() + SHARE_LINK_DAYS * DAY_MS) : null;
    const share = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(clientShares)
        .values({
          practiceId: auth.practiceId,
          clientId,
          itemKind: kind,
          itemId,
          documentId: document?.id ?? null,
          channel: body.channel,
          message: body.message,
          tokenHash: token ? hashToken(token) : null,
          expiresAt,
          emailed: Boolean(client.email),
          sentBy: auth.userId,
        })
        .returning();
      if (document) {
        await tx
          .update(clientDocuments)
          .set({ sharedWithClient: true, sharedAt: document.sharedAt ?? new Date(), updatedAt: sql`now()` })
          .where(and(eq(clientDocuments.id, document.id), eq(clientDocuments.practiceId, auth.practiceId)));
      }
      return row!;
    });
    if (client.email && !onALink) {
      const brand = await this.brand(auth.practiceId);
      await this.p.mailer.send(
        documentMail.sharedItem(brand, {
          to: client.email,
          clientName: client.preferredName || client.firstName,
          kind,
          itemName: document?.name ?? null,
          channel: body.channel,
          message: body.message,
          url: token ? this.link('/api/shared-documents', token) : null,
          until: expiresAt ? formatInZone(expiresAt, brand.timeZone) : null,
        }),
      );
    }
    await this.p.audit.record(request, {
      action: 'send_to_client',
      entity:
        kind === 'document'
          ? 'client_document'
          : kind === 'measure'
            ? 'measure_link'
            : kind === 'form'
              ? 'form_link'
              : kind,
      entityId: itemId,
      details: { client_id: clientId, channel: body.channel, share_id: share.id },
    });
    return {
      id: share.id,
      itemKind: kind,
      itemId: itemId,
      channel: body.channel,
      emailed: share.emailed,
      sentAt: share.createdAt.toISOString(),
    };
  }

  // ---- the public signing link ----------------------------------------------------------------------------------------

  /** The request a token is for, if it may still be signed; else 404 (unknown), 410 (used or expired). */
  private async openRequest(token: string) {
    const [row] = await this.db
      .select({ request: signatureRequests, doc: clientDocuments, file: storedFiles })
      .from(signatureRequests)
      .innerJoin(clientDocuments, eq(clientDocuments.id, signatureRequests.documentId))
      .innerJoin(storedFiles, eq(storedFiles.id, clientDocuments.fileId))
      .where(eq(signatureRequests.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw notFound(DOCUMENT_MESSAGES.linkInvalid);
    if (row.request.status === 'signed') throw new HttpError(410, DOCUMENT_MESSAGES.linkUsed);
    if (row.request.expiresAt.getTime() <= Date.now()) throw new HttpError(410, DOCUMENT_MESSAGES.linkExpired);
    return row;
  }

  private async auditSigner(
    request: FastifyRequest,
    practiceId: number,
    action: string,
    entityId: number,
    details: Record<string, string | number | boolean | null> = {},
  ) {
    await this.p.audit.record(request, {
      action,
      entity: 'signature_request',
      entityId,
      practiceId,
      role: 'signer',
      details,
    });
  }

  async signing(token: string, request: FastifyRequest): Promise<SigningDocument> {
    const { request: row, doc, file } = await this.openRequest(token);
    if (!row.firstViewedAt) {
      await this.db
        .update(signatureRequests)
        .set({ firstViewedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(signatureRequests.id, row.id), sql`${signatureRequests.firstViewedAt} is null`));
    }
    const brand = await this.brand(row.practiceId);
    await this.auditSigner(request, row.practiceId, 'open_signing_link', row.id, { client_id: row.clientId });
    return {
      documentName: doc.name,
      practiceName: brand.name,
      signerName: row.signerName,
      message: row.message,
      dueDate: row.dueDate,
      expiresAt: row.expiresAt.toISOString(),
      fileName: file.name,
      fileType: file.type,
      fileSize: file.size,
    };
  }

  private async sendFile(file: FileRow, reply: FastifyReply) {
    const body = await this.p.storage.get(file.storageKey).catch(() => null);
    if (!body) throw notFound(FILE_MESSAGES.notFound);
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('Content-Type', file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type)
      .header('Content-Length', String(file.size))
      .header(
        'Content-Disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  }

  async signingFile(token: string, request: FastifyRequest, reply: FastifyReply) {
    const { request: row, file } = await this.openRequest(token);
    await this.auditSigner(request, row.practiceId, 'download_signing_file', row.id, { client_id: row.clientId });
    return this.sendFile(file, reply);
  }

  async sign(token: string, body: In<'submitSignature'>, request: FastifyRequest): Promise<SignatureReceipt> {
    const { request: row, doc, file } = await this.openRequest(token);
    let drawnPng: Buffer | null = null;
    if (body.drawnSignature) {
      drawnPng = Buffer.from(body.drawnSignature.slice(body.drawnSignature.indexOf(',') + 1), 'base64');
      if (drawnPng.length < 16 || !drawnPng.subarray(0, 8).equals(PNG_MAGIC)) {
        throw badRequest(DOCUMENT_MESSAGES.signatureImage, { drawnSignature: DOCUMENT_MESSAGES.signatureImage });
      }
    }
    const original = await readAll(await this.p.storage.get(file.storageKey));
    const brand = await this.brand(row.practiceId);
    const [requester] = row.requestedBy
      ? await this.db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.requestedBy))
          .limit(1)
      : [];
    const signedAt = new Date();
    const ip = request.ip ?? '';
    const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
    const trail = [
      {
        at: row.createdAt,
        event: `Signature requested${requester ? ` by ${requester.firstName} ${requester.lastName}` : ''}; link e-mailed to ${row.signerEmail}.`,
      },
      ...(row.firstViewedAt ? [{ at: row.firstViewedAt, event: 'Signing link first opened.' }] : []),
      {
        at: signedAt,
        event: `Signed by "${body.typedName}" from IP ${ip || 'unknown'}${drawnPng ? ' with a drawn signature' : ''}.`,
      },
    ];
    let pdf: Uint8Array;
    try {
      pdf = await buildSignedPdf(original, {
        documentName: doc.name,
        practiceName: brand.name,
        signerName: row.signerName,
        signerEmail: row.signerEmail,
        typedName: body.typedName,
        drawnPng,
        signedAt,
        timeZone: brand.timeZone,
        ip,
        userAgent,
        original: {
          name: file.name,
          type: file.type,
          size: file.size,
          sha256: crypto.createHash('sha256').update(original).digest('hex'),
        },
        auditTrail: trail,
      });
    } catch (error) {
      request.log.error({ err: error, requestId: row.id }, 'signed PDF could not be made');
      throw new HttpError(500, 'The signed copy could not be made. Please try again in a few minutes.');
    }

    const fileId = crypto.randomUUID();
    const key = `p${row.practiceId}/${fileId}`;
    const size = await this.p.storage.put(key, Readable.from([Buffer.from(pdf)]), 'application/pdf');
    const baseName = doc.name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    const signed = await this.db
      .transaction(async (tx) => {
        await tx.insert(storedFiles).values({
          id: fileId,
          practiceId: row.practiceId,
          uploadedBy: null,
          name: `${baseName} (signed).pdf`.slice(0, 200),
          size,
          type: 'application/pdf',
          storageKey: key,
        });
        // Single use: only a pending, unexpired request turns signed; a second submit (or a race) changes nothing.
        const [updated] = await tx
          .update(signatureRequests)
          .set({
            status: 'signed',
            signedAt,
            typedName: body.typedName,
            signerIp: ip || null,
            signerUserAgent: userAgent || null,
            drawn: Boolean(drawnPng),
            signedFileId: fileId,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(signatureRequests.id, row.id),
              eq(signatureRequests.status, 'pending'),
              sql`${signatureRequests.expiresAt} > now()`,
            ),
          )
          .returning({ id: signatureRequests.id });
        if (!updated) tx.rollback();
        return updated;
      })
      .catch(() => null);
    if (!signed) {
      await this.p.storage.delete(key).catch(() => undefined);
      throw new HttpError(410, DOCUMENT_MESSAGES.linkUsed);
    }

    const [client] = await this.db
      .select({ therapistId: clients.therapistId })
      .from(clients)
      .where(eq(clients.id, row.clientId))
      .limit(1);
    const notify = row.requestedBy ?? client?.therapistId ?? null;
    if (notify) {
      await this.notifications.create({
        practiceId: row.practiceId,
        userId: notify,
        title: 'Document signed',
        content: `${row.signerName} signed "${doc.name}". The signed PDF is in the client's documents.`,
        category: 'info',
        link: `/Clients/${row.clientId}?tab=documents`,
      });
    }
    await this.auditSigner(request, row.practiceId, 'sign', row.id, {
      client_id: row.clientId,
      document_id: doc.id,
      drawn: Boolean(drawnPng),
    });
    return {
      detail: `Thank you. "${doc.name}" is signed, and ${brand.name} has been told.`,
      signedAt: signedAt.toISOString(),
    };
  }

  // ---- the e-mailed download link of send-to-client --------------------------------------------------------------------

  async sharedFile(token: string, request: FastifyRequest, reply: FastifyReply) {
    const [row] = await this.db
      .select({ share: clientShares, file: storedFiles })
      .from(clientShares)
      .leftJoin(clientDocuments, eq(clientDocuments.id, clientShares.documentId))
      .leftJoin(storedFiles, eq(storedFiles.id, clientDocuments.fileId))
      .where(eq(clientShares.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw notFound(DOCUMENT_MESSAGES.shareInvalid);
    // Ended by its date, or early (see endShareLinks); a deleted document's links were ended with it.
    if (!row.file || !row.share.expiresAt || row.share.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(410, DOCUMENT_MESSAGES.shareEnded);
    }
    await this.p.audit.record(request, {
      action: 'download_shared_document',
      entity: 'client_document',
      entityId: row.share.documentId,
      practiceId: row.share.practiceId,
      role: 'client',
      details: { client_id: row.share.clientId, share_id: row.share.id },
    });
    return this.sendFile(row.file, reply);
  }
}
