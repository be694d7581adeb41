import type { StoredFile } from '@halcyon/api/contract';
import { uploadFailureSentence } from '@halcyon/api/client';
import { useUpload } from '@halcyon/api/swr';
import { Button, FileDrop } from '@halcyon/design-system';
import { useCallback, useState } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '../modals/UploadDocument/UploadDocumentModal';
import styles from './AttachedFile.module.css';

export interface AttachedFileState {
  /** The file the record has, until it is removed or replaced. */
  kept: StoredFile | null;
  /** A file chosen to replace it (uploaded when the form is saved). */
  chosen: File | null;
  error: string | undefined;
  uploading: boolean;
  progress: number | null;
  keep: (file: StoredFile | null) => void;
  choose: (file: File | null) => void;
  /** Before the save: uploads the chosen file and answers its id, or the kept one's, or null. Throws on failure. */
  resolve: () => Promise<string | null>;
}

/**
 * One optional file of a record (CPD evidence, a licence's document), uploaded through the files storage
 * (`POST /api/files`) when the form is saved, so a cancelled form uploads nothing.
 */
export function useAttachedFile(current: StoredFile | null): AttachedFileState {
  const upload = useUpload<StoredFile>('/api/files');
  const [kept, keep] = useState<StoredFile | null>(current);
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const choose = useCallback((file: File | null) => {
    setChosen(file);
    setError(undefined);
  }, []);
  const resolve = useCallback(async () => {
    if (!chosen) return kept?.id ?? null;
    const body = new FormData();
    body.append('file', chosen);
    try {
      const stored = await upload.upload(body);
      keep(stored);
      setChosen(null);
      return stored.id;
    } catch (caught) {
      setError(uploadFailureSentence(caught));
      throw caught;
    }
  }, [chosen, kept, upload]);
  return {
    kept,
    chosen,
    error,
    uploading: upload.isUploading,
    progress: upload.progress,
    keep,
    choose,
    resolve,
  };
}

export interface AttachedFileFieldProps {
  label: string;
  hint: string;
  state: AttachedFileState;
  disabled?: boolean;
}

/** The file a record has (with Remove), or a drop zone to choose one, with its upload progress. */
export function AttachedFileField({ label, hint, state, disabled }: AttachedFileFieldProps) {
  if (state.kept && !state.chosen) {
    return (
      <div className={styles.kept}>
        <p className={styles.label}>{label}</p>
        <p className={styles.name}>{state.kept.name}</p>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          aria-label={`Remove ${state.kept.name}`}
          onClick={() => state.keep(null)}
        >
          Remove
        </Button>
      </div>
    );
  }
  const progress =
    state.chosen && state.uploading && state.progress !== null
      ? { [state.chosen.name]: Math.round(state.progress * 99) }
      : undefined;
  return (
    <FileDrop
      label={label}
      hint={hint}
      accept={DOCUMENT_ACCEPT}
      maxSize={DOCUMENT_MAX_BYTES}
      files={state.chosen ? [state.chosen] : []}
      {...(progress ? { progress } : {})}
      error={state.error}
      disabled={disabled}
      onFilesChange={(files) => state.choose(files[0] ?? null)}
    />
  );
}
