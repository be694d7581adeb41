import { DEFAULT_CURRENCY } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';

/**
 * The practice's currency, which a new amount starts in (the practice's settings are not every role's to read, but the
 * expense list answers the currency to every role: the Assistant works billing). `known` skips the read when the
 * currency is already given; `undefined` while it loads.
 */
export function usePracticeCurrency(known?: string | null): string | undefined {
  const expenses = useRoute('listExpenses', known ? null : { query: { pageSize: 1 } });
  if (known) return known;
  if (expenses.error) return DEFAULT_CURRENCY;
  return expenses.data?.currency;
}
