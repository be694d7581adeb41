import type { Invoice } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute, useUserDetails } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Card, PageHeader, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useParams } from 'react-router-dom';
import { renderRouterLink } from '../../app/renderRouterLink';
import { TextLink } from '../../app/TextLink';
import { InvoiceActions } from '../../features/billing/InvoiceActions';
import { InvoiceNotes } from '../../features/billing/InvoiceNotes';
import { InvoicePreview } from '../../features/billing/InvoicePreview';
import { InvoiceTimeline } from '../../features/billing/InvoiceTimeline';
import { InvoiceStateBadge, invoiceName, invoicePath } from '../../features/billing/format';
import styles from '../../features/billing/billing.module.css';
import { NotFoundPage } from '../NotFound/NotFoundPage';

/** An id from the address: a whole number greater than 0 (SPEC.md §5's rule for ids), else null. */
function recordIdOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /Billing/{id} (CATALOG.md): the invoice, draft or credit note as its PDF prints it, its state and figures, what can be
 * done with it, its timeline and the team's notes.
 */
export function InvoiceDetailsPage() {
  const { id } = useParams();
  const invoiceId = recordIdOf(id);
  if (invoiceId === null) return <NotFoundPage />;
  return <InvoiceDetails key={invoiceId} invoiceId={invoiceId} />;
}

function InvoiceDetails({ invoiceId }: { invoiceId: number }) {
  const invoice = useRoute('getInvoice', { params: { id: invoiceId } }, { removeFromListsOn404: ['listInvoices'] });
  if (invoice.data === null) return <NotFoundPage />;
  if (!invoice.data) {
    if (invoice.view === 'error') {
      return <LoadError what="this invoice" error={invoice.error} onRetry={invoice.retry} headingLevel={2} />;
    }
    return (
      <div className={styles.page} aria-busy="true" aria-label="Loading the invoice">
        <Skeleton width="30%" height="2rem" />
        <Skeleton shape="rect" height="24rem" />
      </div>
    );
  }
  return <InvoiceView invoice={invoice.data} />;
}

function Figures({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => <Sensitive>{formatMoney(minor, invoice.currency)}</Sensitive>;
  const isInvoice = invoice.kind === 'invoice';
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Summary</Card.Title>
        <InvoiceStateBadge state={invoice.state} />
      </Card.Header>
      <Card.Body>
        <dl className={styles.figures}>
          <div>
            <dt>{isInvoice ? 'Total' : 'Total credited'}</dt>
            <dd>{money(invoice.totalMinor)}</dd>
          </div>
          {isInvoice && invoice.status !== 'draft' && (
            <>
              <div>
                <dt>Paid</dt>
                <dd>{money(invoice.paidMinor)}</dd>
              </div>
              {invoice.creditedMinor > 0 && (
                <div>
                  <dt>Credited</dt>
                  <dd>{money(invoice.creditedMinor)}</dd>
                </div>
              )}
              <div data-emphasis>
                <dt>Outstanding</dt>
                <dd>{money(invoice.outstandingMinor)}</dd>
              </div>
              <div>
                <dt>Due</dt>
                <dd>{formatDate(invoice.dueDate)}</dd>
              </div>
            </>
          )}
        </dl>
      </Card.Body>
    </Card>
  );
}

function Preview({ invoice }: { invoice: Invoice }) {
  const draft = invoice.status === 'draft';
  const input = { params: { id: invoice.id } };
  // Every billing write reloads these reads (the contract's readsChangedBy): a payment or a credit note shows at once.
  const issued = useRoute('getInvoiceDetails', draft ? null : input);
  const drafted = useRoute('getDraftInvoiceDetails', draft ? input : null);
  const document = draft ? drafted : issued;
  if (document.view === 'error') {
    return <LoadError what="the invoice preview" error={document.error} onRetry={document.retry} />;
  }
  if (!document.data) return <Skeleton shape="rect" height="32rem" aria-label="Loading the invoice preview" />;
  return <InvoicePreview document={document.data} />;
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const user = useUserDetails();
  const seesClients = user.data?.role === 'Admin' || user.data?.role === 'Therapist';
  const name = invoiceName(invoice);
  const title = invoice.number ? `${invoice.documentType} ${invoice.number}` : invoice.documentType;
  return (
    <div className={styles.page}>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Billing', href: '/Billing' }, { label: name }]}
        renderLink={renderRouterLink}
        description={
          <span className={styles.headerFacts}>
            <InvoiceStateBadge state={invoice.state} />
            <span>
              For{' '}
              {seesClients ? (
                <TextLink to={`/Clients/${invoice.clientId}?tab=billing`}>
                  <Sensitive focusable={false}>{invoice.clientName}</Sensitive>
                </TextLink>
              ) : (
                <Sensitive>{invoice.clientName}</Sensitive>
              )}
            </span>
            {invoice.creditsInvoiceId && (
              <span>
                Credits <TextLink to={invoicePath(invoice.creditsInvoiceId)}>the invoice</TextLink>
              </span>
            )}
          </span>
        }
      />
      <InvoiceActions invoice={invoice} />
      <div className={styles.detailLayout}>
        <div className={styles.previewColumn}>
          <Preview invoice={invoice} />
        </div>
        <aside className={styles.aside} aria-label="About this invoice">
          <Figures invoice={invoice} />
          <InvoiceTimeline invoiceId={invoice.id} />
          <InvoiceNotes invoiceId={invoice.id} />
        </aside>
      </div>
    </div>
  );
}
