import { WEEKDAY_LABELS, type Availability } from '@halcyon/api/contract';
import { useRoute, useUserDetails } from '@halcyon/api/swr';
import { Button, Card } from '@halcyon/design-system';
import { QueryState, useModal } from '@halcyon/modals';
import styles from '../ProfileSecurity/settings.module.css';

/** "Monday 09:00–17:00, Wednesday 12:00–20:00" */
export function describeDays(days: Availability['days']): string {
  return days.map((d) => `${WEEKDAY_LABELS[d.dayIndex] ?? 'Day'} ${d.startTime}–${d.endTime}`).join(', ');
}

/**
 * Settings > Appointments > Availability: every member's weekly hours (SPEC.md §5 order: by the first day), read in the
 * practice's time zone; a Therapist adds and changes their own, an Admin anyone's (set-appointment-availability),
 * deleting asks first (delete-item).
 */
export function AvailabilitySection() {
  const hours = useRoute('listAvailability');
  const me = useUserDetails().data;
  const modal = useModal();
  const mayChange = (entry: Availability) => me?.role === 'Admin' || entry.therapistId === me?.id;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Availability</Card.Title>
      </Card.Header>
      <Card.Body className={styles.page}>
        <p className={styles.muted}>
          The weekly hours clients can book online and the team books by
          {hours.data?.items[0] ? `, in the practice’s time zone (${hours.data.items[0].timeZone})` : ''}.
        </p>
        <QueryState
          resource={hours}
          what="the availability"
          isEmpty={(data) => !data || data.items.length === 0}
          empty={<p className={styles.muted}>No hours yet. Add your weekly hours so clients can book online.</p>}
        >
          {(data) => (
            <ul className={styles.list} aria-label="Weekly hours">
              {data.items.map((entry) => (
                <li key={entry.id} className={styles.listItem}>
                  <span className={styles.itemText}>
                    <strong>{entry.therapistName ?? 'A former member'}</strong>
                    <span>
                      {describeDays(entry.days) || 'No days'}
                      {entry.location ? ` · ${entry.location}` : ''}
                      {entry.serviceNames.length > 0 ? ` · ${entry.serviceNames.join(', ')}` : ''}
                    </span>
                  </span>
                  {mayChange(entry) && (
                    <span className={styles.inline}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Edit the hours of ${entry.therapistName ?? 'this member'}`}
                        onClick={() => modal.open('set-appointment-availability', { id: entry.id })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete the hours of ${entry.therapistName ?? 'this member'}`}
                        onClick={() =>
                          modal.open('delete-item', {
                            kind: 'appointment-availability',
                            name: describeDays(entry.days),
                            route: 'deleteAvailability',
                            params: { id: entry.id },
                          })
                        }
                      >
                        Delete
                      </Button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <div className={styles.actions}>
          <Button onClick={() => modal.open('set-appointment-availability')}>Add availability</Button>
        </div>
      </Card.Body>
    </Card>
  );
}
