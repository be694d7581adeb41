import {
  DOCUMENT_TEMPLATE_CATEGORIES,
  createDocumentTemplateBodySchema,
  type DocumentTemplate,
  type StoredFile,
} from '@halcyon/api/contract';
import { ApiError, uploadFailureSentence } from '@halcyon/api/client';
import { useMutation, useUpload } from '@halcyon/api/swr';
import { FileDrop, Select, TextField, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { UploadDocumentTemplateModalProps } from '../../types';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, nameFromFile } from '../UploadDocument/UploadDocumentModal';

/** SPEC.md §8. */
export const TEMPLATE_UPLOADED_MESSAGE = 'Template uploaded.';

const CHOOSE_FILE = 'Choose the template file to upload.';
const CATEGORY_OPTIONS = DOCUMENT_TEMPLATE_CATEGORIES.map((value) => ({ value, label: value }));
const formSchema = createDocumentTemplateBodySchema.omit({ fileId: true });
type Values = (typeof formSchema)['_zod']['input'];
type Parsed = (typeof formSchema)['_zod']['output'];

/**
 * upload-document-template (CATALOG.md): a template file for the whole practice (a consent form, a contract), its name and
 * category. Client documents can then be made from it. Saved: "Template uploaded."
 */
export function UploadDocumentTemplateModal({ defaults, onSaved }: UploadDocumentTemplateModalProps) {
  const { notify } = useBanners();
  const upload = useUpload<StoredFile>('/api/files');
  const create = useMutation('createDocumentTemplate', {
    prependTo: ['documentTemplatesRetrieve'],
  });
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState<{ file: File; stored: StoredFile } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const initialCategory = (DOCUMENT_TEMPLATE_CATEGORIES as readonly string[]).includes(defaults?.category ?? '')
    ? (defaults?.category as Values['category'])
    : 'Consent';
  const { form, shellProps } = useModalForm<Values, Parsed, DocumentTemplate>(formSchema, {
    defaultValues: { name: defaults?.name ?? '', category: initialCategory },
    submit: async (values) => {
      if (!file) throw new ApiError(400, CHOOSE_FILE);
      let uploaded = stored?.file === file ? stored.stored : null;
      if (!uploaded) {
        try {
          const body = new FormData();
          body.append('file', file);
          uploaded = await upload.upload(body);
        } catch (error) {
          setFileError(uploadFailureSentence(error));
          throw error;
        }
        setStored({ file, stored: uploaded });
      }
      const template = await create.trigger({ body: { fileId: uploaded.id, ...values } });
      if (!template) throw new ApiError(404, 'The template could not be saved. Please try again.');
      return template;
    },
    onSuccess: async (template) => {
      notify({ variant: 'success', message: TEMPLATE_UPLOADED_MESSAGE });
      await onSaved?.(template);
    },
  });
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const progress =
    file && (upload.isUploading || stored?.file === file)
      ? { [file.name]: stored?.file === file ? 100 : Math.round((upload.progress ?? 0) * 99) }
      : undefined;

  return (
    <ModalShell
      title="Upload a document template"
      description="A file the whole practice can reuse, such as a consent form or a contract. Add it to a client's documents from the Documents tab."
      submitLabel="Upload template"
      {...shellProps}
      onSubmit={(event) => {
        if (!file) {
          event.preventDefault();
          setFileError(CHOOSE_FILE);
          return;
        }
        void shellProps.onSubmit(event);
      }}
      busy={shellProps.busy || upload.isUploading}
      dirty={shellProps.dirty || file !== null}
    >
      <ModalFields>
        <FileDrop
          label="Template file"
          required
          accept={DOCUMENT_ACCEPT}
          maxSize={DOCUMENT_MAX_BYTES}
          files={file ? [file] : []}
          progress={progress}
          error={fileError}
          disabled={shellProps.busy}
          onFilesChange={(next) => {
            const chosen = next[0] ?? null;
            setFile(chosen);
            setFileError(undefined);
            if (chosen && !getValues('name')) setValue('name', nameFromFile(chosen.name), { shouldDirty: true });
          }}
        />
        <TextField label="Name" required autoComplete="off" {...register('name')} error={errors.name?.message} />
        <Controller
          name="category"
          control={control}
          render={({ field }) => (
            <Select
              label="Category"
              required
              options={CATEGORY_OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.category?.message}
            />
          )}
        />
      </ModalFields>
    </ModalShell>
  );
}
