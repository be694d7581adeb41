import type { Db } from '../../../platform/db';
import type { Rng } from '../../../platform/db/generate-helpers';
import { storedFiles } from '../../files/schema';
import { storageFolders } from './schema';

/** The practice's own folders and the files kept in them (names only: the demo writes their bytes, see demo.ts). */
const FOLDERS: readonly {
  name: string;
  files: readonly string[];
  inside?: { name: string; files: readonly string[] };
}[] = [
  {
    name: 'Policies',
    files: ['Privacy notice.pdf', 'Safeguarding policy.pdf', 'Complaints procedure.pdf'],
    inside: { name: 'Archive', files: ['Privacy notice 2024.pdf'] },
  },
  { name: 'Insurance and registration', files: ['Indemnity certificate.pdf', 'Registration certificate.pdf'] },
  { name: 'Templates', files: ['Referral letter template.pdf'] },
];

/**
 * A few folders with files in the practice's cloud storage (the demo's and every generated practice's), from a sequence
 * of their own (file ids only), drawn after every other domain's, so no other domain's rows shift.
 */
export async function generateStorage(db: Db, rng: Rng, practiceId: number, uploadedBy: number | null, base: number) {
  const createdAt = new Date(base - 30 * 86_400_000);
  const file = (name: string, folderId: number) => {
    const id = rng.uuid();
    return {
      id,
      practiceId,
      uploadedBy,
      name,
      size: 24_000 + name.length * 512,
      type: 'application/pdf',
      storageKey: `p${practiceId}/${id}`,
      inCloudStorage: true,
      folderId,
      createdAt,
    };
  };
  for (const folder of FOLDERS) {
    const [top] = await db
      .insert(storageFolders)
      .values({ practiceId, name: folder.name, createdBy: uploadedBy, createdAt, updatedAt: createdAt })
      .returning({ id: storageFolders.id });
    await db.insert(storedFiles).values(folder.files.map((name) => file(name, top!.id)));
    if (folder.inside) {
      const [inner] = await db
        .insert(storageFolders)
        .values({
          practiceId,
          parentId: top!.id,
          name: folder.inside.name,
          createdBy: uploadedBy,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: storageFolders.id });
      await db.insert(storedFiles).values(folder.inside.files.map((name) => file(name, inner!.id)));
    }
  }
}
