import { useBanners } from '@halcyon/design-system';
import type { SavedRecord, SuccessResult } from '../types';

/** What a save says, in SPEC.md's words: "… created." for a new record, "… updated." for an edited one. */
export interface RecordSavedMessages {
  created: string;
  updated: string;
}

/**
 * A record modal's `onSuccess` (see `useModalForm`): the banner for an added or an edited record, then the caller's
 * `onSaved` with the saved record.
 */
export function useRecordSaved(
  editing: boolean,
  messages: RecordSavedMessages,
  onSaved: ((record: SavedRecord) => SuccessResult) | undefined,
): (saved: SavedRecord | null | undefined) => Promise<void> {
  const { notify } = useBanners();
  return async (saved) => {
    notify({ variant: 'success', message: editing ? messages.updated : messages.created });
    if (saved) await onSaved?.(saved);
  };
}
