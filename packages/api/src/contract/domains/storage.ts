import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import {
  cappedPageOf,
  decimal,
  idParam,
  INT_MAX,
  messageSchema,
  pageQueryField,
  pageSizeQueryField,
  text,
  tokenField,
} from './common';
import { storedFileSchema } from './files';

/**
 * Cloud storage (CATALOG.md /Cloud-storage; issue 16 item 4): the practice's files in folders, and its clients' documents
 * shown under each client. There is one file store: a file kept here is a stored file (POST /api/files's table) with a
 * folder, and a client's document is read where the documents domain keeps it, never copied. Folders are made, renamed,
 * moved and deleted (with what they hold); files are uploaded with progress, renamed, moved, downloaded
 * (GET /api/files/:id), previewed in the page (PDFs and images, through a short-lived same-origin link) and deleted. The
 * storage used counts every stored file of the practice against its plan's allowance, read by the same query as the
 * Subscription settings page.
 *
 * Roles (SPEC.md §6): Cloud-storage is the Admin's and the Therapist's; every route here answers 403 to the Assistant,
 * so a client's clinical documents never reach them through it.
 */

// ---- vocabularies and limits ----------------------------------------------------------------------------------------

export const STORAGE_NAME_MAX = 200;
/** Folders inside folders, at most this deep (the top level is depth 0). */
export const STORAGE_FOLDER_DEPTH_MAX = 8;
export const STORAGE_PAGE_SIZE_DEFAULT = 50;
/** How long a preview link works, in seconds. */
export const STORAGE_PREVIEW_SECONDS = 5 * 60;
/** The stored types a page can show: PDFs in a frame, images inline. */
export const PREVIEWABLE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const isPreviewable = (type: string): boolean => (PREVIEWABLE_TYPES as readonly string[]).includes(type);

/** What the server answers and the page says (deletion sentences follow SPEC.md §8's, which lists none for these). */
export const STORAGE_MESSAGES = {
  folderNotFound: 'Folder not found.',
  fileNotFound: 'File not found.',
  clientNotFound: 'Client not found.',
  folderName: 'Enter a name for the folder.',
  fileName: 'Enter a name for the file.',
  nameSlash: 'A name cannot contain / or \\. Use another character, such as a dash.',
  nameDots: 'A name cannot be only dots. Use letters or numbers.',
  folderExists: 'A folder with this name is already here. Choose another name.',
  folderIntoItself: 'A folder cannot go inside itself or inside one of its own folders. Choose another folder.',
  folderTooDeep: `Folders go at most ${STORAGE_FOLDER_DEPTH_MAX} levels deep. Choose a folder nearer the top.`,
  destination: 'Choose a folder of your practice, or the top level.',
  notPreviewable: 'Only PDFs and images can be previewed here. Download the file to open it.',
  previewEnded: 'This preview has expired. Close it and open the preview again.',
  folderCreated: 'Folder created.',
  folderRenamed: 'Folder renamed.',
  folderMoved: 'Folder moved.',
  folderDeleted: 'Folder was successfully deleted.',
  fileUploaded: 'File uploaded.',
  fileRenamed: 'File renamed.',
  fileMoved: 'File moved.',
  fileDeleted: 'File was successfully deleted.',
} as const;

/**
 * A folder's or a file's name: one line without control characters (the text rule), trimmed, at most STORAGE_NAME_MAX
 * characters, with no path separator and not "." or "..", so a name can never be read as a path.
 */
export function storageNameField(missing: string) {
  return text({ error: missing })
    .trim()
    .min(1, missing)
    .max(STORAGE_NAME_MAX, `Use at most ${STORAGE_NAME_MAX} characters for the name.`)
    .refine((name) => !/[\\/]/.test(name), STORAGE_MESSAGES.nameSlash)
    .refine((name) => !/^\.+$/.test(name), STORAGE_MESSAGES.nameDots);
}

/** A folder to put something in: a folder's id, or null for the top level. */
const destinationField = z
  .number({ error: STORAGE_MESSAGES.destination })
  .int(STORAGE_MESSAGES.destination)
  .min(1, STORAGE_MESSAGES.destination)
  .max(INT_MAX, STORAGE_MESSAGES.destination)
  .nullable();

const folderIdQuery = decimal(
  z.coerce
    .number({ error: STORAGE_MESSAGES.destination })
    .int(STORAGE_MESSAGES.destination)
    .positive(STORAGE_MESSAGES.destination)
    .max(INT_MAX, STORAGE_MESSAGES.destination),
);

// ---- records ----------------------------------------------------------------------------------------------------------

export const storageFolderSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The folder it is in, or null at the top level. */
  parentId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StorageFolder = z.infer<typeof storageFolderSchema>;

