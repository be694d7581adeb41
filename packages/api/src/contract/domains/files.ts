import { z } from 'zod';
import { defineRoutes } from '../route';

/** The largest upload, in megabytes, unless the server is configured otherwise (UPLOAD_MAX_MB). */
export const UPLOAD_MAX_MB_DEFAULT = 25;

/**
 * What the server answers about an upload or a download (the upload form checks the empty file itself, in the same
 * words).
 */
export const FILE_MESSAGES = {
  forbiddenType:
    'This kind of file is not accepted. Upload a PDF, an image (PNG, JPEG, WebP or GIF), a Word or Excel file (.docx, .xlsx), or a plain-text or CSV file.',
  clinicalFile:
    "This file is part of a client's record, which is not available to the Assistant role. Ask the client's therapist for it.",
  empty: 'The file is empty. Choose a file with something in it.',
  cutOff: 'The upload stopped before the whole file arrived. Choose the file and try again.',
  tooLarge: (maxMb: number) =>
    `The file is larger than ${maxMb} MB, the most Halcyon accepts. Choose a smaller file, or save it at a lower quality.`,
  notFound: 'That file was not found.',
  overQuota:
    "There is not enough storage left in your practice's allowance for this file. Delete files you no longer need, then upload it again.",
} as const;

export const storedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const filesRoutes = defineRoutes({
  uploadFile: {
    method: 'POST',
    path: '/api/files',
    summary: 'Upload one file (multipart/form-data, field "file"); answers the stored file',
    access: 'authenticated',
    multipart: true,
    response: storedFileSchema,
  },
  downloadFile: {
    method: 'GET',
    path: '/api/files/:id',
    summary: 'Download a stored file as an attachment',
    access: 'authenticated',
    activity: { action: 'download', record: 'document', target: 'file' },
    params: z.strictObject({ id: z.uuid({ error: 'must be a file id' }) }),
    response: z.unknown(),
    raw: true,
  },
});
