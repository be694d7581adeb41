import { PageHeader } from '@halcyon/design-system';
import styles from '../ProfileSecurity/settings.module.css';
import { AvailabilitySection } from './AvailabilitySection';
import { CancellationRulesSection } from './CancellationRulesSection';
import { DoubleBookingSection } from './DoubleBookingSection';
import { LocationsSection } from './LocationsSection';
import { OnlineBookingSection } from './OnlineBookingSection';
import { RemindersSection } from './RemindersSection';

/**
 * /Settings/Appointments (CATALOG.md): how the practice's diary works. Each section is its own file and loads its own
 * data; the order is the catalogue's: availability, locations, online booking, cancellation rules, reminder timing,
 * then the double-booking choice.
 */
export function AppointmentsPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Appointments"
        description="When and where you see clients, online booking, your cancellation policy, when clients are reminded, and how the diary handles clashes."
      />
      <AvailabilitySection />
      <LocationsSection />
      <OnlineBookingSection />
      <CancellationRulesSection />
      <RemindersSection />
      <DoubleBookingSection />
    </div>
  );
}
