import { isApiError } from '@halcyon/api/client';
import { Button } from '@halcyon/design-system';
import { useState } from 'react';
import styles from './ConflictActions.module.css';

/** A save refused because the record changed meanwhile, as `useModalForm` reports it to `ModalShell`. */
export interface ModalConflict {
  /** The typed text as plain text, read when "Copy my text" is pressed. */
  text: () => string;
  /** Called once the newest version is loaded: the refusal is over. */
  resolved: () => void;
}

export interface ConflictActionsProps {
  /** The typed text as plain text, read when "Copy my text" is pressed. */
  text: () => string;
  /** Loads the newest version of the record into the form; a failure is said beside the buttons. */
  onReload: () => void | Promise<void>;
}

const COPIED = 'Your text is copied.';
const COPY_FAILED = 'Copying failed: select the text and copy it yourself.';
const RELOAD_FAILED = 'The newest version could not be loaded. Try again.';

/**
 * What a save refused because the record changed meanwhile (409/412) offers, beside the server's sentence: copy what
 * you typed, then reload the newest version. The form keeps its input until you reload, so nothing is lost and nothing
 * is silently overwritten. `ModalShell` shows it when `useModalForm` reports a conflict and the modal can reload.
 */
export function ConflictActions({ text, onReload }: ConflictActionsProps) {
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setStatus(COPIED);
    } catch {
      setStatus(COPY_FAILED);
    }
  };
  const reload = async () => {
    setStatus(null);
    try {
      await onReload();
    } catch (error) {
      console.error('The newest version could not be loaded.', error);
      setStatus(isApiError(error) ? error.message : RELOAD_FAILED);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        Copy my text
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void reload()}>
        Reload the newest version
      </Button>
      <span role="status" className={styles.status}>
        {status}
      </span>
    </>
  );
}

/**
 * Form options that fill a form from its record once it has loaded (the modal stays mounted while it loads, so the
 * dialog and focus stay put). A later reload of the record keeps what the user already changed.
 */
export function fillFrom<T>(values: T | undefined): { values?: T; resetOptions: { keepDirtyValues: true } } {
  return { ...(values === undefined ? {} : { values }), resetOptions: { keepDirtyValues: true } };
}
