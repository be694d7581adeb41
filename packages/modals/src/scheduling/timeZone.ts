import { useRoute } from '@halcyon/api/swr';
import { localTimeZone } from '@halcyon/api/time';

/**
 * The zone a booking modal reads and writes times in: the one its caller passed (the diary's answer carries the
 * practice's zone, which the Assistant cannot read from the settings: then the settings are not asked for at all),
 * else the practice settings' zone, else the browser's until it loads.
 */
export function useBookingTimeZone(given: string | undefined): string {
  const settings = useRoute('getPracticeSettings', given ? null : undefined);
  return given ?? settings.data?.timeZone ?? localTimeZone();
}
