import { useCallback, useEffect, useState } from 'react';

function read(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** The localStorage key of a conversation's draft (`new` for a conversation not started yet). */
export const draftKeyOf = (where: number | 'new' | `portal:${string}`) => `halcyon.message-draft.${where}`;

/**
 * A text kept in localStorage under `key` while it is typed (so a reload keeps it), and cleared on demand. Another
 * key (another conversation) reads its own draft.
 */
export function useDraft(key: string): [string, (value: string) => void, () => void] {
  const [state, setState] = useState(() => ({ key, value: read(key) }));
  const value = state.key === key ? state.value : read(key);
  useEffect(() => {
    if (state.key !== key) setState({ key, value: read(key) });
  }, [key, state.key]);
  const set = useCallback(
    (next: string) => {
      setState({ key, value: next });
      try {
        if (next) window.localStorage.setItem(key, next);
        else window.localStorage.removeItem(key);
      } catch {
        // Private browsing: the draft lives as long as the page.
      }
    },
    [key],
  );
  const clear = useCallback(() => set(''), [set]);
  return [value, set, clear];
}
