import { SESSION_LOCATION_KIND_LABELS, type AppointmentLocation } from '@halcyon/api/contract';
import { useAppointmentLocations } from '@halcyon/api/swr';
import { Badge, Button, Card, EmptyState, Skeleton } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import styles from '../ProfileSecurity/settings.module.css';

/** Where a location is, in a line: its address and room, its standing video link, or the phone. */
function whereOf(location: AppointmentLocation): string {
  if (location.kind === 'in person') return [location.room, location.address].filter(Boolean).join(', ');
  if (location.kind === 'video') return location.videoLink || 'Each session has its own link';
  return 'By phone';
}

/** The practice's locations (CATALOG.md Settings > Appointments): in person, video or phone; add, edit, delete. */
export function LocationsSection() {
  const locations = useAppointmentLocations();
  const modal = useModal();
  const items = locations.data?.items;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Locations</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        <p className={styles.muted}>Where sessions happen: rooms, video and phone, with what clients need to know.</p>
        {items ? (
          items.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title="No locations yet"
              description="Add the rooms you see clients in, and video or phone if you work remotely."
            />
          ) : (
            <ul className={styles.list} aria-label="Locations">
              {items.map((location) => (
                <li key={location.id} className={styles.listItem}>
                  <div>
                    <p className={styles.subTitle}>
                      {location.name} <Badge variant="neutral">{SESSION_LOCATION_KIND_LABELS[location.kind]}</Badge>
                    </p>
                    <p className={styles.muted}>{whereOf(location)}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Edit ${location.name}`}
                    onClick={() => modal.open('set-appointment-location', { id: location.id })}
                  >
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : locations.error ? (
          <LoadFailed what="the locations" error={locations.error} onRetry={() => void locations.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the locations" />
        )}
        <div className={styles.actions}>
          <Button onClick={() => modal.open('set-appointment-location', {})}>Add location</Button>
        </div>
      </Card.Body>
    </Card>
  );
}
