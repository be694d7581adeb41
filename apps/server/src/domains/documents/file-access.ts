import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { ClinicalFileCheck } from '../files/service';
import { clientDocuments, signatureRequests } from './schema';

/** A client's documents and their signed PDFs are part of the clinical record: only the clinical roles download them. */
export function clinicalDocumentFile(db: Db): ClinicalFileCheck {
  return async (practiceId, fileId) => {
    const [document] = await db
      .select({ id: clientDocuments.id })
      .from(clientDocuments)
      .where(and(eq(clientDocuments.practiceId, practiceId), eq(clientDocuments.fileId, fileId)))
      .limit(1);
    if (document) return true;
    const [signed] = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(and(eq(signatureRequests.practiceId, practiceId), eq(signatureRequests.signedFileId, fileId)))
      .limit(1);
    return signed !== undefined;
  };
}
