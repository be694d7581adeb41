import { SERVICE_KIND_LABELS, type Service } from '@halcyon/api/contract';
import { formatMoney, formatTaxRate } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { Badge, PageHeader, Sensitive } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import styles from '../ProfileSecurity/settings.module.css';
import { EditButton, ListSection } from './ListSection';

/** "£75.00, no tax" or "£120.00 + 20% tax": a service's price as invoices charge it. */
export function priceOf(service: Pick<Service, 'priceMinor' | 'currency' | 'taxRateBp'>): string {
  const price = formatMoney(service.priceMinor, service.currency);
  return service.taxRateBp === 0 ? `${price}, no tax` : `${price} + ${formatTaxRate(service.taxRateBp)} tax`;
}

function ServiceItem({ service }: { service: Service }) {
  const modal = useModal();
  return (
    <>
      <div>
        <p className={styles.subTitle}>
          {service.name} <Badge variant="neutral">{SERVICE_KIND_LABELS[service.kind]}</Badge>{' '}
          {service.bookableOnline && <Badge variant="info">Booked online</Badge>}{' '}
          {service.archived && <Badge variant="neutral">Archived</Badge>}
        </p>
        <p className={styles.text}>
          {service.durationMinutes !== null && `${service.durationMinutes} minutes · `}
          <Sensitive>{priceOf(service)}</Sensitive>
        </p>
        {service.description && <p className={styles.muted}>{service.description}</p>}
      </div>
      <EditButton name={service.name} onClick={() => modal.open('set-service', { id: service.id })} />
    </>
  );
}

/**
 * /Settings/Services (CATALOG.md): what the practice sells: its sessions (individual, couple, group, assessment: length,
 * price, tax, online booking) and its other services (reports, letters), archived ones too; add and edit through
 * set-service. Prices blur with Privacy on.
 */
export function ServicesPage() {
  const services = useRoute('listServices', { query: { archived: 'true' } });
  const modal = useModal();
  const all = services.data?.items;
  const sessions = all?.filter((service) => service.kind !== 'other');
  const others = all?.filter((service) => service.kind === 'other');
  const common = {
    error: services.error,
    retry: () => void services.retry(),
    item: (s: Service) => <ServiceItem service={s} />,
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title="Services"
        description="The sessions you offer and other work you bill for, with their prices and tax. A session booked with a service takes its length and price."
      />
      <ListSection
        {...common}
        title="Sessions"
        intro="Kinds of session with their length and price; those booked online show on your public booking page."
        items={sessions}
        what="the services"
        label="Sessions"
        empty={{ title: 'No sessions yet', description: 'Add the sessions you offer, such as an individual session.' }}
        add={{ label: 'Add session', onClick: () => modal.open('set-service', { defaults: { kind: 'individual' } }) }}
      />
      <ListSection
        {...common}
        title="Other services"
        intro="Work you bill for that is not a session: reports, letters, phone consultations."
        items={others}
        what="the other services"
        label="Other services"
        empty={{ title: 'No other services', description: 'Add work you bill for outside sessions, such as a report.' }}
        add={{ label: 'Add other service', onClick: () => modal.open('set-service', { defaults: { kind: 'other' } }) }}
      />
    </div>
  );
}
