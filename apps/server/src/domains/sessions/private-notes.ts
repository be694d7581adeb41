import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SESSION_MESSAGES, type PrivateSessionNote, type savePrivateNoteBodySchema } from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { cleanNoteHtml } from './notes';
import { privateSessionNotes } from './schema';
import { memberName, sessionRow, type SessionRow, SessionsArea } from './shared';

type PrivateBody = z.output<typeof savePrivateNoteBodySchema>;

/** A session's private process note: one per session, kept apart (never in the sessions list), saved by version. */
export class PrivateNotesService extends SessionsArea {
  /** Records a write of a private note: its own id (not its session's), its client and the session's start. */
  private recordWrite(
    request: FastifyRequest,
    route: 'savePrivateSessionNote' | 'deletePrivateSessionNote',
    id: number,
    session: SessionRow,
  ): Promise<void> {
    return this.p.audit.recordActivity(request, route, {
      id,
      clientId: session.clientId,
      facts: { on: session.startsAt.toISOString() },
    });
  }

  private async privateOut(row: typeof privateSessionNotes.$inferSelect): Promise<PrivateSessionNote> {
    const name = row.createdBy ? await memberName(this.db, row.createdBy) : null;
    return {
      id: row.id,
      clientId: row.clientId,
      sessionId: row.sessionId,
      contentHtml: row.contentHtml,
      version: row.version,
      createdByName: name,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async privateNote(auth: AuthContext, sessionId: number): Promise<PrivateSessionNote | null> {
    await sessionRow(this.db, auth, sessionId);
    const [row] = await this.db
      .select()
      .from(privateSessionNotes)
      .where(and(eq(privateSessionNotes.sessionId, sessionId), eq(privateSessionNotes.practiceId, auth.practiceId)))
      .limit(1);
    return row ? this.privateOut(row) : null;
  }

  async savePrivateNote(
    auth: AuthContext,
    request: FastifyRequest,
    sessionId: number,
    body: PrivateBody,
  ): Promise<PrivateSessionNote> {
    const session = await sessionRow(this.db, auth, sessionId);
    const contentHtml = cleanNoteHtml(body.contentHtml);
    if (body.version === 0) {
      const [row] = await this.db
        .insert(privateSessionNotes)
        .values({
          practiceId: auth.practiceId,
          clientId: session.clientId,
          sessionId,
          contentHtml,
          createdBy: auth.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(SESSION_MESSAGES.privateNoteChanged);
      await this.recordWrite(request, 'savePrivateSessionNote', row.id, session);
      return this.privateOut(row);
    }
    const [row] = await this.db
      .update(privateSessionNotes)
      .set({ contentHtml, version: sql`${privateSessionNotes.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(privateSessionNotes.sessionId, sessionId),
          eq(privateSessionNotes.practiceId, auth.practiceId),
          eq(privateSessionNotes.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict(SESSION_MESSAGES.privateNoteChanged);
    await this.recordWrite(request, 'savePrivateSessionNote', row.id, session);
    return this.privateOut(row);
  }

  async removePrivateNote(auth: AuthContext, request: FastifyRequest, sessionId: number): Promise<{ detail: string }> {
    const session = await sessionRow(this.db, auth, sessionId);
    const deleted = await this.db
      .delete(privateSessionNotes)
      .where(and(eq(privateSessionNotes.sessionId, sessionId), eq(privateSessionNotes.practiceId, auth.practiceId)))
      .returning({ id: privateSessionNotes.id });
    if (deleted.length === 0) throw notFound('This session has no private note.');
    await this.recordWrite(request, 'deletePrivateSessionNote', deleted[0]!.id, session);
    return { detail: SESSION_MESSAGES.privateNoteDeleted };
  }
}
