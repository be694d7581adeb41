import { useOnboardingStatus, useRoute } from '@halcyon/api/swr';
import { Card, PageHeader } from '@halcyon/design-system';
import { Navigate } from 'react-router-dom';
import styles from '../ProfileSecurity/settings.module.css';
import { ConnectAccount, PROVIDER_NAMES } from './shared';

/**
 * /Settings/Online-payments, the onboarding screen (SPEC.md §2, §4): a practice whose status is anything other than
 * "not started" (compared case-insensitively) goes to /Settings/Online-payments-success; a failed status call is logged
 * as a warning and the user, treated as not onboarded, stays here. An Admin connects the provider account.
 */
export function OnlinePaymentsPage() {
  const status = useOnboardingStatus();
  const details = useRoute('onlinePaymentDetails');

  if (status.onboarded) return <Navigate to="/Settings/Online-payments-success" replace />;
  const provider = details.data ? PROVIDER_NAMES[details.data.provider] : 'a card-payment provider';
  return (
    <div className={styles.page}>
      <PageHeader
        title="Online payments"
        description="Connect a card-payment provider so clients can pay your invoices online."
      />
      <Card>
        <Card.Header>
          <Card.Title as="h2">Take card payments for your invoices</Card.Title>
        </Card.Header>
        <Card.Body>
          <div className={styles.form}>
            <ol className={styles.text}>
              <li>
                Connect your practice&apos;s account with {provider}
                {details.data?.provider === 'sandbox'
                  ? ': it connects at once.'
                  : ': it asks for your business and bank details.'}
              </li>
              <li>Each invoice you e-mail then carries a link where your client pays by card.</li>
              <li>The payment is recorded on the invoice by itself, and you are notified.</li>
            </ol>
            <p className={styles.muted}>
              Clients type their card details on the provider&apos;s secure page; they never reach Halcyon.
              {details.data?.provider === 'sandbox' &&
                ' This Halcyon uses the sandbox provider: a test mode in which no real money moves.'}
            </p>
            <ConnectAccount label="Connect payment account" actionsClassName={styles.actions} />
          </div>
        </Card.Body>
      </Card>
    </div>
  );
}
