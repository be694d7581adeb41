import type { Subscription } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Card, countOf, PageHeader, ProgressBar, Skeleton } from '@halcyon/design-system';
import { TextLink } from '../../../app/TextLink';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { formatBytes } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

const count = new Intl.NumberFormat('en-GB');

function UsageCards({ usage }: { usage: Subscription }) {
  const seatsLeft = Math.max(0, usage.seatsLimit - usage.seatsUsed);
  return (
    <div className={styles.usage}>
      <Card>
        <Card.Header>
          <Card.Title as="h2">Team seats</Card.Title>
        </Card.Header>
        <Card.Body className={styles.form}>
          <p className={styles.figure}>
            {count.format(usage.seatsUsed)} of {count.format(usage.seatsLimit)}
          </p>
          <ProgressBar
            label="Seats used"
            value={Math.min(usage.seatsUsed, usage.seatsLimit)}
            max={usage.seatsLimit}
            variant={seatsLeft === 0 ? 'danger' : 'accent'}
          />
          <p className={styles.muted}>
            Active members use a seat; deactivated ones do not.
            {usage.pendingInvitations > 0 &&
              ` ${countOf(usage.pendingInvitations, { one: 'invitation is', other: 'invitations are' })} waiting to be accepted.`}
          </p>
          <TextLink to="/Settings/Practice" variant="standalone">
            See the team
          </TextLink>
        </Card.Body>
      </Card>
      <Card>
        <Card.Header>
          <Card.Title as="h2">Clients</Card.Title>
        </Card.Header>
        <Card.Body className={styles.form}>
          <p className={styles.figure}>{count.format(usage.clientsCount)}</p>
          <p className={styles.muted}>Every client record of the practice, active or not.</p>
          <TextLink to="/Clients" variant="standalone">
            Open clients
          </TextLink>
        </Card.Body>
      </Card>
      <Card>
        <Card.Header>
          <Card.Title as="h2">Storage</Card.Title>
        </Card.Header>
        <Card.Body className={styles.form}>
          <p className={styles.figure}>
            {formatBytes(usage.storageUsedBytes)} of {formatBytes(usage.storageLimitBytes)}
          </p>
          <ProgressBar
            label="Storage used"
            value={Math.min(usage.storageUsedBytes, usage.storageLimitBytes)}
            max={usage.storageLimitBytes}
            variant={usage.storageUsedBytes >= usage.storageLimitBytes ? 'danger' : 'accent'}
          />
          <p className={styles.muted}>Documents, photos, logos and other files kept in Halcyon.</p>
          <TextLink to="/Cloud-storage" variant="standalone">
            Open cloud storage
          </TextLink>
        </Card.Body>
      </Card>
    </div>
  );
}

/** /Settings/Subscription (CATALOG.md): the plan name and the practice's usage; no prices (SPEC.md §1). */
export function SubscriptionPage() {
  const usage = useRoute('getSubscription');
  return (
    <div className={styles.page}>
      <PageHeader title="Subscription" description="Your practice's plan and how much of it is in use." />
      {usage.data ? (
        <>
          <Card>
            <Card.Body className={styles.split}>
              <div className={styles.itemText}>
                <span className={styles.muted}>Plan</span>
                <p className={styles.figure}>{usage.data.planName}</p>
              </div>
            </Card.Body>
          </Card>
          <UsageCards usage={usage.data} />
        </>
      ) : usage.error ? (
        <LoadFailed what="the subscription" error={usage.error} onRetry={() => void usage.reload()} />
      ) : (
        <Skeleton shape="rect" height="12rem" />
      )}
    </div>
  );
}
