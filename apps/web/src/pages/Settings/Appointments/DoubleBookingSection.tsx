import { useSchedulingPreferences } from '@halcyon/api/swr';
import { Card, Skeleton, Switch } from '@halcyon/design-system';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import styles from '../ProfileSecurity/settings.module.css';
import { useIsAdmin } from '../ProfileSecurity/shared';
import { useSavePreferences } from './preferences';

/**
 * Double-booking (the diary's choice): off, the diary refuses any event that overlaps a therapist's busy time; on,
 * the clash is shown and the person booking may choose "book anyway".
 */
export function DoubleBookingSection() {
  const preferences = useSchedulingPreferences();
  const { save, saving } = useSavePreferences();
  const { isAdmin, loaded } = useIsAdmin();
  const data = preferences.data;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Double-booking</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        {data ? (
          <>
            <Switch
              label="Allow booking over an existing event"
              checked={data.allowDoubleBooking}
              disabled={saving || !isAdmin}
              onCheckedChange={(checked) => void save(data, { allowDoubleBooking: checked })}
            />
            <p className={styles.muted}>
              {data.allowDoubleBooking
                ? 'When a booking clashes with something in the diary, the clash is shown and whoever books can choose “Book anyway”.'
                : 'A booking that clashes with a session, an appointment or blocked time in the therapist’s diary is refused.'}
            </p>
            {loaded && !isAdmin && <p className={styles.readOnly}>Only an Admin can change this.</p>}
          </>
        ) : preferences.error ? (
          <LoadFailed
            what="the double-booking choice"
            error={preferences.error}
            onRetry={() => void preferences.retry()}
          />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-8)" aria-label="Loading the double-booking choice" />
        )}
      </Card.Body>
    </Card>
  );
}
