import type { MessageAttachment, StoredFile } from '@halcyon/api/contract';
import { useApiClient } from '@halcyon/api/swr';
import { useBanners } from '@halcyon/design-system';
import { useCallback } from 'react';
import { downloadFailedMessage, saveBlob } from '../../app/saveBlob';

/** A member's attachments go through the one file store: POST /api/files (checked by content and size), GET to download. */
export function useMemberFiles() {
  const client = useApiClient();
  const { notify } = useBanners();
  const upload = useCallback(
    async (file: File): Promise<StoredFile | null> => client.call('uploadFile', { body: file }),
    [client],
  );
  const download = useCallback(
    async (file: MessageAttachment) => {
      try {
        saveBlob(await client.call('downloadFile', { params: { id: file.id } }), file.name);
      } catch (error) {
        notify({ variant: 'error', message: downloadFailedMessage(error) });
      }
    },
    [client, notify],
  );
  return { upload, download };
}
