import { and, between, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LEARNING_MESSAGES,
  type Message,
  type SupervisionSession,
  type SupervisionYear,
  type createSupervisionSessionBodySchema,
  type updateSupervisionSessionBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { hoursOf, memberRows, minutesOf, yearRange } from './records';
import { supervisionSessions } from './schema';

type Row = typeof supervisionSessions.$inferSelect;
type CreateBody = z.output<typeof createSupervisionSessionBodySchema>;
type UpdateBody = z.output<typeof updateSupervisionSessionBodySchema>;

function toSession(row: Row): SupervisionSession {
  return {
    id: row.id,
    date: row.date,
    supervisor: row.supervisor,
    hours: hoursOf(row.minutes),
    format: row.format as SupervisionSession['format'],
    notes: row.notes,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fieldsOf = (body: CreateBody) => ({
  date: body.date,
  supervisor: body.supervisor,
  minutes: minutesOf(body.hours),
  format: body.format,
  notes: body.notes,
});

/** A member's supervision log, by year. */
export class SupervisionService {
  constructor(private readonly db: Db) {}

  async sessions(auth: AuthContext, year: number): Promise<SupervisionSession[]> {
    const { from, to } = yearRange(year);
    const rows = await this.db
      .select()
      .from(supervisionSessions)
      .where(and(memberRows(supervisionSessions, auth), between(supervisionSessions.date, from, to)))
      .orderBy(desc(supervisionSessions.date), desc(supervisionSessions.id));
    return rows.map(toSession);
  }

  async year(auth: AuthContext, year: number): Promise<SupervisionYear> {
    const items = await this.sessions(auth, year);
    return { year, items, hours: items.reduce((sum, item) => sum + item.hours, 0) };
  }

  async one(auth: AuthContext, id: number): Promise<SupervisionSession> {
    const [row] = await this.db
      .select()
      .from(supervisionSessions)
      .where(memberRows(supervisionSessions, auth, id));
    if (!row) throw notFound(LEARNING_MESSAGES.supervisionNotFound);
    return toSession(row);
  }

  async create(auth: AuthContext, body: CreateBody): Promise<SupervisionSession> {
    const [row] = await this.db
      .insert(supervisionSessions)
      .values({ practiceId: auth.practiceId, userId: auth.userId, ...fieldsOf(body) })
      .returning();
    return toSession(row!);
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<SupervisionSession> {
    const [row] = await this.db
      .update(supervisionSessions)
      .set({ ...fieldsOf(body), version: sql`${supervisionSessions.version} + 1`, updatedAt: new Date() })
      .where(and(memberRows(supervisionSessions, auth, id), eq(supervisionSessions.version, body.version)))
      .returning();
    if (row) return toSession(row);
    await this.one(auth, id);
    throw conflict(LEARNING_MESSAGES.supervisionChanged);
  }

  async remove(auth: AuthContext, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(supervisionSessions)
      .where(memberRows(supervisionSessions, auth, id))
      .returning({ id: supervisionSessions.id });
    if (deleted.length === 0) throw notFound(LEARNING_MESSAGES.supervisionNotFound);
    return { detail: LEARNING_MESSAGES.supervisionDeleted };
  }
}
