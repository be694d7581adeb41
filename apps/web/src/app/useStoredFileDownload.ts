import { useApiClient } from '@halcyon/api/swr';
import { useBanners } from '@halcyon/design-system';
import { useCallback } from 'react';
import { downloadFailedMessage, saveBlob } from './saveBlob';

/** A file of the practice's files storage: its id, and the name it is saved under. */
export interface StoredFileRef {
  id: string;
  name: string;
}

/**
 * Downloads a stored file (`GET /api/files/{id}`: cloud storage, a CPD activity's evidence, a licence's document) and
 * saves it under its name; a failure shows SPEC.md §8's "Failed to retrieve file. Status: {code}" as an error banner.
 */
export function useStoredFileDownload() {
  const client = useApiClient();
  const { notify } = useBanners();
  return useCallback(
    async (file: StoredFileRef) => {
      try {
        saveBlob(await client.call('downloadFile', { params: { id: file.id } }), file.name);
      } catch (error) {
        notify({ variant: 'error', message: downloadFailedMessage(error) });
      }
    },
    [client, notify],
  );
}
