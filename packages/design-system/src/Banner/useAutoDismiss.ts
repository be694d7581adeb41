import { useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * Calls `onDismiss` after `timeout` ms (0 or less: never). The countdown pauses while the element is hovered or holds
 * focus and resumes with the time that was left. Spread the returned handlers on the element.
 */
export function useAutoDismiss(timeout: number, onDismiss: (() => void) | undefined) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(timeout);
  const dismissRef = useRef(onDismiss);

  useEffect(() => {
    dismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    remaining.current = timeout;
  }, [timeout]);

  useEffect(() => {
    if (timeout <= 0 || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissRef.current?.(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [timeout, paused]);

  return {
    paused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
