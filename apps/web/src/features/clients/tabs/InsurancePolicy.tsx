import { useClientRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { Facts } from '../Facts';
import { formatMoney } from '../format';

/**
 * The client's insurance policy (edit-client-info's insurance): insurer, policy and membership numbers, authorisation,
 * sessions authorised, excess per session and when it is valid. On the Overview and the Billing tab.
 */
export function InsurancePolicy({ clientId, currency }: { clientId: number; currency: string | undefined }) {
  const insurance = useClientRoute('getClientInsurance', clientId, (id) => ({ params: { id } }));
  const i = insurance.data;
  if (insurance.view === 'error') {
    return <LoadError what="the insurance" error={insurance.error} onRetry={insurance.retry} headingLevel={3} />;
  }
  if (!i) return <Skeleton width="60%" height="1.25rem" aria-label="Loading the insurance" />;
  return (
    <Facts
      label="Insurance"
      facts={[
        { label: 'Insurer', value: i.providerName },
        { label: 'Policy number', value: i.policyNumber },
        { label: 'Membership number', value: i.membershipNumber },
        { label: 'Authorisation', value: i.authorisationCode },
        { label: 'Sessions authorised', value: i.sessionsAuthorised ?? null },
        { label: 'Excess per session', value: i.excessMinor === null ? null : formatMoney(i.excessMinor, currency) },
        {
          label: 'Valid',
          value:
            i.validFrom || i.validUntil
              ? `${formatDate(i.validFrom) || '…'} to ${formatDate(i.validUntil) || '…'}`
              : null,
        },
      ]}
    />
  );
}
