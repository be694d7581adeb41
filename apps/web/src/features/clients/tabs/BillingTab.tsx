import { formatMoney } from '@halcyon/api/money';
import { useClientRoute, useRoute } from '@halcyon/api/swr';
import { BILL_TO_KIND_LABELS, type ClientBilling, type ClientDetail } from '@halcyon/api/contract';
import { Button, Card, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { InsuranceClaimsTab } from '../../billing/claims/InsuranceClaimsTab';
import { InvoiceList } from '../../billing/InvoiceList';
import { PaymentList } from '../../billing/PaymentList';
import styles from '../../billing/billing.module.css';
import clientStyles from '../clients.module.css';
import { InsurancePolicy } from './InsurancePolicy';
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

/** "Sam Doe (contact)", "Bupa (insurer)" or "The client": whom a new invoice is addressed to. */
function invoiceTo(billing: ClientBilling): string {
  if (billing.invoiceTo === 'contact') return `${billing.contactName ?? 'A contact'} (contact)`;
  if (billing.invoiceTo === 'insurer') return `${billing.insurerName ?? 'Their insurer'} (insurer)`;
  return BILL_TO_KIND_LABELS.client;
}

/** How the client is billed (edit-client-info's billing details): whom invoices go to, the usual service and fee, notes. */
function BillingDetails({ clientId, client }: ClientTabProps & { client: ClientDetail | null | undefined }) {
  const modal = useModal();
  const billing = useClientRoute('getClientBilling', clientId, (id) => ({ params: { id } }));
  const service = client?.defaultService;
  return (
    <Card>
      <Card.Header className={clientStyles.cardHeader}>
        <Card.Title as="h2">Billing details</Card.Title>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => modal.open('edit-client-info', { clientId, section: 'billing' })}
        >
          Edit billing details
        </Button>
      </Card.Header>
      <Card.Body className={styles.stack}>
        {billing.view === 'error' ? (
          <LoadError what="the billing details" error={billing.error} onRetry={billing.retry} />
        ) : !billing.data ? (
          <Skeleton width="50%" height="1.5rem" aria-label="Loading the billing details" />
        ) : (
          <dl className={styles.balance} aria-label="Billing details">
            <div>
              <dt>Invoices go to</dt>
              <dd>
                <Sensitive>{invoiceTo(billing.data)}</Sensitive>
              </dd>
            </div>
            <div>
              <dt>Usual service</dt>
              <dd>
                <Sensitive>
                  {service ? `${service.name}, ${formatMoney(service.feeMinor, service.currency)}` : 'None chosen'}
                </Sensitive>
              </dd>
            </div>
            {billing.data.notes && (
              <div>
                <dt>Notes</dt>
                <dd>
                  <Sensitive>{billing.data.notes}</Sensitive>
                </dd>
              </div>
            )}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}

/** The client's insurance policy, which their claims are made under (edit-client-info's insurance section). */
function InsuranceCard({ clientId, currency }: { clientId: number; currency: string | undefined }) {
  const modal = useModal();
  return (
    <Card>
      <Card.Header className={clientStyles.cardHeader}>
        <Card.Title as="h2">Insurance policy</Card.Title>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => modal.open('edit-client-info', { clientId, section: 'insurance' })}
        >
          Edit insurance
        </Button>
      </Card.Header>
      <Card.Body>
        <InsurancePolicy clientId={clientId} currency={currency} />
      </Card.Body>
    </Card>
  );
}

/**
 * The Billing tab of /Clients/{id} (CATALOG.md): the client's balance and billing details, their invoices (drafts and credit notes too),
 * their payments (advance payments too), their insurance policy and claims, with New invoice, Record payment and Advance payment
 * for them.
 */
export function BillingTab({ clientId }: ClientTabProps) {
  // The client the page has already loaded (the same read, from the cache): the modals name them.
  const client = useClientRoute('getClient', clientId, (id) => ({ params: { id } })).data;
  const clientName = client ? fullName({ firstName: client.firstName, lastName: client.lastName }) : undefined;
  return (
    <div className={styles.page}>
      <Balance clientId={clientId} />
      <BillingDetails clientId={clientId} client={client} />
      <div className={styles.stack}>
        <h2 className={styles.sectionHeading}>Invoices</h2>
        <InvoiceList clientId={clientId} clientName={clientName} />
      </div>
      <div className={styles.stack}>
        <h2 className={styles.sectionHeading}>Payments</h2>
        <PaymentList clientId={clientId} clientName={clientName} />
      </div>
      <InsuranceCard clientId={clientId} currency={client?.currency} />
      <div className={styles.stack}>
        <h2 className={styles.sectionHeading}>Insurance claims</h2>
        <InsuranceClaimsTab clientId={clientId} />
      </div>
    </div>
  );
}
