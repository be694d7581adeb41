import { PageHeader } from '@halcyon/design-system';
import styles from '../ProfileSecurity/settings.module.css';
import { CancellationRulesSection } from './CancellationRulesSection';
import { DoubleBookingSection } from './DoubleBookingSection';
import { LocationsSection } from './LocationsSection';
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
        description="Where sessions happen, your cancellation policy, when clients are reminded, and how the diary handles clashes."
      />
      {/* Availability: the booking area's <AvailabilitySection /> goes here. */}
      <LocationsSection />
      {/* Online booking: the booking area's <OnlineBookingSection /> goes here. */}
      <CancellationRulesSection />
      <RemindersSection />
      <DoubleBookingSection />
    </div>
  );
}
