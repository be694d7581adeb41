import { BILLING_EXPORT_MESSAGES } from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useBanners } from '@halcyon/design-system';
import { useCallback, useState } from 'react';
import { saveBlob } from '../../../app/saveBlob';

/**
 * Downloads a file (an export, a receipt: `fetchFile` calls its route) and saves it under `name`; a failure shows SPEC.md
 * §8's "Failed to retrieve file. Status: {code}" and what to do. `busy` names the download in flight.
 */
export function useDownload() {
  const { notify } = useBanners();
  const [busy, setBusy] = useState<string | null>(null);
  const download = useCallback(
    async (name: string, fetchFile: () => Promise<unknown>) => {
      setBusy(name);
      try {
        const file = await fetchFile();
        if (file instanceof Blob) saveBlob(file, name);
      } catch (error) {
        notify({
          variant: 'error',
          message: isApiError(error)
            ? `${error.message}. ${BILLING_EXPORT_MESSAGES.downloadFailed}`
            : BILLING_EXPORT_MESSAGES.downloadFailed,
        });
      } finally {
        setBusy(null);
      }
    },
    [notify],
  );
  return { download, busy };
}
