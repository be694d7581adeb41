import {
  UPLOAD_MAX_MB_DEFAULT,
  createClientDocumentBodySchema,
  type ClientDocument,
  type StoredFile,
} from '@halcyon/api/contract';
import { ApiError, uploadFailureSentence } from '@halcyon/api/client';
import { useMutation, useRoute, useUpload } from '@halcyon/api/swr';
import { FileDrop, TextField, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { UploadDocumentModalProps } from '../../types';
import { DocumentTagsAndSharing } from './DocumentFields';
import { EditDocumentForm } from './EditDocumentForm';

const CLIENT_GONE = 'This client was not found. Close this window and reload the page.';
const CHOOSE_FILE = 'Choose at least one file to upload.';

/** SPEC.md §8. */
export const DOCUMENT_UPLOADED_MESSAGE = 'Document uploaded.';

/** What the server accepts (checked again there by content): PDF, images, Word, Excel, text and CSV. */
export const DOCUMENT_ACCEPT = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.gif',
  '.docx',
  '.xlsx',
  '.txt',
  '.csv',
] as const;
/** The server's default upload cap (UPLOAD_MAX_MB); a larger file is refused there with a sentence too. */
export const DOCUMENT_MAX_BYTES = UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;

const formSchema = createClientDocumentBodySchema.omit({ fileId: true });
type Values = (typeof formSchema)['_zod']['input'];
type Parsed = (typeof formSchema)['_zod']['output'];

/** "Consent form v2.pdf" -> "Consent form v2" */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || fileName;
}

/**
 * upload-document (CATALOG.md): one or more files with upload progress, a name (for a single file; several files are
 * named after themselves), tags and "share with client". Each file is uploaded to /api/files, then added as a document
 * of the client. Saved: "Document uploaded." A failure keeps the chosen files and what was typed. With an `id`, it edits
 * that document's name, tags and sharing instead ("Document updated.").
 */
export function UploadDocumentModal({ id, clientId, defaults, onSaved }: UploadDocumentModalProps) {
  if (id !== undefined) return <EditDocumentForm id={id} clientId={clientId} onSaved={onSaved} />;
  return <UploadForm clientId={clientId} defaults={defaults} onSaved={onSaved} />;
}

function UploadForm({ clientId, defaults, onSaved }: Omit<UploadDocumentModalProps, 'id'>) {
  const { notify } = useBanners();
  const upload = useUpload<StoredFile>('/api/files');
  const create = useMutation('createClientDocument', {
    prependTo: ['clientDocumentsRetrieve'],
  });
  const knownTags = useRoute('clientDocumentTagsRetrieve', { params: { clientId } });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<Record<string, number>>({});
  /** Files already added as documents (a retry after a failure skips them). */
  const [done, setDone] = useState<Record<string, ClientDocument>>({});

  const { form, shellProps } = useModalForm<Values, Parsed, ClientDocument[]>(formSchema, {
    defaultValues: {
      name: '',
      tags: defaults?.tags ?? [],
      sharedWithClient: defaults?.sharedWithClient ?? false,
    },
    submit: async (values) => {
      const saved: ClientDocument[] = [];
      const added = { ...done };
      for (const file of files) {
        const already = added[file.name];
        if (already) {
          saved.push(already);
          continue;
        }
        setProgress((current) => ({ ...current, [file.name]: 0 }));
        const body = new FormData();
        body.append('file', file);
        let stored: StoredFile;
        try {
          stored = await upload.upload(body);
        } catch (error) {
          setProgress((current) => {
            const next = { ...current };
            delete next[file.name];
            return next;
          });
          setFileError(`${file.name}: ${uploadFailureSentence(error)}`);
          throw error;
        }
        setProgress((current) => ({ ...current, [file.name]: 100 }));
        const document = await create.trigger({
          params: { clientId },
          body: {
            fileId: stored.id,
            name: files.length === 1 ? values.name : nameFromFile(file.name),
            tags: values.tags,
            sharedWithClient: values.sharedWithClient,
          },
        });
        if (!document) throw new ApiError(404, CLIENT_GONE);
        added[file.name] = document;
        setDone({ ...added });
        saved.push(document);
      }
      return saved;
    },
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: DOCUMENT_UPLOADED_MESSAGE });
      for (const document of saved) await onSaved?.(document);
    },
  });
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;

  // While uploading, show the byte progress of the file in flight.
  const shownProgress = { ...progress };
  if (upload.isUploading && upload.progress !== null) {
    const current = files.find((f) => progress[f.name] !== undefined && progress[f.name]! < 100);
    if (current) shownProgress[current.name] = Math.round(upload.progress * 99);
  }

  const single = files.length <= 1;
  const suggestions = knownTags.data?.items.map((item) => item.tag) ?? [];

  return (
    <ModalShell
      title="Upload documents"
      description="Add files to the client's documents. PDFs can later be sent for e-signature."
      submitLabel={files.length > 1 ? `Upload ${files.length} documents` : 'Upload document'}
      size="lg"
      {...shellProps}
      onSubmit={(event) => {
        if (files.length === 0) {
          event.preventDefault();
          setFileError(CHOOSE_FILE);
          return;
        }
        void shellProps.onSubmit(event);
      }}
      busy={shellProps.busy || upload.isUploading}
      dirty={shellProps.dirty || files.length > 0}
    >
      <ModalFields sensitive>
        <FileDrop
          label="Files"
          required
          multiple
          accept={DOCUMENT_ACCEPT}
          maxSize={DOCUMENT_MAX_BYTES}
          files={files}
          progress={shownProgress}
          error={fileError}
          disabled={shellProps.busy}
          onFilesChange={(next) => {
            setFiles(next);
            setFileError(undefined);
            // One file: its name is offered. Several: each is named after its file (the field is hidden but kept valid).
            if (next[0] && (!getValues('name') || (next.length === 1 && files.length !== 1))) {
              setValue('name', nameFromFile(next[0].name), { shouldDirty: true });
            }
          }}
        />
        {single ? (
          <TextField
            label="Name"
            required
            autoComplete="off"
            hint="How the document is listed for the client."
            {...register('name')}
            error={errors.name?.message}
          />
        ) : (
          <p>Each document is named after its file; you can rename them afterwards.</p>
        )}
        <DocumentTagsAndSharing control={control} errors={errors} suggestions={suggestions} />
      </ModalFields>
    </ModalShell>
  );
}
