import { useCallback, useRef, useState } from 'react';
import type { UploadProgress } from '../client/types';
import { useApiClient } from './ApiProvider';

export interface UploadState<T> {
  /** Sends the file (multipart, field `file`) to `path`; resolves to the JSON answer, rejects with the `ApiError`. */
  upload: (file: Blob | FormData) => Promise<T>;
  /** 0..1 while sending; null before the first upload. */
  progress: number | null;
  isUploading: boolean;
  error: unknown;
  /** Stops the upload in progress. */
  abort: () => void;
}

/** An upload with progress for file drops (SPEC.md §8: a failure reads "Failed to upload file. Status: {code}"). */
export function useUpload<T = unknown>(path: string): UploadState<T> {
  const client = useApiClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const controller = useRef<AbortController | null>(null);

  const upload = useCallback(
    async (file: Blob | FormData) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setUploading(true);
      setError(undefined);
      setProgress(0);
      try {
        return await client.upload<T>(path, file, {
          signal: current.signal,
          onProgress: ({ loaded, total }: UploadProgress) => setProgress(total > 0 ? loaded / total : 1),
        });
      } catch (caught) {
        setError(caught);
        throw caught;
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setUploading(false);
        }
      }
    },
    [client, path],
  );

  const abort = useCallback(() => controller.current?.abort(), []);

  return { upload, progress, isUploading, error, abort };
}
