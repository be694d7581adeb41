import { and, between, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_CPD_TARGET_HOURS,
  LEARNING_MESSAGES,
  type CpdActivity,
  type CpdTarget,
  type CpdYear,
  type Message,
  type createCpdActivityBodySchema,
  type updateCpdActivityBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { storedFiles } from '../../files/schema';
import { attachableFile, hoursOf, memberRows, minutesOf, toStoredFile, yearRange, type FileRow } from './records';
import { cpdActivities, cpdTargets } from './schema';

type Row = typeof cpdActivities.$inferSelect;
type CreateBody = z.output<typeof createCpdActivityBodySchema>;
type UpdateBody = z.output<typeof updateCpdActivityBodySchema>;

function toActivity(row: Row, file: FileRow | null): CpdActivity {
  return {
    id: row.id,
    title: row.title,
    type: row.type as CpdActivity['type'],
    provider: row.provider,
    date: row.date,
    hours: hoursOf(row.minutes),
    reflection: row.reflection,
    evidence: toStoredFile(file),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A member's CPD log: activities by year with their hours against the yearly target. */
export class CpdService {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({ row: cpdActivities, file: storedFiles })
      .from(cpdActivities)
      .leftJoin(storedFiles, eq(storedFiles.id, cpdActivities.evidenceFileId));
  }

  /** The member's activities of `year`, newest first (the CSV and PDF exports read the same list). */
  async activities(auth: AuthContext, year: number): Promise<CpdActivity[]> {
    const { from, to } = yearRange(year);
    const rows = await this.select()
      .where(and(memberRows(cpdActivities, auth), between(cpdActivities.date, from, to)))
      .orderBy(desc(cpdActivities.date), desc(cpdActivities.id));
    return rows.map(({ row, file }) => toActivity(row, file));
  }

  async year(auth: AuthContext, year: number): Promise<CpdYear> {
    const [items, target] = await Promise.all([this.activities(auth, year), this.target(auth)]);
    const hours = items.reduce((sum, item) => sum + item.hours, 0);
    return { year, items, hours, targetHours: target.targetHours };
  }

  async one(auth: AuthContext, id: number): Promise<CpdActivity> {
    const [found] = await this.select()
      .where(memberRows(cpdActivities, auth, id))
      .limit(1);
    if (!found) throw notFound(LEARNING_MESSAGES.cpdNotFound);
    return toActivity(found.row, found.file);
  }

  async create(auth: AuthContext, body: CreateBody): Promise<CpdActivity> {
    const evidenceFileId = await attachableFile(this.db, auth, body.evidenceFileId, 'evidenceFileId');
    const [row] = await this.db
      .insert(cpdActivities)
      .values({
        practiceId: auth.practiceId,
        userId: auth.userId,
        title: body.title,
        type: body.type,
        provider: body.provider,
        date: body.date,
        minutes: minutesOf(body.hours),
        reflection: body.reflection,
        evidenceFileId,
      })
      .returning();
    return this.one(auth, row!.id);
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<CpdActivity> {
    const current = await this.one(auth, id);
    const evidenceFileId = await attachableFile(
      this.db,
      auth,
      body.evidenceFileId,
      'evidenceFileId',
      current.evidence?.id ?? null,
    );
    const [row] = await this.db
      .update(cpdActivities)
      .set({
        title: body.title,
        type: body.type,
        provider: body.provider,
        date: body.date,
        minutes: minutesOf(body.hours),
        reflection: body.reflection,
        evidenceFileId,
        version: sql`${cpdActivities.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(memberRows(cpdActivities, auth, id), eq(cpdActivities.version, body.version)))
      .returning({ id: cpdActivities.id });
    if (!row) throw conflict(LEARNING_MESSAGES.cpdChanged);
    return this.one(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(cpdActivities)
      .where(memberRows(cpdActivities, auth, id))
      .returning({ id: cpdActivities.id });
    if (deleted.length === 0) throw notFound(LEARNING_MESSAGES.cpdNotFound);
    return { detail: LEARNING_MESSAGES.cpdDeleted };
  }

  async target(auth: AuthContext): Promise<CpdTarget> {
    const [row] = await this.db
      .select({ targetHours: cpdTargets.targetHours })
      .from(cpdTargets)
      .where(and(eq(cpdTargets.practiceId, auth.practiceId), eq(cpdTargets.userId, auth.userId)))
      .limit(1);
    return { targetHours: row?.targetHours ?? DEFAULT_CPD_TARGET_HOURS };
  }

  async setTarget(auth: AuthContext, targetHours: number): Promise<CpdTarget> {
    await this.db
      .insert(cpdTargets)
      .values({ practiceId: auth.practiceId, userId: auth.userId, targetHours })
      .onConflictDoUpdate({
        target: [cpdTargets.practiceId, cpdTargets.userId],
        set: { targetHours, updatedAt: new Date() },
      });
    return { targetHours };
  }
}
