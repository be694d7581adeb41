import { and, eq, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, type InvoiceNote } from '@halcyon/api/contract';
import { iso, rowsOf, type Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { invoiceNotes } from './schema';

/** An invoice's internal notes (never printed): billing notes every role reads and writes, newest first. */

interface NoteRow {
  id: number;
  invoice_id: number;
  text: string;
  author_name: string | null;
  version: number;
  created_at: unknown;
  updated_at: unknown;
}

const NOTE_SELECT = sql`select n.id, n.invoice_id, n.text, n.version, n.created_at, n.updated_at,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as author_name
  from invoice_notes n left join users u on u.id = n.author_id`;

const toNote = (row: NoteRow): InvoiceNote => ({
  id: row.id,
  invoiceId: row.invoice_id,
  text: row.text,
  authorName: row.author_name,
  version: row.version,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

async function ownInvoice(db: Db, practiceId: number, invoiceId: number): Promise<void> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from invoices where id = ${invoiceId} and practice_id = ${practiceId}`,
  );
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
}

export async function listNotes(db: Db, practiceId: number, invoiceId: number): Promise<InvoiceNote[]> {
  await ownInvoice(db, practiceId, invoiceId);
  const rows = await rowsOf<NoteRow>(
    db,
    sql`${NOTE_SELECT} where n.invoice_id = ${invoiceId} and n.practice_id = ${practiceId} order by n.id desc`,
  );
  return rows.map(toNote);
}

export async function noteById(db: Db, practiceId: number, id: number): Promise<InvoiceNote> {
  const [row] = await rowsOf<NoteRow>(db, sql`${NOTE_SELECT} where n.id = ${id} and n.practice_id = ${practiceId}`);
  if (!row) throw notFound(BILLING_MESSAGES.noteNotFound);
  return toNote(row);
}

export async function createNote(
  db: Db,
  practiceId: number,
  authorId: number,
  invoiceId: number,
  text: string,
): Promise<InvoiceNote> {
  await ownInvoice(db, practiceId, invoiceId);
  const [row] = await db
    .insert(invoiceNotes)
    .values({ practiceId, invoiceId, text, authorId })
    .returning({ id: invoiceNotes.id });
  return noteById(db, practiceId, row!.id);
}

/** Changes a note written against `version`; a stale version answers 409. */
export async function updateNote(
  db: Db,
  practiceId: number,
  id: number,
  body: { text: string; version: number },
): Promise<InvoiceNote> {
  const updated = await db
    .update(invoiceNotes)
    .set({ text: body.text, version: sql`${invoiceNotes.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(invoiceNotes.id, id), eq(invoiceNotes.practiceId, practiceId), eq(invoiceNotes.version, body.version)),
    )
    .returning({ id: invoiceNotes.id });
  if (updated.length === 0) {
    await noteById(db, practiceId, id);
    throw conflict(BILLING_MESSAGES.noteChanged);
  }
  return noteById(db, practiceId, id);
}

export async function deleteNote(db: Db, practiceId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(invoiceNotes)
    .where(and(eq(invoiceNotes.id, id), eq(invoiceNotes.practiceId, practiceId)))
    .returning({ id: invoiceNotes.id });
  if (deleted.length === 0) throw notFound(BILLING_MESSAGES.noteNotFound);
}
