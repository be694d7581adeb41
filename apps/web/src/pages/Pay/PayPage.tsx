import { ONLINE_PAYMENT_MESSAGES, type PayableInvoice } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useApiClient } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Badge, Button } from '@halcyon/design-system';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { goTo } from '../../app/goTo';
import { PageLoading } from '../../app/PageLoading';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';
import { reasonOf } from './shared';
import styles from './PayPage.module.css';

/** How often, and how many times, the page asks again while a payment just made is being confirmed by the provider. */
const CONFIRM_EVERY_MS = 2_000;
const CONFIRM_TRIES = 10;

const STATE_BADGES = {
  due: <Badge variant="info">Due</Badge>,
  overdue: <Badge variant="warning">Overdue</Badge>,
  paid: <Badge variant="success">Paid</Badge>,
  void: <Badge variant="neutral">Cancelled</Badge>,
} as const;

/**
 * /Pay/{token}: the invoice a practice e-mailed, from the link in the e-mail (no sign-in): its totals and "Pay", which
 * goes to the provider's checkout (the sandbox's card page, or Stripe Checkout), then back here with the outcome. Card
 * details are typed on the provider's page only.
 */
export function PayPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const outcome = search.get('checkout');
  const client = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const loaded = useOnce(`pay:${token}:${attempt}`, () => client.call('publicPayableInvoice', { params: { token } }));
  const invoice = loaded.status === 'done' ? loaded.value : null;
  const confirming = outcome === 'paid' && invoice !== null && invoice.state !== 'paid' && attempt < CONFIRM_TRIES;

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
  }, [confirming, attempt]);

  if (loaded.status === 'pending' && attempt === 0) return <PageLoading label="Opening your invoice…" />;
  if (loaded.status === 'failed' || (loaded.status === 'done' && !loaded.value)) {
    return (
      <PublicLayout title="This link does not work">
        <FormMessage tone="error">
          {loaded.status === 'failed' ? reasonOf(loaded.error) : ONLINE_PAYMENT_MESSAGES.linkInvalid}
        </FormMessage>
      </PublicLayout>
    );
  }
  if (!invoice) return <PageLoading label="Opening your invoice…" />;
  return <Invoice token={token} invoice={invoice} outcome={outcome} confirming={confirming} />;
}

function Invoice({
  token,
  invoice,
  outcome,
  confirming,
}: {
  token: string;
  invoice: PayableInvoice;
  outcome: string | null;
  confirming: boolean;
}) {
  const client = useApiClient();
  const navigate = useNavigate();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const money = (minor: number) => formatMoney(minor, invoice.currency);

  const pay = async () => {
    setState({ busy: true, error: null });
    try {
      const answer = await client.call('publicStartCheckout', { params: { token } });
      if (answer) await goTo(answer.url, navigate);
    } catch (error) {
      setState({ busy: false, error: reasonOf(error) });
    }
  };

  return (
    <PublicLayout
      title={invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : 'Your invoice'}
      description={`From ${invoice.practiceName}`}
    >
      <div className={form.form}>
        {invoice.state === 'paid' && outcome === 'paid' && (
          <FormMessage tone="success">{ONLINE_PAYMENT_MESSAGES.paid}</FormMessage>
        )}
        {confirming && (
          <FormMessage tone="info">Your payment is being confirmed. This page updates by itself.</FormMessage>
        )}
        {outcome === 'cancelled' && invoice.state !== 'paid' && (
          <FormMessage tone="info">{ONLINE_PAYMENT_MESSAGES.cancelled}</FormMessage>
        )}
        <dl className={styles.summary}>
          <div className={styles.line}>
            <dt>Billed to</dt>
            <dd>{invoice.billToName}</dd>
          </div>
          <div className={styles.line}>
            <dt>Issued</dt>
            <dd>{formatDate(invoice.issueDate)}</dd>
          </div>
          <div className={styles.line}>
            <dt>Due</dt>
            <dd>{formatDate(invoice.dueDate)}</dd>
          </div>
          <div className={styles.line}>
            <dt>Total</dt>
            <dd>{money(invoice.totalMinor)}</dd>
          </div>
          <div className={styles.line}>
            <dt>Paid</dt>
            <dd>{money(invoice.paidMinor)}</dd>
          </div>
          <div className={styles.line} data-variant="total">
            <dt>Left to pay</dt>
            <dd>{money(invoice.balanceMinor)}</dd>
          </div>
        </dl>
        <div className={form.actions}>
          {STATE_BADGES[invoice.state]}
          {invoice.canPay && (
            <Button onClick={() => void pay()} loading={state.busy} disabled={state.busy}>
              Pay {money(invoice.balanceMinor)}
            </Button>
          )}
        </div>
        {state.error && <FormMessage tone="error">{state.error}</FormMessage>}
        {invoice.state === 'paid' && outcome !== 'paid' && (
          <p className={form.muted}>{ONLINE_PAYMENT_MESSAGES.nothingOwed}</p>
        )}
        {invoice.state === 'void' && <p className={form.muted}>{ONLINE_PAYMENT_MESSAGES.invoiceVoid}</p>}
        {!invoice.canPay && (invoice.state === 'due' || invoice.state === 'overdue') && (
          <p className={form.muted}>{ONLINE_PAYMENT_MESSAGES.notActive}</p>
        )}
        {invoice.canPay && (
          <p className={form.muted}>
            You pay on the payment provider&apos;s secure page: your card details never reach {invoice.practiceName} or
            Halcyon.
          </p>
        )}
      </div>
    </PublicLayout>
  );
}
