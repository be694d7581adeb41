import { toClientId, useClientRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Skeleton, Tabs } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ClientHeader } from '../../features/clients/ClientHeader';
import type { ClientTabProps } from '../../features/clients/tabs/types';
import { NotFoundPage } from '../NotFound/NotFoundPage';
import styles from './Clients.module.css';

type TabComponent = LazyExoticComponent<ComponentType<ClientTabProps>>;

function tab<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): TabComponent {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<ClientTabProps> }));
}

/** The tabs of /Clients/{id} (CATALOG.md), in order; `value` is what `?tab=` holds. Each loads when first opened. */
export const CLIENT_TABS = [
  {
    value: 'overview',
    label: 'Overview',
    Component: tab(() => import('../../features/clients/tabs/OverviewTab'), 'OverviewTab'),
  },
  {
    value: 'sessions',
    label: 'Sessions',
    Component: tab(() => import('../../features/clients/tabs/SessionsTab'), 'SessionsTab'),
  },
  {
    value: 'assessments',
    label: 'Assessments',
    Component: tab(() => import('../../features/clients/tabs/AssessmentsTab'), 'AssessmentsTab'),
  },
  {
    value: 'treatment-plan',
    label: 'Treatment plan',
    Component: tab(() => import('../../features/clients/tabs/TreatmentPlanTab'), 'TreatmentPlanTab'),
  },
  { value: 'risk', label: 'Risk', Component: tab(() => import('../../features/clients/tabs/RiskTab'), 'RiskTab') },
  {
    value: 'contacts',
    label: 'Contacts',
    Component: tab(() => import('../../features/clients/tabs/ContactsTab'), 'ContactsTab'),
  },
  {
    value: 'documents',
    label: 'Documents',
    Component: tab(() => import('../../features/clients/tabs/DocumentsTab'), 'DocumentsTab'),
  },
  {
    value: 'billing',
    label: 'Billing',
    Component: tab(() => import('../../features/clients/tabs/BillingTab'), 'BillingTab'),
  },
  {
    value: 'activity-log',
    label: 'Activity log',
    Component: tab(() => import('../../features/clients/tabs/ActivityLogTab'), 'ActivityLogTab'),
  },
  {
    value: 'clinical-profile',
    label: 'Clinical profile',
    Component: tab(() => import('../../features/clients/tabs/ClinicalProfileTab'), 'ClinicalProfileTab'),
  },
  {
    value: 'portal',
    label: 'Portal and notifications',
    Component: tab(() => import('../../features/clients/tabs/PortalTab'), 'PortalTab'),
  },
] as const;

export type ClientTabValue = (typeof CLIENT_TABS)[number]['value'];
const DEFAULT_TAB: ClientTabValue = 'overview';

function isTab(value: string | null): value is ClientTabValue {
  return CLIENT_TABS.some((entry) => entry.value === value);
}

/**
 * /Clients/{id}: the id must be a whole number greater than 0 (SPEC.md §5) before anything loads; otherwise, or when
 * the client does not exist, the not-found page.
 */
export function ClientDetailsPage() {
  const { id } = useParams();
  const clientId = toClientId(id);
  if (clientId === null || !Number.isInteger(clientId)) return <NotFoundPage />;
  return <ClientDetails key={clientId} clientId={clientId} />;
}

function TabLoading() {
  return (
    <div className={styles.page} aria-busy="true">
      <Skeleton width="40%" />
      <Skeleton shape="rect" height="8rem" />
    </div>
  );
}

function ClientDetails({ clientId }: { clientId: number }) {
  const client = useClientRoute('getClient', clientId, (id) => ({ params: { id } }), {
    removeFromListsOn404: ['listClients'],
  });
  const timeZone = usePracticeTimeZone();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: ClientTabValue = isTab(requested) ? requested : DEFAULT_TAB;

  if (client.data === null) return <NotFoundPage />;
  if (!client.data) {
    if (client.view === 'error') {
      return <LoadError what="this client" error={client.error} onRetry={client.retry} headingLevel={2} />;
    }
    return (
      <div className={styles.page} aria-busy="true" aria-label="Loading the client">
        <Skeleton width="30%" height="2rem" />
        <Skeleton width="60%" />
        <Skeleton shape="rect" height="12rem" />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <ClientHeader client={client.data} timeZone={timeZone} />
      <Tabs.Root
        value={current}
        onValueChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              if (value === DEFAULT_TAB) next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <Tabs.List aria-label="Client records">
          {CLIENT_TABS.map((entry) => (
            <Tabs.Trigger key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {CLIENT_TABS.map(({ value, Component }) => (
          <Tabs.Content key={value} value={value}>
            {value === current && (
              <Suspense fallback={<TabLoading />}>
                <Component clientId={clientId} />
              </Suspense>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
