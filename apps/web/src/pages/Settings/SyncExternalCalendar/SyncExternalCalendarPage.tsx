import { PageHeader } from '@halcyon/design-system';
import styles from '../ProfileSecurity/settings.module.css';
import { ExternalCalendarsSection } from './ExternalCalendarsSection';
import { FeedSection } from './FeedSection';
import { VideoSection } from './VideoSection';

/**
 * /Settings/Sync-external-calendar (CATALOG.md): the private feed of your diary, busy times from external calendars, and
 * your video platform and personal meeting link.
 */
export function SyncExternalCalendarPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Sync external calendar"
        description="See your diary in another calendar, keep busy times from other calendars out of your bookings, and set up video calls."
      />
      <FeedSection />
      <ExternalCalendarsSection />
      <VideoSection />
    </div>
  );
}
