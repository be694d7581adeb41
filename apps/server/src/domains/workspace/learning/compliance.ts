import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LEARNING_MESSAGES,
  type ComplianceItem,
  type Message,
  type createComplianceItemBodySchema,
  type updateComplianceItemBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { storedFiles } from '../../files/schema';
import { attachableFile, memberRows, toStoredFile, type FileRow } from './records';
import { complianceItems } from './schema';

type Row = typeof complianceItems.$inferSelect;
type CreateBody = z.output<typeof createComplianceItemBodySchema>;
type UpdateBody = z.output<typeof updateComplianceItemBodySchema>;

function toItem(row: Row, file: FileRow | null): ComplianceItem {
  return {
    id: row.id,
    kind: row.kind as ComplianceItem['kind'],
    body: row.body,
    number: row.number,
    issueDate: row.issueDate,
    expiryDate: row.expiryDate,
    document: toStoredFile(file),
    remind: row.remind,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A member's licence and compliance records (Settings > Profile-security, /Learning-development). */
export class ComplianceService {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({ row: complianceItems, file: storedFiles })
      .from(complianceItems)
      .leftJoin(storedFiles, eq(storedFiles.id, complianceItems.documentFileId));
  }

  /** Soonest expiry first; records that do not expire last. */
  async list(auth: AuthContext): Promise<{ items: ComplianceItem[] }> {
    const rows = await this.select()
      .where(memberRows(complianceItems, auth))
      .orderBy(sql`${complianceItems.expiryDate} asc nulls last`, asc(complianceItems.id));
    return { items: rows.map(({ row, file }) => toItem(row, file)) };
  }

  async one(auth: AuthContext, id: number): Promise<ComplianceItem> {
    const [found] = await this.select()
      .where(memberRows(complianceItems, auth, id))
      .limit(1);
    if (!found) throw notFound(LEARNING_MESSAGES.complianceNotFound);
    return toItem(found.row, found.file);
  }

  async create(auth: AuthContext, body: CreateBody): Promise<ComplianceItem> {
    const documentFileId = await attachableFile(this.db, auth, body.documentFileId, 'documentFileId');
    const [row] = await this.db
      .insert(complianceItems)
      .values({
        practiceId: auth.practiceId,
        userId: auth.userId,
        kind: body.kind,
        body: body.body,
        number: body.number,
        issueDate: body.issueDate,
        expiryDate: body.expiryDate,
        documentFileId,
        remind: body.remind,
      })
      .returning();
    return this.one(auth, row!.id);
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<ComplianceItem> {
    const current = await this.one(auth, id);
    const documentFileId = await attachableFile(
      this.db,
      auth,
      body.documentFileId,
      'documentFileId',
      current.document?.id ?? null,
    );
    const [row] = await this.db
      .update(complianceItems)
      .set({
        kind: body.kind,
        body: body.body,
        number: body.number,
        issueDate: body.issueDate,
        expiryDate: body.expiryDate,
        documentFileId,
        remind: body.remind,
        version: sql`${complianceItems.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(memberRows(complianceItems, auth, id), eq(complianceItems.version, body.version)))
      .returning({ id: complianceItems.id });
    if (!row) throw conflict(LEARNING_MESSAGES.complianceChanged);
    return this.one(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(complianceItems)
      .where(memberRows(complianceItems, auth, id))
      .returning({ id: complianceItems.id });
    if (deleted.length === 0) throw notFound(LEARNING_MESSAGES.complianceNotFound);
    return { detail: LEARNING_MESSAGES.complianceDeleted };
  }
}
