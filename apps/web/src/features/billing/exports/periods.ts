import { todayDate } from '@halcyon/api/contract';
import type { DateRange } from '@halcyon/design-system';

/** This year so far (1 January to `today`): the period billing's lists and exports open on. */
export function thisYearSoFar(today = todayDate()): DateRange {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}
