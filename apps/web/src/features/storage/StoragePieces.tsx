import type { StoragePreview } from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, ProgressBar, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStoredFileDownload } from '../../app/useStoredFileDownload';
import { formatBytes } from '../../pages/Settings/ProfileSecurity/shared';
import styles from './storage.module.css';

export { formatBytes };

/**
 * A file the page can show, download or preview: its stored file's id, the name it is shown by and, when that differs
 * (a client's document), the file's own name that a download saves it as.
 */
export interface ShownFile {
  id: string;
  name: string;
  fileName?: string;
  previewable: boolean;
}

/**
 * The storage the practice uses against its allowance: GET /api/cloud-storage/usage, the same query as the Subscription
 * page's Storage card.
 */
export function StorageUsageCard() {
  const usage = useRoute('getStorageUsage');
  if (usage.view === 'error') {
    return <LoadError what="the storage used" error={usage.error} onRetry={usage.retry} />;
  }
  if (!usage.data) return <Skeleton shape="rect" height="3.5rem" />;
  const { usedBytes, limitBytes } = usage.data;
  return (
    <section className={styles.usage} aria-label="Storage used">
      <p className={styles.figure}>
        {formatBytes(usedBytes)} of {formatBytes(limitBytes)} used
      </p>
      <ProgressBar
        label="Storage used"
        value={Math.min(usedBytes, limitBytes)}
        max={limitBytes}
        variant={usedBytes >= limitBytes ? 'danger' : 'accent'}
      />
    </section>
  );
}

/** Downloads a shown file as an attachment, under its file's name (SPEC.md §8's message on failure). */
export function useDownload() {
  const download = useStoredFileDownload();
  return useCallback((file: ShownFile) => download({ id: file.id, name: file.fileName ?? file.name }), [download]);
}

/**
 * A PDF or an image shown in the page: a short-lived same-origin link from the server (a frame cannot send the bearer
 * token), a PDF in a frame and an image inline. Closing returns the focus to what opened it.
 */
export function FilePreview({ file, onClose }: { file: ShownFile; onClose: () => void }) {
  const { trigger } = useMutation('previewStorageFile');
  const [preview, setPreview] = useState<StoragePreview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // One link per file and attempt (the caller keys this by the file); an answer for a closed preview is dropped.
  useEffect(() => {
    let live = true;
    trigger({ params: { id: file.id } }).then(
      (answer) => live && setPreview(answer),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [trigger, file.id, attempt]);
  useEffect(() => heading.current?.focus(), []);
  const retry = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };
  return (
    <section className={styles.panel} aria-labelledby="storage-preview-title">
      <div className={styles.toolbar}>
        <h2 id="storage-preview-title" className={styles.panelTitle} ref={heading} tabIndex={-1}>
          Preview: <Sensitive>{file.name}</Sensitive>
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close preview
        </Button>
      </div>
      {error ? (
        <LoadError what="the preview" error={error} onRetry={retry} />
      ) : !preview ? (
        <Skeleton shape="rect" height="20rem" />
      ) : preview.type === 'application/pdf' ? (
        <Sensitive as="div">
          <iframe className={styles.frame} src={preview.url} title={`Preview of ${file.name}`} />
        </Sensitive>
      ) : (
        <Sensitive as="div">
          <img className={styles.image} src={preview.url} alt={`Preview of ${file.name}`} />
        </Sensitive>
      )}
    </section>
  );
}
