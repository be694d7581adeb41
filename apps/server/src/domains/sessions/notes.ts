import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SESSION_MESSAGES,
  SESSION_NOT_STARTED,
  sessionHasStarted,
  type SessionNote,
  type SessionNoteSummary,
  type addAddendumBodySchema,
  type createGenericNoteBodySchema,
  type createSessionNoteBodySchema,
  type signSessionNoteBodySchema,
  type updateSessionNoteBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { iso as isoOf, renderedSql } from '../../platform/db';
import { clientOfPractice } from '../clients/access';
import { users } from '../users/schema';
import { clientSessions, sessionNoteAddenda, sessionNotes } from './schema';
import { fullName, noteSummaries, sessionRow, toSummary, type NoteRow, SessionsArea } from './shared';

type CreateNoteBody = z.output<typeof createSessionNoteBodySchema>;
type CreateGenericBody = z.output<typeof createGenericNoteBodySchema>;
type UpdateNoteBody = z.output<typeof updateSessionNoteBodySchema>;
type SignBody = z.output<typeof signSessionNoteBodySchema>;
type AddendumBody = z.output<typeof addAddendumBodySchema>;

/** Rich text of notes: structure and emphasis only; no attributes, links, images, scripts or styles. */
const NOTE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

export function cleanNoteHtml(html: string): string {
  return sanitizeHtml(html, NOTE_HTML).trim();
}

