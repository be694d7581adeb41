import type { ApiClient } from '@halcyon/api/client';
import { useCallback, useEffect, useState } from 'react';
import { COUNT_REFRESH_MS } from './messages';

export interface ShellCounts {
  appointments: number;
  messages: number;
  notifications: number;
}

const COUNT_PATHS: Record<keyof ShellCounts, string> = {
  appointments: '/api/appointments/count',
  messages: '/api/messages/count',
  notifications: '/api/notifications/count',
};

function countOf(answer: unknown): number {
  const count = (answer as { count?: unknown } | null)?.count;
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/**
 * The sidebar's count badges (SPEC.md §2, §7): default 0; refreshed on window focus and every 60 s; a failure is only
 * logged and leaves the last known value. Only the `wanted` counts are fetched (entries a role cannot see are skipped).
 */
export function useCounts(client: ApiClient, wanted: ReadonlyArray<keyof ShellCounts>) {
  const [counts, setCounts] = useState<ShellCounts>({ appointments: 0, messages: 0, notifications: 0 });
  const key = wanted.join(',');

  const refresh = useCallback(async () => {
    const names = key.split(',').filter(Boolean) as Array<keyof ShellCounts>;
    await Promise.all(
      names.map(async (name) => {
        try {
          const count = countOf(await client.request(COUNT_PATHS[name]));
          setCounts((current) => (current[name] === count ? current : { ...current, [name]: count }));
        } catch (error) {
          console.warn(`Could not load the ${name} count.`, error);
        }
      }),
    );
  }, [client, key]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), COUNT_REFRESH_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  /** A fresher value from elsewhere (the notifications panel's own count). */
  const override = useCallback((name: keyof ShellCounts, count: number) => {
    setCounts((current) => (current[name] === count ? current : { ...current, [name]: count }));
  }, []);

  return { counts, refresh, override };
}
