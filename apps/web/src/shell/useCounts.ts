import { useCount } from '@halcyon/api/swr';
import { COUNT_REFRESH_MS } from './messages';

export interface ShellCounts {
  appointments: number;
  messages: number;
  notifications: number;
}

/** Every minute and whenever the window gets focus again (SPEC.md §2 badges). */
const REFRESHED = { refreshInterval: COUNT_REFRESH_MS, revalidateOnFocus: true, focusThrottleInterval: 0 } as const;

/**
 * The sidebar's count badges (SPEC.md §2, §7), read through the contract's count routes and the shared cache (the
 * notifications panel's count is the same entry, so the badge follows it): 0 until loaded and after a failure, which
 * is only logged. Each count is asked for only for a role that may open its page (/Appointments, /Messages: the
 * Assistant has no Messages, SPEC.md §6).
 */
export function useCounts(can: { appointments: boolean; messages: boolean }): ShellCounts {
  const appointments = useCount('appointmentsCount', { enabled: can.appointments, swr: REFRESHED });
  const messages = useCount('messagesCount', { enabled: can.messages, swr: REFRESHED });
  const notifications = useCount('notificationsCount', { swr: REFRESHED });
  return { appointments: appointments.count, messages: messages.count, notifications: notifications.count };
}
