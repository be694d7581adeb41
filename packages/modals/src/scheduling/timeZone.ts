import { useRoute } from '@halcyon/api/swr';
import { localTimeZone } from '@halcyon/api/time';

/**
 * The zone a booking modal reads and writes times in: the one its caller passed (the diary's answer carries the
 * practice's zone: then nothing more is asked for), else the practice's (`/api/practice`, which every role may read),
 * else the browser's until it loads.
 */
export function useBookingTimeZone(given: string | undefined): string {
  const practice = useRoute('getPractice', given ? null : undefined);
  return given ?? practice.data?.timeZone ?? localTimeZone();
}
