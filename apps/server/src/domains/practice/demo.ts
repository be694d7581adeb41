import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DemoAccounts, Role } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import { appMeta, clientDocuments, memberships, practices, storedFiles, users } from '../../schema';
import type { FileStorage } from '../../platform/storage';
import { hashPassword } from '../../platform/auth/passwords';
import { generatePractice } from './generator';

const DEMO_PASSWORD_KEY = 'demo_password';
/** A modest practice, so a new user sees a lived-in one (QUALITY.md); each domain's generator fills in its records. */
export const DEMO_CLIENTS = 40;

/**
 * Demo mode only (HALCYON_DEMO=true): when the database has no practice yet, creates the demo practice with an Admin, a
 * Therapist and an Assistant sharing one password, kept in app_meta so the login screen can list it. Production start never
 * calls this.
 */
export async function seedDemoPractice(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(practices);
  if (n > 0) return false;
  const password = `demo-${crypto.randomBytes(6).toString('hex')}`;
  await generatePractice(db, {
    clients: DEMO_CLIENTS,
    seed: 1,
    passwordHash: await hashPassword(password),
    emailDomain: 'demo.halcyon.app',
    demo: true,
    name: 'Halcyon Demo Practice',
    // The demo's diary is current: sessions up to yesterday have taken place, today's and later ones are scheduled.
    today: new Date(),
  });
  await db
    .insert(appMeta)
    .values({ key: DEMO_PASSWORD_KEY, value: password })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: password } });
  return true;
}

const ORDER: Role[] = ['Admin', 'Therapist', 'Assistant'];

/** The demo sign-ins for the login screen, or null when there is no demo practice. */
export async function demoAccounts(db: Db): Promise<DemoAccounts | null> {
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_PASSWORD_KEY)).limit(1);
  if (!meta) return null;
  const rows = await db
    .select({ email: users.email, role: memberships.role, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(practices, eq(practices.id, memberships.practiceId))
    .where(and(eq(practices.isDemo, true), eq(memberships.status, 'active'), inArray(memberships.role, ORDER)))
    .orderBy(memberships.id);
  return {
    password: meta.value,
    accounts: rows
      .map((row) => ({ email: row.email, role: row.role, firstName: row.firstName, lastName: row.lastName }))
      .sort((a, b) => ORDER.indexOf(a.role) - ORDER.indexOf(b.role)),
  };
}

/** A one-page PDF standing in for a demo document: its name and a line saying it is sample content. */
async function samplePdf(title: string, practiceName: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 760, size: 20, font: bold, color: rgb(0.1, 0.15, 0.25) });
  page.drawText(practiceName, { x: 56, y: 734, size: 11, font: regular, color: rgb(0.35, 0.4, 0.45) });
  page.drawText('Sample document of the Halcyon demo practice: no real client information.', {
    x: 56,
    y: 690,
    size: 11,
    font: regular,
  });
  return pdf.save();
}

/**
 * Demo mode only: gives the demo practice's generated documents real bytes, so opening, sharing and sending one for
 * e-signature work. Each becomes a small PDF titled with the document's name (one PDF per distinct name). Answers how
 * many files were written.
 */
export async function writeDemoFiles(db: Db, storage: FileStorage): Promise<number> {
  const rows = await db
    .select({ file: storedFiles, documentName: clientDocuments.name, practiceName: practices.name })
    .from(storedFiles)
    .innerJoin(practices, and(eq(practices.id, storedFiles.practiceId), eq(practices.isDemo, true)))
    .innerJoin(clientDocuments, eq(clientDocuments.fileId, storedFiles.id));
  const pdfs = new Map<string, Uint8Array>();
  for (const { file, documentName, practiceName } of rows) {
    let bytes = pdfs.get(documentName);
    if (!bytes) {
      bytes = await samplePdf(documentName, practiceName);
      pdfs.set(documentName, bytes);
    }
    await storage.put(file.storageKey, Readable.from([Buffer.from(bytes)]), 'application/pdf');
    await db
      .update(storedFiles)
      .set({ type: 'application/pdf', size: bytes.length, name: file.name.replace(/\.[a-z]+$/, '.pdf') })
      .where(eq(storedFiles.id, file.id));
  }
  // The files kept in the demo practice's cloud storage: a PDF titled with each file's name.
  const kept = await db
    .select({ file: storedFiles, practiceName: practices.name })
    .from(storedFiles)
    .innerJoin(practices, and(eq(practices.id, storedFiles.practiceId), eq(practices.isDemo, true)))
    .where(eq(storedFiles.inCloudStorage, true));
  for (const { file, practiceName } of kept) {
    const bytes = await samplePdf(file.name.replace(/\.pdf$/, ''), practiceName);
    await storage.put(file.storageKey, Readable.from([Buffer.from(bytes)]), 'application/pdf');
    await db.update(storedFiles).set({ size: bytes.length }).where(eq(storedFiles.id, file.id));
  }
  return rows.length + kept.length;
}
