import { Card, Link, PageHeader } from '@halcyon/design-system';
import { Link as RouterLink } from 'react-router-dom';
import styles from '../ProfileSecurity/settings.module.css';
import { ConnectAccount } from './shared';

/** /Settings/Online-payments-error: the provider did not finish connecting the account; try again from here. */
export function OnlinePaymentsErrorPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Online payments"
        description="The payment provider could not finish connecting your account."
      />
      <Card>
        <Card.Header>
          <Card.Title as="h2">Your account is not connected yet</Card.Title>
        </Card.Header>
        <Card.Body>
          <div className={styles.form} role="alert">
            <p className={styles.text}>
              The provider still needs some details, its page expired, or it could not be reached. Nothing is lost: try
              again and carry on where you left off.
            </p>
            <div className={styles.split}>
              <Link asChild variant="standalone">
                <RouterLink to="/Settings/Online-payments">Back to Online payments</RouterLink>
              </Link>
              <ConnectAccount label="Try again" />
            </div>
          </div>
        </Card.Body>
      </Card>
    </div>
  );
}
