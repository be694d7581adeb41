import { ONLINE_PAYMENT_MESSAGES, type OnlinePaymentAccountStatus } from '@halcyon/api/contract';
import { usePracticeTimeZone, useMutation, useRoute } from '@halcyon/api/swr';
import { formatDateTime } from '@halcyon/api/time';
import { Button, Card, Link, PageHeader, Skeleton } from '@halcyon/design-system';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useIsAdmin, useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { PaymentSettingsSection } from './PaymentSettingsSection';
import { PROVIDER_LABELS, StatusBadge, useConnect } from './shared';
import { ConfirmDialog } from '../../../app/ConfirmDialog';

const yesNo = (value: boolean) => (value ? 'Yes' : 'Not yet');

function AccountFacts({ account, isAdmin }: { account: OnlinePaymentAccountStatus; isAdmin: boolean }) {
  const timeZone = usePracticeTimeZone();
  const { connect, busy } = useConnect();
  const save = useSaveWithBanners();
  const disconnect = useMutation('disconnectOnlinePayments');
  const [confirming, setConfirming] = useState(false);
  const turnOff = async () => {
    setConfirming(false);
    await save(
      () => disconnect.trigger(),
      (result) => result?.detail ?? ONLINE_PAYMENT_MESSAGES.disconnected,
    ).catch(() => undefined);
  };

  if (account.status === 'not started') {
    return (
      <div className={styles.form}>
        <p className={styles.text}>No payment provider account is connected.</p>
        <div className={styles.actions}>
          <Link asChild variant="standalone">
            <RouterLink to="/Settings/Online-payments">Connect one in Online payments</RouterLink>
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <div className={styles.split}>
        <StatusBadge status={account.status} />
      </div>
      <dl className={styles.row}>
        <div>
          <dt className={styles.muted}>Provider</dt>
          <dd className={styles.text}>{PROVIDER_LABELS[account.provider]}</dd>
        </div>
        <div>
          <dt className={styles.muted}>Account</dt>
          <dd className={styles.text}>{account.accountId ?? '—'}</dd>
        </div>
        <div>
          <dt className={styles.muted}>Card payments</dt>
          <dd className={styles.text}>{yesNo(account.chargesEnabled)}</dd>
        </div>
        <div>
          <dt className={styles.muted}>Payouts to your bank</dt>
          <dd className={styles.text}>{yesNo(account.payoutsEnabled)}</dd>
        </div>
        <div>
          <dt className={styles.muted}>Connected</dt>
          <dd className={styles.text}>{account.connectedAt ? formatDateTime(account.connectedAt, timeZone) : '—'}</dd>
        </div>
      </dl>
      {account.requirements.length > 0 && (
        <div>
          <p className={styles.text}>The provider still needs:</p>
          <ul>
            {account.requirements.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {account.provider === 'sandbox' && (
        <p className={styles.muted}>
          The sandbox is a test mode: clients&apos; payments are recorded, but no real money moves.
        </p>
      )}
      {isAdmin && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
          {account.status !== 'active' && (
            <Button onClick={() => void connect()} loading={busy}>
              Continue setup
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title="Disconnect the payment account?"
        description="Pay links in invoices already sent stop working and new invoices carry none. Payments already taken stay recorded."
        confirmLabel="Disconnect"
        busy={disconnect.isMutating}
        onConfirm={() => void turnOff()}
      />
    </div>
  );
}

/**
 * /Settings/Online-payments-success: the connected account as the provider sees it now (card payments, payouts, what it
 * still needs), continuing or disconnecting it, and the practice's pay-link settings.
 */
export function OnlinePaymentsSuccessPage() {
  const account = useRoute('onlinePaymentsAccountStatus');
  const { isAdmin } = useIsAdmin();
  return (
    <div className={styles.page}>
      <PageHeader title="Online payments" description="Your payment provider account is connected." />
      <Card>
        <Card.Header>
          <Card.Title as="h2">Payment account</Card.Title>
        </Card.Header>
        <Card.Body>
          {account.data ? (
            <AccountFacts account={account.data} isAdmin={isAdmin} />
          ) : account.error ? (
            <LoadFailed what="the payment account" error={account.error} onRetry={() => void account.reload()} />
          ) : (
            <Skeleton shape="rect" height="8rem" />
          )}
        </Card.Body>
      </Card>
      <PaymentSettingsSection />
    </div>
  );
}
