import { Button, useBanners } from '@halcyon/design-system';
import { Copy, Download } from 'lucide-react';
import styles from './settings.module.css';

export const RECOVERY_CODES_FILE = 'halcyon-recovery-codes.txt';

function codesText(codes: readonly string[]): string {
  return [
    'Halcyon recovery codes',
    'Each code signs you in once if you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Recovery codes, shown once: the list, copy to the clipboard and download as a text file. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { notify } = useBanners();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify({ variant: 'success', message: 'Recovery codes copied.' });
    } catch {
      notify({ variant: 'error', message: 'The codes could not be copied. Select them and copy, or download them.' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className={styles.form}>
      <p className={styles.text}>
        Save these codes now: this is the only time they are shown. Each one signs you in once if you lose your phone.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.inline}>
        <Button variant="secondary" size="sm" iconStart={<Copy />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" size="sm" iconStart={<Download />} onClick={download}>
          Download codes
        </Button>
      </div>
    </div>
  );
}
