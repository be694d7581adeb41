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
 * is only logged. The appointments count is asked for only for a role that may open /Appointments.
 *
 * Messages has no count route yet (issue 16 builds Messages): its badge stays 0 and nothing is asked for, so no page
 * logs a failed call. Its count joins here through the contract once the route exists.
 */
export function useCounts(withAppointments: boolean): ShellCounts {
  const appointments = useCount('appointmentsCount', { enabled: withAppointments, swr: REFRESHED });
  const notifications = useCount('notificationsCount', { swr: REFRESHED });
  return { appointments: appointments.count, messages: 0, notifications: notifications.count };
}
