import { DAY, HOUR, insertRows, isoDay, type Rng } from '../../platform/db/generate-helpers';
import type { ClinicalGeneration, GeneratedClient } from '../clients/generate';
import { storedFiles } from '../files/schema';
import { clientDocuments } from './schema';

interface FileKind {
  extension: string;
  type: string;
  /** Bytes: [min, max]. */
  size: readonly [number, number];
}
const PDF: FileKind = { extension: 'pdf', type: 'application/pdf', size: [40_000, 600_000] };
const DOCX: FileKind = {
  extension: 'docx',
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: [15_000, 90_000],
};
const XLSX: FileKind = {
  extension: 'xlsx',
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: [10_000, 60_000],
};
const JPEG: FileKind = { extension: 'jpg', type: 'image/jpeg', size: [150_000, 2_500_000] };

/** A kind of document a client's file holds: its name, file type and tags. */
interface DocumentIdea {
  name: string;
  file: FileKind;
  tags: readonly string[];
}
const REFERRAL: DocumentIdea = { name: 'Referral letter', file: PDF, tags: ['referral', 'letter'] };
const ONBOARDING: readonly DocumentIdea[] = [
  { name: 'Consent to treatment (signed)', file: PDF, tags: ['consent'] },
  { name: 'Therapy agreement', file: PDF, tags: ['contract'] },
  { name: 'Intake questionnaire', file: PDF, tags: ['intake'] },
];
const DURING_CARE: readonly DocumentIdea[] = [
  { name: 'Letter to GP', file: DOCX, tags: ['letter', 'GP'] },
  { name: 'Letter from GP', file: PDF, tags: ['letter', 'GP'] },
  { name: 'Assessment summary', file: DOCX, tags: ['assessment'] },
  { name: 'Insurance authorisation', file: PDF, tags: ['insurance'] },
  { name: 'Sleep diary', file: XLSX, tags: ['homework'] },
  { name: 'Thought record', file: PDF, tags: ['homework'] },
  { name: 'Activity schedule', file: XLSX, tags: ['homework'] },
  { name: 'Photo of mood chart', file: JPEG, tags: ['homework'] },
  { name: 'Progress report', file: DOCX, tags: ['report'] },
];
const DISCHARGE: DocumentIdea = { name: 'Discharge summary', file: DOCX, tags: ['discharge', 'letter'] };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The documents of one client, with the time each was added: a referral, onboarding papers, then papers of the care. */
function documentsOf(rng: Rng, client: GeneratedClient, base: number): { idea: DocumentIdea; at: number }[] {
  const care = client.care;
  const out = [{ idea: REFERRAL, at: client.createdAt + HOUR }];
  if (!care || care.start >= base) {
    if (rng.chance(0.5)) out.push({ idea: rng.pick(ONBOARDING), at: client.createdAt + rng.int(1, 5) * DAY });
    return out.filter((d) => d.at < base);
  }
  const last = Math.min(care.end, base - DAY);
  for (const idea of rng.some(ONBOARDING, rng.int(1, ONBOARDING.length))) {
    const before = care.start - rng.int(1, 6) * DAY + rng.int(8, 20) * HOUR;
    out.push({ idea, at: Math.max(client.createdAt + 2 * HOUR, before) });
  }
  const during = rng.int(3, 13);
  for (let i = 0; i < during; i += 1) {
    out.push({
      idea: rng.pick(DURING_CARE),
      at: care.start + rng.int(0, Math.floor((last - care.start) / DAY)) * DAY + rng.int(8, 20) * HOUR,
    });
  }
  if (!care.ongoing && client.status !== 'on hold') out.push({ idea: DISCHARGE, at: last + rng.int(1, 7) * DAY });
  return out.filter((d) => d.at < base).sort((a, b) => a.at - b.at);
}

/**
 * Document metadata for every client (about ten each for clients in care, QUALITY.md's 50,000 for 5,000 clients): a
 * stored-file row per document (repeatable id, a server-style storage key, name, type and size) and the client document.
 * No bytes are written: a generated document lists, sorts, tags and shares like any other, but its download answers
 * "file not found".
 */
export async function generateDocuments(g: ClinicalGeneration): Promise<void> {
  const { rng, db, practiceId } = g;
  const files: (typeof storedFiles.$inferInsert)[] = [];
  const documents: (typeof clientDocuments.$inferInsert)[] = [];
  for (const client of g.clients) {
    const author = client.therapistId ?? rng.pick(g.clinicians);
    for (const { idea, at } of documentsOf(rng, client, g.base)) {
      const id = rng.uuid();
      const date = new Date(at);
      const dated =
        idea.file === PDF || idea.file === DOCX ? ` ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : '';
      const name = `${idea.name}${dated}`;
      const shared = idea.tags.includes('homework') && rng.chance(0.5);
      files.push({
        id,
        practiceId,
        uploadedBy: author,
        name: `${name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/-$/, '')}-${isoDay(at)}.${idea.file.extension}`,
        size: rng.int(...idea.file.size),
        type: idea.file.type,
        storageKey: `p${practiceId}/${id}`,
        createdAt: date,
      });
      documents.push({
        practiceId,
        clientId: client.id,
        kind: 'upload',
        name,
        fileId: id,
        tags: [...idea.tags],
        sharedWithClient: shared,
        sharedAt: shared ? date : null,
        createdBy: author,
        createdAt: date,
        updatedAt: date,
      });
    }
  }
  await insertRows(db, storedFiles, files);
  await insertRows(db, clientDocuments, documents);
}
