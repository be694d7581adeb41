import { Button } from '@halcyon/design-system';
import { useState } from 'react';

/**
 * Offered with a conflicting save (409: someone saved meanwhile): copy what you typed, then reload the newest version.
 * The form keeps its text until you reload, so nothing is lost and nothing is silently overwritten.
 */
export function ConflictActions({ text, onReload }: { text: () => string; onReload: () => void | Promise<void> }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          void navigator.clipboard
            ?.writeText(text())
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        {copied ? 'Copied' : 'Copy my text'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void onReload()}>
        Reload the newest version
      </Button>
    </>
  );
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Form options that fill a form from its record once it has loaded (the modal stays mounted while it loads, so the
 * dialog and focus stay put). A later reload of the record keeps what the user already changed.
 */
export function fillFrom<T>(values: T | undefined): { values?: T; resetOptions: { keepDirtyValues: true } } {
  return { ...(values === undefined ? {} : { values }), resetOptions: { keepDirtyValues: true } };
}
