import { Button } from '@halcyon/design-system';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import styles from './settings.module.css';

export interface ImagePickerProps {
  /** The button's text and the file input's name, e.g. "Upload a photo". */
  label: string;
  /** Accepted MIME types. */
  accept: readonly string[];
  onFile: (file: File) => void;
  busy?: boolean;
  disabled?: boolean;
}

/** A button that opens the file chooser for one image (profile photo, practice logo). */
export function ImagePicker({ label, accept, onFile, busy = false, disabled = false }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        aria-label={label}
        tabIndex={-1}
        className={styles.fileInput}
        disabled={disabled || busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        variant="secondary"
        iconStart={<Upload />}
        loading={busy}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}
