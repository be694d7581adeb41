import type { Service } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { Select } from '@halcyon/design-system';
import type { ReactNode } from 'react';

/**
 * The practice's sessions that can be chosen (Settings > Services: the session kinds, not archived), by name: the one
 * list of services that scheduling, client onboarding and the booking page offer.
 */
export function useSessionServices() {
  return useRoute('listServices', { query: { group: 'session' } });
}

/** The sessions offered on the public booking page: those marked "Booked online". */
export function useBookableServices(): Service[] {
  return (useSessionServices().data?.items ?? []).filter((s) => s.bookableOnline && !s.archived);
}

/** "Individual session · 50 minutes · £75.00": what it is, how long and what it costs. */
export function serviceLabel(service: Service): string {
  return [
    service.name,
    service.durationMinutes === null ? null : `${service.durationMinutes} minutes`,
    formatMoney(service.priceMinor, service.currency),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The value of "no service" in the picker. */
export const NO_SERVICE = '';

export interface ServiceFieldProps {
  label?: string;
  /** The chosen service's id as a string, or NO_SERVICE. */
  value: string;
  /** The service chosen (null: none), so the form can fill its length and fee. */
  onChoose: (service: Service | null) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

/**
 * A choice of the practice's sessions (Settings > Services) that hands the chosen service back, so its form fills the
 * length and fee: schedule-appointment and client-onboarding use it. While the list loads, or when the practice has no
 * services yet, it says so and points to Settings > Services.
 */
export function ServiceField({ label = 'Service', value, onChoose, hint, ...props }: ServiceFieldProps) {
  const services = useSessionServices();
  const items = services.data?.items ?? [];
  const empty = services.data !== undefined && items.length === 0;
  return (
    <Select
      label={label}
      placeholder={services.data === undefined ? 'Loading services…' : empty ? 'No services yet' : 'Choose a service'}
      options={items.map((s) => ({ value: String(s.id), label: serviceLabel(s) }))}
      value={value}
      onValueChange={(id) => onChoose(items.find((s) => String(s.id) === id) ?? null)}
      disabled={empty}
      hint={empty ? 'Add the sessions you offer, with their lengths and fees, in Settings > Services.' : hint}
      {...props}
    />
  );
}
