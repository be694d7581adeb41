import { forwardRef, useId, useMemo, useState, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { CloudUpload, FileText, X } from 'lucide-react';
import { Button } from '../Button/Button';
import { Field } from '../Field/Field';
import { mergeRefs } from '../Field/mergeRefs';
import type { FieldOptions } from '../Field/useField';
import { IconButton } from '../IconButton/IconButton';
import { checkFiles, describeAccept, formatBytes, type FileRejection } from './files';
import styles from './FileDrop.module.css';

export interface FileDropProps extends Omit<FieldOptions, 'hideLabel'> {
  /** Allowed types: extensions (".pdf"), MIME types ("application/pdf") or groups ("image/*"). Empty = any. */
  accept?: readonly string[];
  /** Largest allowed file in bytes. */
  maxSize?: number;
  multiple?: boolean;
  /** The chosen files (controlled). */
  files?: readonly File[];
  defaultFiles?: readonly File[];
  onFilesChange?: (files: File[]) => void;
  /** Called with the files that were turned away and why (they are also listed under the drop zone). */
  onReject?: (rejections: FileRejection[]) => void;
  /** Upload progress per file name, 0-100; a file with an entry shows a progress bar. */
  progress?: Readonly<Record<string, number>>;
  disabled?: boolean;
  /** Name of the native file input (for a plain `<form>`). */
  name?: string;
  /** Text of the browse button. */
  browseText?: ReactNode;
  className?: string;
}

/**
 * Choose files by drag and drop or with a keyboard-operable "Choose files" button. Checks type and size with
 * messages that say what to pick instead, lists chosen files with a remove button, and shows per-file upload
 * progress from `progress`. Components never upload: the caller does, and reports progress back.
 * The ref is the (hidden) native file input.
 */
export const FileDrop = forwardRef<HTMLInputElement, FileDropProps>(function FileDrop(
  {
    label,
    hint,
    error,
    required,
    id,
    accept = [],
    maxSize,
    multiple = false,
    files,
    defaultFiles = [],
    onFilesChange,
    onReject,
    progress,
    disabled = false,
    name,
    browseText,
    className,
  },
  ref,
) {
  const [ownFiles, setOwnFiles] = useState<readonly File[]>(defaultFiles);
  const current = files ?? ownFiles;
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const buttonTextId = useId();
  const rulesId = useId();
  const rejectionsId = useId();

  const setFiles = (next: File[]) => {
    setOwnFiles(next);
    onFilesChange?.(next);
  };

  const add = (incoming: readonly File[]) => {
    const { accepted, rejected } = checkFiles(multiple ? incoming : incoming.slice(0, 1), { accept, maxSize });
    setRejections(rejected);
    if (rejected.length) onReject?.(rejected);
    if (accepted.length) {
      const kept = multiple ? current.filter((f) => !accepted.some((a) => a.name === f.name)) : [];
      setFiles([...kept, ...accepted]);
    }
  };

  // react-dropzone reads dropped and chosen files; the type and size checks (and their messages) stay ours, so every
  // file reaches `add`. The zone is not a button itself: the keyboard uses "Choose a file".
  const { getRootProps, getInputProps, isDragActive, inputRef, open } = useDropzone({
    onDrop: (accepted, refused) => add([...accepted, ...refused.map((rejection) => rejection.file)]),
    multiple,
    disabled,
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
  });
  const mergedRef = useMemo(() => mergeRefs(ref, inputRef), [ref, inputRef]);

  const rules = [
    accept.length ? describeAccept(accept) : undefined,
    maxSize !== undefined ? `up to ${formatBytes(maxSize)}${multiple ? ' each' : ''}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      id={id}
      labelElement="span"
      describedBy={[rules ? rulesId : undefined, rejections.length ? rejectionsId : undefined]
        .filter(Boolean)
        .join(' ')}
      className={className}
    >
      {(controlProps, ids) => (
        <div className={styles.root}>
          <div
            {...getRootProps()}
            className={styles.zone}
            data-state={isDragActive ? 'dragging' : 'idle'}
            data-invalid={controlProps['aria-invalid']}
            data-disabled={disabled || undefined}
          >
            <CloudUpload className={styles.zoneIcon} aria-hidden="true" />
            <p className={styles.zoneText}>
              {multiple ? 'Drag and drop files here, or' : 'Drag and drop a file here, or'}
            </p>
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled}
              aria-labelledby={`${ids.label} ${buttonTextId}`}
              aria-describedby={controlProps['aria-describedby']}
              aria-invalid={controlProps['aria-invalid']}
              onClick={open}
            >
              <span id={buttonTextId}>{browseText ?? (multiple ? 'Choose files' : 'Choose a file')}</span>
            </Button>
            {rules && (
              <p id={rulesId} className={styles.rules}>
                {rules}
              </p>
            )}
            <input
              {...getInputProps({
                id: controlProps.id,
                name,
                'aria-labelledby': ids.label,
                // Let the same file be chosen again after removing it.
                onClick: (event) => {
                  event.currentTarget.value = '';
                },
              })}
              ref={mergedRef}
              hidden
              disabled={disabled}
              accept={accept.join(',') || undefined}
            />
          </div>
          <div id={rejectionsId} aria-live="polite" className={styles.rejections}>
            {rejections.map((rejection) => (
              <p key={rejection.file.name} className={styles.rejection}>
                {rejection.message}
              </p>
            ))}
          </div>
          {current.length > 0 && (
            <ul className={styles.list} aria-label="Chosen files">
              {current.map((file) => {
                const percent = progress?.[file.name];
                const done = percent !== undefined && percent >= 100;
                return (
                  <li key={file.name} className={styles.file} data-state={done ? 'complete' : undefined}>
                    <FileText className={styles.fileIcon} aria-hidden="true" />
                    <div className={styles.fileBody}>
                      <span className={styles.fileName}>{file.name}</span>
                      <span className={styles.fileMeta}>
                        {formatBytes(file.size)}
                        {percent !== undefined && (done ? ' · Uploaded' : ` · ${Math.round(percent)}%`)}
                      </span>
                      {percent !== undefined && !done && (
                        <progress
                          className={styles.progress}
                          max={100}
                          value={Math.max(0, Math.min(100, percent))}
                          aria-label={`Uploading ${file.name}`}
                        />
                      )}
                    </div>
                    <IconButton
                      size="sm"
                      label={`Remove ${file.name}`}
                      icon={<X />}
                      disabled={disabled}
                      onClick={() => setFiles(current.filter((f) => f !== file))}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
});
