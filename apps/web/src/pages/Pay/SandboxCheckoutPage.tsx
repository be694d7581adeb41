import { ONLINE_PAYMENT_MESSAGES, SANDBOX_CARDS, type SandboxCheckout } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useApiClient } from '@halcyon/api/swr';
import { Button, FieldRow, Link, TextField } from '@halcyon/design-system';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';
import { payPageOf, reasonOf } from './shared';
import styles from './PayPage.module.css';

interface CardErrors {
  number?: string;
  expiry?: string;
  cvc?: string;
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** Checks the test card in the browser: which outcome it stands for, or what to fix. */
export function checkCard(
  card: { number: string; expiry: string; cvc: string },
  now = new Date(),
): { outcome: 'paid' | 'declined' } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = digits(card.number);
  const outcome = number === SANDBOX_CARDS.paid ? 'paid' : number === SANDBOX_CARDS.declined ? 'declined' : null;
  if (!outcome) errors.number = 'Use a sandbox test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Enter the expiry as MM/YY, e.g. 12/30.';
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    errors.expiry = 'This card has expired: enter a date in the future.';
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits on the back of the card.';
  return outcome && Object.keys(errors).length === 0 ? { outcome } : { errors };
}

/**
 * /Pay/Sandbox-checkout/{id}: the sandbox provider's card page (test mode, no real money). It checks the test card here
 * in the browser and sends the server only the outcome, never the card; the sandbox then tells Halcyon through its
 * signed callback, and the page goes back to the invoice's pay page.
 */
export function SandboxCheckoutPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const back = payPageOf(search.get('return'));
  const client = useApiClient();
  const loaded = useOnce(`sandbox-checkout:${id}`, () => client.call('sandboxCheckout', { params: { id } }));
  if (loaded.status === 'pending') return <PageLoading label="Opening the payment page…" />;
  if (loaded.status === 'failed' || !loaded.value) {
    return (
      <PublicLayout title="This payment page does not work">
        <FormMessage tone="error">
          {loaded.status === 'failed'
            ? reasonOf(loaded.error, ONLINE_PAYMENT_MESSAGES.checkoutInvalid)
            : ONLINE_PAYMENT_MESSAGES.checkoutInvalid}
        </FormMessage>
      </PublicLayout>
    );
  }
  return <CardForm id={id} checkout={loaded.value} back={back} />;
}

function CardForm({ id, checkout, back }: { id: string; checkout: SandboxCheckout; back: string | null }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [state, setState] = useState<{ busy: boolean; error: string | null; paid: string | null }>({
    busy: false,
    error: null,
    paid: null,
  });
  const amount = formatMoney(checkout.amountMinor, checkout.currency);
  const backLink = (outcome: 'cancelled' | 'paid', label: string) =>
    back && (
      <Link asChild variant="standalone">
        <RouterLink to={`${back}?checkout=${outcome}`}>{label}</RouterLink>
      </Link>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCard(card);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setState({ busy: true, error: null, paid: null });
    try {
      const answer = await client.call('sandboxCompleteCheckout', {
        params: { id },
        body: { outcome: checked.outcome },
      });
      if (answer?.state === 'paid') {
        if (back) await navigate(`${back}?checkout=paid`);
        else setState({ busy: false, error: null, paid: answer.detail });
      } else {
        setState({ busy: false, error: answer?.detail ?? ONLINE_PAYMENT_MESSAGES.declined, paid: null });
      }
    } catch (error) {
      setState({ busy: false, error: reasonOf(error, ONLINE_PAYMENT_MESSAGES.checkoutInvalid), paid: null });
    }
  };

  if (state.paid || checkout.state !== 'open') {
    return (
      <PublicLayout
        title={state.paid || checkout.state === 'paid' ? 'Payment received' : 'This payment page is closed'}
      >
        <FormMessage tone={state.paid || checkout.state === 'paid' ? 'success' : 'info'}>
          {state.paid ??
            (checkout.state === 'paid' ? ONLINE_PAYMENT_MESSAGES.paid : ONLINE_PAYMENT_MESSAGES.checkoutClosed)}
        </FormMessage>
        {backLink('paid', 'Back to your invoice')}
      </PublicLayout>
    );
  }
  const field = (name: keyof CardErrors) => ({
    value: card[name],
    onChange: (event: { target: { value: string } }) => setCard((c) => ({ ...c, [name]: event.target.value })),
    error: errors[name],
    autoComplete: 'off',
  });
  return (
    <PublicLayout
      title={`Pay ${amount}`}
      description={`To ${checkout.practiceName}, for invoice ${checkout.invoiceNumber}.`}
    >
      <p className={styles.sandbox}>
        Sandbox: a test payment page standing in for a card-payment provider. No real money moves. Use the card 4242
        4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline, with any future expiry and any 3 digits.
      </p>
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Card details">
        <TextField label="Card number" inputMode="numeric" {...field('number')} />
        <FieldRow columnMin="sm">
          <TextField label="Expiry (MM/YY)" inputMode="numeric" {...field('expiry')} />
          <TextField label="Security code" inputMode="numeric" {...field('cvc')} />
        </FieldRow>
        {state.error && <FormMessage tone="error">{state.error}</FormMessage>}
        <div className={form.actions}>
          {backLink('cancelled', 'Cancel') ?? <span />}
          <Button type="submit" loading={state.busy} disabled={state.busy}>
            Pay {amount}
          </Button>
        </div>
      </form>
    </PublicLayout>
  );
}
