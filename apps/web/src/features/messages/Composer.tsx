import { isApiError } from '@halcyon/api/client';
import {
  CONVERSATION_MESSAGES,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_TEXT_MAX,
  type StoredFile,
} from '@halcyon/api/contract';
import { Button, TextArea } from '@halcyon/design-system';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useDraft } from './useDraft';
import styles from './messages.module.css';

export interface ComposerMessage {
  body: string;
  attachmentIds: string[];
}

export interface ComposerProps {
  /** Where the draft is kept on this device (localStorage), so a reload does not lose it; cleared on send. */
  draftKey: string;
  /** Stores one chosen file (the server checks its type by content and its size) and answers the stored file. */
  upload: (file: File) => Promise<StoredFile | null>;
  /** Sends the message; `false` when the caller refused it itself (its own fields say why): the draft stays. */
  send: (message: ComposerMessage) => Promise<unknown>;
  /** Fields of the caller's form above the message (a new conversation's recipients and subject). */
  children?: ReactNode;
  label?: string;
  submitLabel?: string;
}

/** The server's sentence (an upload's fixed SPEC.md §8 message gives way to the server's `detail`: why it refused). */
const sentence = (error: unknown, fallback: string) => (isApiError(error) ? (error.detail ?? error.message) : fallback);

/**
 * Writes a message: the text (required; kept as a draft on this device until sent), files attached one by one through
 * the file store (the server's sentence shown for a refused type or size), and Send (or Ctrl+Enter). A refused send keeps
 * the text and the files.
 */
export function Composer({ draftKey, upload, send, children, label = 'Message', submitLabel = 'Send' }: ComposerProps) {
  const [draft, setDraft, clearDraft] = useDraft(draftKey);
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [textError, setTextError] = useState<string | undefined>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  const attach = async (chosen: File[]) => {
    setFileErrors([]);
    const problems: string[] = [];
    let room = MESSAGE_ATTACHMENTS_MAX - files.length;
    setUploading(true);
    for (const file of chosen) {
      if (room <= 0) {
        problems.push(CONVERSATION_MESSAGES.attachments);
        break;
      }
      try {
        const stored = await upload(file);
        if (!stored) throw new Error('not stored');
        room -= 1;
        setFiles((current) => [...current, stored]);
      } catch (caught) {
        problems.push(`${file.name}: ${sentence(caught, 'The file could not be attached. Try again.')}`);
      }
    }
    setUploading(false);
    setFileErrors(problems);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || uploading) return;
    setFormError(undefined);
    const body = draft.trim();
    if (!body) {
      setTextError(CONVERSATION_MESSAGES.empty);
      text.current?.focus();
      return;
    }
    setTextError(undefined);
    setSending(true);
    try {
      const sent = await send({ body, attachmentIds: files.map((file) => file.id) });
      if (sent === false) return;
      clearDraft();
      setFiles([]);
      setFileErrors([]);
      text.current?.focus();
    } catch (caught) {
      const fieldErrors = isApiError(caught) ? caught.fieldErrors : undefined;
      if (fieldErrors?.body) setTextError(fieldErrors.body);
      else setFormError(sentence(caught, 'Your message could not be sent. Check your connection and try again.'));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      {children}
      {formError && (
        <p role="alert" className={styles.error}>
          {formError}
        </p>
      )}
      <TextArea
        ref={text}
        label={label}
        hint="Ctrl+Enter sends. Your draft is kept on this device until you send it."
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (textError) setTextError(undefined);
        }}
        onKeyDown={onKeyDown}
        error={textError}
        maxLength={MESSAGE_TEXT_MAX}
        rows={3}
        required
      />
      {files.length > 0 && (
        <ul className={styles.attachments} aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id}>
              <span className={styles.fileName}>{file.name}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((each) => each.id !== file.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {fileErrors.length > 0 && (
        <div role="alert" className={styles.errors}>
          {fileErrors.map((problem) => (
            <p key={problem} className={styles.error}>
              {problem}
            </p>
          ))}
        </div>
      )}
      <div className={styles.composerActions}>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-label="Attach files"
          aria-describedby={hintId}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (chosen.length > 0) void attach(chosen);
          }}
        />
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          loading={uploading}
          disabled={files.length >= MESSAGE_ATTACHMENTS_MAX}
          aria-describedby={hintId}
        >
          Attach files
        </Button>
        <span id={hintId} className={styles.muted}>
          {`Up to ${MESSAGE_ATTACHMENTS_MAX} files: PDFs, images, Word and Excel files, plain text and CSV.`}
        </span>
        <Button type="submit" loading={sending} disabled={uploading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
