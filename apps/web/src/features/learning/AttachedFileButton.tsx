import type { StoredFile } from '@halcyon/api/contract';
import { Button } from '@halcyon/design-system';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useStoredFileDownload } from '../../app/useStoredFileDownload';

/**
 * A record's file (a CPD activity's evidence, a licence's document) as a button that downloads it, so it can be shown
 * to a membership body in an audit: "Evidence: certificate.pdf".
 */
export function AttachedFileButton({ what, file, of }: { what: string; file: StoredFile; of: string }) {
  const download = useStoredFileDownload();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      iconStart={<Download aria-hidden="true" />}
      loading={busy}
      aria-label={`Download ${what}: ${file.name} (${of})`}
      onClick={() => {
        setBusy(true);
        void download(file).finally(() => setBusy(false));
      }}
    >
      {what}: {file.name}
    </Button>
  );
}
