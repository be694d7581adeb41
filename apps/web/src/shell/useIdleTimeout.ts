import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
/** The warning comes one minute before the sign-out. */
export const IDLE_WARNING_MS = 60_000;

/**
 * Signs out after `minutes` without activity (QUALITY.md security 3; the server enforces it too) and warns one minute
 * before. Any activity restarts both timers.
 */
export function useIdleTimeout(minutes: number | undefined, onWarn: () => void, onTimeout: () => void) {
  const handlers = useRef({ onWarn, onTimeout });
  useEffect(() => {
    handlers.current = { onWarn, onTimeout };
  }, [onWarn, onTimeout]);

  useEffect(() => {
    if (!minutes || minutes <= 0) return;
    const limit = minutes * 60_000;
    let warnTimer: ReturnType<typeof setTimeout>;
    let outTimer: ReturnType<typeof setTimeout>;
    let last = 0;
    const start = () => {
      clearTimeout(warnTimer);
      clearTimeout(outTimer);
      warnTimer = setTimeout(() => handlers.current.onWarn(), Math.max(0, limit - IDLE_WARNING_MS));
      outTimer = setTimeout(() => handlers.current.onTimeout(), limit);
    };
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      start();
    };
    start();
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(outTimer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
    };
  }, [minutes]);
}
