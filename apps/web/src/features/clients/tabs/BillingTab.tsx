import { formatMoney } from '@halcyon/api/money';
import { useClientRoute, useRoute } from '@halcyon/api/swr';
import { Card, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { InsuranceClaimsTab } from '../../billing/claims/InsuranceClaimsTab';
import { InvoiceList } from '../../billing/InvoiceList';
import { PaymentList } from '../../billing/PaymentList';
import styles from '../../billing/billing.module.css';
import type { ClientTabProps } from './types';
import { fullName } from '../format';

/** The client's balance per currency: invoiced, paid, outstanding (overdue), and the credit they have left. */
function Balance({ clientId }: ClientTabProps) {
  const balance = useRoute('getClientBalance', { params: { clientId } });
  const rows = balance.data?.balances ?? [];
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Balance</Card.Title>
      </Card.Header>
      <Card.Body className={styles.stack}>
        {balance.view === 'error' ? (
          <LoadError what="the balance" error={balance.error} onRetry={balance.retry} />
        ) : !balance.data ? (
          <Skeleton width="50%" height="1.5rem" aria-label="Loading the balance" />
        ) : rows.length === 0 ? (
          <p className={styles.muted}>Nothing invoiced or paid yet.</p>
        ) : (
          rows.map((row) => {
            const money = (minor: number) => <Sensitive>{formatMoney(minor, row.currency)}</Sensitive>;
            return (
              <dl key={row.currency} className={styles.balance} aria-label={`Balance in ${row.currency}`}>
                <div>
                  <dt>Outstanding</dt>
                  <dd>{money(row.outstandingMinor)}</dd>
                </div>
                <div>
                  <dt>Overdue</dt>
                  <dd>{money(row.overdueMinor)}</dd>
                </div>
                <div>
                  <dt>Credit</dt>
                  <dd>{money(row.creditMinor)}</dd>
                </div>
                <div>
                  <dt>Invoiced</dt>
                  <dd>{money(row.invoicedMinor)}</dd>
                </div>
                <div>
                  <dt>Paid</dt>
                  <dd>{money(row.paidMinor)}</dd>
                </div>
              </dl>
            );
          })
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * The Billing tab of /Clients/{id} (CATALOG.md): the client's balance, their invoices (drafts and credit notes too),
 * their payments (advance payments too) and their insurance claims, with New invoice, Record payment and Advance payment
 * for them.
 */
export function BillingTab({ clientId }: ClientTabProps) {
  // The client the page has already loaded (the same read, from the cache): the modals name them.
  const client = useClientRoute('getClient', clientId, (id) => ({ params: { id } })).data;
  const clientName = client ? fullName({ firstName: client.firstName, lastName: client.lastName }) : undefined;
  return (
    <div className={styles.page}>
      <Balance clientId={clientId} />
      <div className={styles.stack}>
        <h2 className={styles.sectionHeading}>Invoices</h2>
        <InvoiceList clientId={clientId} clientName={clientName} />
      </div>
      <div className={styles.stack}>
        <h2 className={styles.sectionHeading}>Payments</h2>
        <PaymentList clientId={clientId} clientName={clientName} />
      </div>
      <div className={styles.stack}>
        <h2 className={styles.sectionHeading}>Insurance claims</h2>
        <InsuranceClaimsTab clientId={clientId} />
      </div>
    </div>
  );
}
