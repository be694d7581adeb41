import { z } from 'zod';
import { defineRoutes } from '../route';

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