export const storageFileSchema = storedFileSchema.extend({
  folderId: z.number().nullable(),
  /** A PDF or an image: the page can show it (POST /api/cloud-storage/previews/:fileId). */
  previewable: z.boolean(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type StorageFile = z.infer<typeof storageFileSchema>;

/** A row of a folder's listing: its folders first (by name), then its files (by name). */
export const storageItemSchema = z.discriminatedUnion('kind', [
  storageFolderSchema.extend({ kind: z.literal('folder') }),
  storageFileSchema.extend({ kind: z.literal('file') }),
]);
export type StorageItem = z.infer<typeof storageItemSchema>;

export const storagePathStepSchema = z.object({ id: z.number(), name: z.string() });
export type StoragePathStep = z.infer<typeof storagePathStepSchema>;

/** One page of a folder (or of the top level): the folder, the folders above it from the top, and its items. */
export const storageListingSchema = cappedPageOf(storageItemSchema).extend({
  folder: storageFolderSchema.nullable(),
  path: z.array(storagePathStepSchema),
});
export type StorageListing = z.infer<typeof storageListingSchema>;

/** A client with documents, in the Clients area of the page. */
export const storageClientSchema = z.object({
  clientId: z.number(),
  clientName: z.string(),
  documentCount: z.number(),
});
export type StorageClient = z.infer<typeof storageClientSchema>;
export const storageClientListSchema = cappedPageOf(storageClientSchema);
export type StorageClientList = z.infer<typeof storageClientListSchema>;

/** One document of a client, as its file: renamed and deleted through the documents routes (its `version`). */
export const storageClientDocumentSchema = storedFileSchema.extend({
  documentId: z.number(),
  /** The document's name (the file keeps the name it was uploaded with). */
  documentName: z.string(),
  previewable: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
});
export type StorageClientDocument = z.infer<typeof storageClientDocumentSchema>;
export const storageClientDocumentListSchema = cappedPageOf(storageClientDocumentSchema).extend({
  clientId: z.number(),
  clientName: z.string(),
});
export type StorageClientDocumentList = z.infer<typeof storageClientDocumentListSchema>;

/** The storage used by every stored file of the practice against its plan's allowance, and the largest one upload. */
export const storageUsageSchema = z.object({
  usedBytes: z.number(),
  limitBytes: z.number(),
  maxUploadBytes: z.number(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const storagePreviewSchema = z.object({
  /** A same-origin address that shows the file inline until `expiresAt`. */
  url: z.string(),
  type: z.string(),
  expiresAt: z.string(),
});
export type StoragePreview = z.infer<typeof storagePreviewSchema>;

// ---- requests ---------------------------------------------------------------------------------------------------------

const pageFields = { page: pageQueryField, pageSize: pageSizeQueryField(STORAGE_PAGE_SIZE_DEFAULT) };

export const storageListingQuerySchema = z.strictObject({
  ...pageFields,
  /** Left out: the top level. */
  folderId: folderIdQuery.optional(),
});
export type StorageListingQuery = z.input<typeof storageListingQuerySchema>;

export const storagePageQuerySchema = z.strictObject(pageFields);

export const createStorageFolderBodySchema = z.strictObject({
  name: storageNameField(STORAGE_MESSAGES.folderName),
  parentId: destinationField.optional().transform((value) => value ?? null),
});
export type CreateStorageFolderBody = z.input<typeof createStorageFolderBodySchema>;

export const renameStorageFolderBodySchema = z.strictObject({ name: storageNameField(STORAGE_MESSAGES.folderName) });
export type RenameStorageFolderBody = z.input<typeof renameStorageFolderBodySchema>;

export const moveStorageFolderBodySchema = z.strictObject({ parentId: destinationField });
export type MoveStorageFolderBody = z.input<typeof moveStorageFolderBodySchema>;

export const renameStorageFileBodySchema = z.strictObject({ name: storageNameField(STORAGE_MESSAGES.fileName) });
export type RenameStorageFileBody = z.input<typeof renameStorageFileBodySchema>;

export const moveStorageFileBodySchema = z.strictObject({ folderId: destinationField });
export type MoveStorageFileBody = z.input<typeof moveStorageFileBodySchema>;

export const uploadStorageFileQuerySchema = z.strictObject({ folderId: folderIdQuery.optional() });

const idParams = z.strictObject({ id: idParam });
const fileIdParams = z.strictObject({ id: z.uuid({ error: 'must be a file id' }) });

// ---- routes -----------------------------------------------------------------------------------------------------------

export const storageRoutes = defineRoutes({
  getStorageUsage: {
    method: 'GET',
    path: '/api/cloud-storage/usage',
    summary: "The storage the practice's files use against its plan's allowance (the Subscription page's figure)",
    access: CLINICAL_ROLES,
    response: storageUsageSchema,
  },
  listStorageItems: {
    method: 'GET',
    path: '/api/cloud-storage/items',
    summary:
      'One page of a folder (or the top level): its folders, then its files, by name; with the path from the top',
    access: CLINICAL_ROLES,
    query: storageListingQuerySchema,
    response: storageListingSchema,
  },
  listStorageClients: {
    method: 'GET',
    path: '/api/cloud-storage/clients',
    summary: 'One page of the clients who have documents, by name, with how many each has',
    access: CLINICAL_ROLES,
    query: storagePageQuerySchema,
    response: storageClientListSchema,
  },
  listStorageClientDocuments: {
    method: 'GET',
    path: '/api/cloud-storage/clients/:id/documents',
    summary: "One page of a client's documents as files, newest first (the documents domain's records, not copies)",
    access: CLINICAL_ROLES,
    params: idParams,
    query: storagePageQuerySchema,
    response: storageClientDocumentListSchema,
  },
  createStorageFolder: {
    method: 'POST',
    path: '/api/cloud-storage/folders',
    summary: 'Make a folder at the top level or inside another (names are unique within a folder, ignoring case)',
    access: CLINICAL_ROLES,
    body: createStorageFolderBodySchema,
    response: storageFolderSchema,
    activity: { action: 'create', record: 'folder', clientOptional: true },
    errors: [409],
  },
  renameStorageFolder: {
    method: 'PATCH',
    path: '/api/cloud-storage/folders/:id/name',
    summary: 'Rename a folder',
    access: CLINICAL_ROLES,
    params: idParams,
    body: renameStorageFolderBodySchema,
    response: storageFolderSchema,
    activity: { action: 'rename', record: 'folder', clientOptional: true },
    errors: [409],
  },
  moveStorageFolder: {
    method: 'PATCH',
    path: '/api/cloud-storage/folders/:id/parent',
    summary: 'Move a folder (with what it holds) into another folder or to the top level; never inside itself',
    access: CLINICAL_ROLES,
    params: idParams,
    body: moveStorageFolderBodySchema,
    response: storageFolderSchema,
    activity: { action: 'move', record: 'folder', clientOptional: true },
    errors: [409],
  },
  deleteStorageFolder: {
    method: 'DELETE',
    path: '/api/cloud-storage/folders/:id',
    summary: 'Delete a folder with the folders and files inside it',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
    activity: { action: 'delete', record: 'folder', clientOptional: true },
  },
  uploadStorageFile: {
    method: 'POST',
    path: '/api/cloud-storage/files',
    summary:
      'Upload one file into a folder (?folderId=; left out: the top level) as multipart/form-data, field "file": type checked by content, size and the storage allowance checked',
    access: CLINICAL_ROLES,
    query: uploadStorageFileQuerySchema,
    multipart: true,
    response: storageFileSchema,
    activity: { action: 'upload', record: 'stored_file', clientOptional: true },
  },
  renameStorageFile: {
    method: 'PATCH',
    path: '/api/cloud-storage/files/:id/name',
    summary: 'Rename a file of the practice',
    access: CLINICAL_ROLES,
    params: fileIdParams,
    body: renameStorageFileBodySchema,
    response: storageFileSchema,
    activity: { action: 'rename', record: 'stored_file', clientOptional: true },
  },
  moveStorageFile: {
    method: 'PATCH',
    path: '/api/cloud-storage/files/:id/folder',
    summary: 'Move a file of the practice into a folder or to the top level',
    access: CLINICAL_ROLES,
    params: fileIdParams,
    body: moveStorageFileBodySchema,
    response: storageFileSchema,
    activity: { action: 'move', record: 'stored_file', clientOptional: true },
  },
  deleteStorageFile: {
    method: 'DELETE',
    path: '/api/cloud-storage/files/:id',
    summary: 'Delete a file of the practice',
    access: CLINICAL_ROLES,
    params: fileIdParams,
    response: messageSchema,
    activity: { action: 'delete', record: 'stored_file', clientOptional: true },
  },
  previewStorageFile: {
    method: 'POST',
    path: '/api/cloud-storage/previews/:id',
    summary:
      "A short-lived same-origin link that shows a PDF or an image inline: a file of the practice or one of a client's documents",
    access: CLINICAL_ROLES,
    params: fileIdParams,
    response: storagePreviewSchema,
    activity: { action: 'view', record: 'stored_file', clientOptional: true },
    errors: [415],
  },
  showStoragePreview: {
    method: 'GET',
    path: '/api/cloud-storage/preview/:token',
    summary: 'The file of a preview link, inline (Content-Disposition inline, framed by Halcyon only)',
    access: 'public',
    params: z.strictObject({ token: tokenField }),
    response: z.unknown(),
    raw: true,
    errors: [410],
  },
});
