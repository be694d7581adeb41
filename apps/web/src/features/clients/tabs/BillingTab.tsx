import { useClientRoute } from '@halcyon/api/swr';
import { EmptyState, Sensitive } from '@halcyon/design-system';
import { Receipt } from '../../../app/icons';
import { formatMoney } from '../format';
import type { ClientTabProps } from './types';

/**
 * The Billing tab of /Clients/{id}: billing is not built yet, so it says so plainly and shows only the balance the client
 * record holds; invoices, payments, advance balance and claims arrive with billing.
 */
export function BillingTab({ clientId }: ClientTabProps) {
  const client = useClientRoute('getClient', clientId, (id) => ({ params: { id } }));
  const balance = client.data ? formatMoney(client.data.balanceMinor, client.data.currency) : null;
  return (
    <EmptyState
      icon={<Receipt />}
      title="Billing is coming soon"
      description={
        <>
          This client&apos;s invoices, payments, advance balance, insurance claims and billing details will appear here
          once billing is available in Halcyon.
          {balance && (
            <>
              {' '}
              Current balance: <Sensitive>{balance}</Sensitive>.
            </>
          )}
        </>
      }
    />
  );
}
