import { DEFAULT_CURRENCY } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';

/**
 * The practice's currency, which a new price, invoice, payment or expense starts in: `/api/practice` answers it to every
 * role (the Assistant works billing; the shell has it already, for the time zone). `known` skips the read when the
 * currency is already given; `undefined` while it loads; the default currency if it cannot be read.
 */
export function usePracticeCurrency(known?: string | null): string | undefined {
  const practice = useRoute('getPractice', known ? null : undefined);
  if (known) return known;
  if (practice.error) return DEFAULT_CURRENCY;
  return practice.data?.currency;
}
