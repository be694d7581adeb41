import { BOOKING_MESSAGES, DIARY_MESSAGES, SESSION_MESSAGES } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Button } from '@halcyon/design-system';
import { useCallback, useRef } from 'react';

/**
 * The 409s that mean "changed elsewhere since you opened it" (or a request answered meanwhile, or one for nobody's
 * diary), not a clash with another event.
 */
const STALE_VERSION_MESSAGES = new Set<string>([
  DIARY_MESSAGES.eventChanged,
  SESSION_MESSAGES.sessionChanged,
  BOOKING_MESSAGES.requestChanged,
  BOOKING_MESSAGES.requestDecided,
  BOOKING_MESSAGES.timeNotFree,
]);

/** Was a refused save (`conflict` of `useModalForm`, with its message) a clash with another event in the diary? */
export function isClash(conflict: boolean, message: string | null): boolean {
  return conflict && message !== null && !STALE_VERSION_MESSAGES.has(message);
}

/**
 * "Book anyway" after the server refused a booking that clashes (409 naming the event it overlaps): offered only where
 * the practice allows double-booking (its scheduling preferences); elsewhere the clash is said and the time must
 * change. `take()` is read by the save: true once, for the save the button started.
 */
export function useBookAnyway() {
  const preferences = useRoute('getSchedulingPreferences');
  const ignore = useRef(false);
  const allowed = preferences.data?.allowDoubleBooking === true;
  const take = useCallback(() => {
    const value = ignore.current;
    ignore.current = false;
    return value;
  }, []);
  /** The error area's action for a refused save: "Book anyway" when it was a clash and the practice allows it. */
  const action = (clash: boolean, save: () => unknown, label = 'Book anyway') =>
    clash && allowed ? (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          ignore.current = true;
          void save();
        }}
      >
        {label}
      </Button>
    ) : undefined;
  return { allowed, take, action };
}