function isBlank(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/** A note as the contract answers it, from its row, its addenda and the names of its signer and author. */
function noteOf(
  row: NoteRow,
  addenda: SessionNote['addenda'],
  signedByName: string | null,
  createdByName: string | null,
): SessionNote {
  return { ...toSummary(row, addenda.length, signedByName), contentHtml: row.contentHtml, createdByName, addenda };
}

type CreatedNoteRow = Omit<NoteRow, 'signedAt' | 'signedBy' | 'createdAt' | 'updatedAt'> & {
  createdAt: unknown;
  updatedAt: unknown;
  sessionStartsAt: unknown;
  creatorFirst: string | null;
  creatorLast: string | null;
};

/**
 * A session's new note in one statement, rendered once: the insert takes the client from the session of the practice
 * (none: no row), skips a session that has its note (its unique index: no row), and answers the note with its session's
 * start (the activity log's date) and its author's name. Creating a note is what a therapist does after every session;
 * looking the session up, inserting and reading the author apart cost three round trips and building three statements.
 */
const param = (name: string) => sql.placeholder(name);
const createSessionNote = renderedSql<CreatedNoteRow>(
  sql`insert into session_notes (practice_id, client_id, session_id, template, content_html, created_by)
        select s.practice_id, s.client_id, s.id, ${param('template')}, ${param('contentHtml')}, ${param('userId')}
        from client_sessions s where s.id = ${param('sessionId')} and s.practice_id = ${param('practiceId')}
        on conflict do nothing
        returning id, practice_id as "practiceId", client_id as "clientId", session_id as "sessionId", template, title,
          content_html as "contentHtml", status, version, created_by as "createdBy", created_at as "createdAt",
          updated_at as "updatedAt",
          (select s.starts_at from client_sessions s where s.id = session_id) as "sessionStartsAt",
          (select u.first_name from users u where u.id = created_by) as "creatorFirst",
          (select u.last_name from users u where u.id = created_by) as "creatorLast"`,
);

/**
 * Session notes and general clinical notes (not tied to a session): a draft saves while the version matches, signing
 * locks it once its session has started, and a signed note changes only by addenda.
 */
export class SessionNotesService extends SessionsArea {
  private async noteRow(auth: AuthContext, id: number, missing: string = SESSION_MESSAGES.noteNotFound) {
    const [row] = await this.db
      .select()
      .from(sessionNotes)
      .where(and(eq(sessionNotes.id, id), eq(sessionNotes.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(missing);
    return row;
  }

  /**
   * Records a write of a note: the note's own id, its client, and (for a session's note) the session's start, which the
   * activity log's sentence names ("signed the session note for 3 Nov").
   */
  private async recordWrite(
    request: FastifyRequest,
    route: 'updateSessionNote' | 'signSessionNote' | 'addSessionNoteAddendum' | 'deleteSessionNote',
    row: Pick<NoteRow, 'id' | 'clientId' | 'sessionId'>,
  ): Promise<void> {
    const [session] =
      row.sessionId === null
        ? []
        : await this.db
            .select({ startsAt: clientSessions.startsAt })
            .from(clientSessions)
            .where(eq(clientSessions.id, row.sessionId))
            .limit(1);
    await this.p.audit.recordActivity(request, route, {
      id: row.id,
      clientId: row.clientId,
      facts: { on: session?.startsAt.toISOString() ?? null },
    });
  }

  private async noteOut(auth: AuthContext, row: NoteRow): Promise<SessionNote> {
    const [addenda, people] = await Promise.all([
      this.db
        .select({ addendum: sessionNoteAddenda, first: users.firstName, last: users.lastName })
        .from(sessionNoteAddenda)
        .leftJoin(users, eq(users.id, sessionNoteAddenda.createdBy))
        .where(and(eq(sessionNoteAddenda.noteId, row.id), eq(sessionNoteAddenda.practiceId, auth.practiceId)))
        .orderBy(sessionNoteAddenda.createdAt, sessionNoteAddenda.id),
      this.db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.id, [row.signedBy ?? 0, row.createdBy ?? 0])),
    ]);
    const nameOf = (userId: number | null) => {
      const person = people.find((p) => p.id === userId);
      return person ? fullName(person.first, person.last) : null;
    };
    return noteOf(
      row,
      addenda.map((a) => ({
        id: a.addendum.id,
        contentHtml: a.addendum.contentHtml,
        createdByName: fullName(a.first, a.last),
        createdAt: a.addendum.createdAt.toISOString(),
      })),
      nameOf(row.signedBy),
      nameOf(row.createdBy),
    );
  }

  async note(auth: AuthContext, id: number): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.sessionId === null) throw notFound(SESSION_MESSAGES.noteNotFound);
    return this.noteOut(auth, row);
  }

  async genericNote(auth: AuthContext, id: number): Promise<SessionNote> {
    const row = await this.noteRow(auth, id, SESSION_MESSAGES.genericNoteNotFound);
    if (row.sessionId !== null) throw notFound(SESSION_MESSAGES.genericNoteNotFound);
    return this.noteOut(auth, row);
  }

  async genericNotes(auth: AuthContext, clientId: number): Promise<{ items: SessionNoteSummary[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const items = await noteSummaries(
      this.db,
      and(
        eq(sessionNotes.practiceId, auth.practiceId),
        eq(sessionNotes.clientId, clientId),
        isNull(sessionNotes.sessionId),
      ),
    );
    return { items };
  }

  async createNote(
    auth: AuthContext,
    request: FastifyRequest,
    sessionId: number,
    body: CreateNoteBody,
  ): Promise<SessionNote> {
    const [created] = await createSessionNote(this.db, {
      practiceId: auth.practiceId,
      sessionId,
      template: body.template,
      contentHtml: cleanNoteHtml(body.contentHtml),
      userId: auth.userId,
    });
    if (!created) {
      // No session of the practice (404), or it has its note already: its unique index made the insert no row (409).
      await sessionRow(this.db, auth, sessionId);
      throw conflict(SESSION_MESSAGES.noteExists);
    }
    const row: NoteRow = {
      ...created,
      signedAt: null,
      signedBy: null,
      createdAt: new Date(isoOf(created.createdAt)),
      updatedAt: new Date(isoOf(created.updatedAt)),
    };
    await this.p.audit.recordActivity(request, 'createSessionNote', {
      id: row.id,
      clientId: row.clientId,
      facts: { on: isoOf(created.sessionStartsAt) },
    });
    // A new note has no addendum and no signer yet.
    return noteOf(row, [], null, fullName(created.creatorFirst, created.creatorLast));
  }

  async createGenericNote(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: CreateGenericBody,
  ): Promise<SessionNote> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(sessionNotes)
      .values({
        practiceId: auth.practiceId,
        clientId,
        sessionId: null,
        template: body.template,
        title: body.title,
        contentHtml: cleanNoteHtml(body.contentHtml),
        createdBy: auth.userId,
      })
      .returning();
    await this.p.audit.recordActivity(request, 'createGenericNote', { id: row!.id, clientId });
    return this.noteOut(auth, row!);
  }

  /** Saves a draft when the version matches; a signed note is locked, a stale version is refused; nothing overwritten. */
  async updateNote(auth: AuthContext, request: FastifyRequest, id: number, body: UpdateNoteBody): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.status === 'signed') throw conflict(SESSION_MESSAGES.noteSigned);
    if (row.version !== body.version) throw conflict(SESSION_MESSAGES.noteChanged);
    const [updated] = await this.db
      .update(sessionNotes)
      .set({
        ...(body.template ? { template: body.template } : {}),
        ...(body.title !== undefined && row.sessionId === null ? { title: body.title } : {}),
        contentHtml: cleanNoteHtml(body.contentHtml),
        version: sql`${sessionNotes.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sessionNotes.id, id),
          eq(sessionNotes.practiceId, auth.practiceId),
          eq(sessionNotes.version, body.version),
          eq(sessionNotes.status, 'draft'),
        ),
      )
      .returning();
    if (!updated) {
      const now = await this.noteRow(auth, id);
      throw conflict(now.status === 'signed' ? SESSION_MESSAGES.noteSigned : SESSION_MESSAGES.noteChanged);
    }
    await this.recordWrite(request, 'updateSessionNote', updated);
    return this.noteOut(auth, updated);
  }

  async signNote(auth: AuthContext, request: FastifyRequest, id: number, body: SignBody): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.status === 'signed') throw conflict(SESSION_MESSAGES.noteSigned);
    if (row.version !== body.version) throw conflict(SESSION_MESSAGES.noteChanged);
    if (isBlank(row.contentHtml))
      throw badRequest(SESSION_MESSAGES.noteEmpty, { contentHtml: SESSION_MESSAGES.noteEmpty });
    if (row.sessionId !== null) {
      const session = await sessionRow(this.db, auth, row.sessionId);
      if (!sessionHasStarted(session.startsAt)) throw badRequest(SESSION_NOT_STARTED.sign);
    }
    const [updated] = await this.db
      .update(sessionNotes)
      .set({
        status: 'signed',
        signedAt: new Date(),
        signedBy: auth.userId,
        version: sql`${sessionNotes.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sessionNotes.id, id),
          eq(sessionNotes.practiceId, auth.practiceId),
          eq(sessionNotes.version, body.version),
          eq(sessionNotes.status, 'draft'),
        ),
      )
      .returning();
    if (!updated) throw conflict(SESSION_MESSAGES.noteChanged);
    await this.recordWrite(request, 'signSessionNote', updated);
    return this.noteOut(auth, updated);
  }

  async addAddendum(auth: AuthContext, request: FastifyRequest, id: number, body: AddendumBody): Promise<SessionNote> {
    const row = await this.noteRow(auth, id);
    if (row.status !== 'signed') throw conflict(SESSION_MESSAGES.noteNotSigned);
    const contentHtml = cleanNoteHtml(body.contentHtml);
    if (isBlank(contentHtml))
      throw badRequest(SESSION_MESSAGES.addendumEmpty, { contentHtml: SESSION_MESSAGES.addendumEmpty });
    await this.db.insert(sessionNoteAddenda).values({
      practiceId: auth.practiceId,
      clientId: row.clientId,
      noteId: id,
      contentHtml,
      createdBy: auth.userId,
    });
    await this.recordWrite(request, 'addSessionNoteAddendum', row);
    return this.noteOut(auth, row);
  }

  async removeNote(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const row = await this.noteRow(auth, id);
    if (row.status === 'signed') throw conflict(SESSION_MESSAGES.signedNoteNotDeleted);
    await this.db
      .delete(sessionNotes)
      .where(
        and(eq(sessionNotes.id, id), eq(sessionNotes.practiceId, auth.practiceId), eq(sessionNotes.status, 'draft')),
      );
    await this.recordWrite(request, 'deleteSessionNote', row);
    return { detail: SESSION_MESSAGES.noteDeleted };
  }
}
