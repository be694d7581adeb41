import { useRoute } from '@halcyon/api/swr';

/** The practice's time zone, so dates show as the practice sees them (CATALOG.md); the browser's until it loads. */
export function usePracticeTimeZone(): string | undefined {
  return useRoute('getPracticeSettings').data?.time_zone;
}
