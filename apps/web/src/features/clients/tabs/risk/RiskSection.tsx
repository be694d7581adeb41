import type { QueryView } from '@halcyon/api/swr';
import { Card, DataTable, Skeleton, type DataTableColumn } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import type { ReactNode } from 'react';
import styles from '../../clients.module.css';

/** One area of the Risk tab: a card with its heading and, beside it, the area's main action. */
export function RiskSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">{title}</Card.Title>
        {action}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

/** What a section shows while its record loads. */
function SectionLoading() {
  return <Skeleton width="60%" />;
}

/** What a section shows when its record failed to load: what failed, why, and Retry. */
function SectionLoadError({ what, resource }: { what: string; resource: { error: unknown; retry: () => unknown } }) {
  return <LoadError what={what} error={resource.error} onRetry={resource.retry} headingLevel={3} />;
}

/** Props of each area of the Risk tab. */
export interface RiskAreaProps {
  clientId: number;
  timeZone?: string | undefined;
}

/** A record's fields as a read (`useRoute`) answers them. */
interface RecordRead<T> {
  data: T | null | undefined;
  view: QueryView;
  error: unknown;
  retry: () => unknown;
}

/** The current record of an area (assessment or safety plan): loading, failed, none yet (`empty`), or the record. */
export function CurrentRecord<T>({
  what,
  record,
  empty,
  children,
}: {
  what: string;
  record: RecordRead<T>;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (record.data === undefined) {
    return record.view === 'error' ? <SectionLoadError what={what} resource={record} /> : <SectionLoading />;
  }
  return record.data === null ? empty : children(record.data);
}

/** An earlier version opened read only: the version, or why it cannot show (loading, failed, deleted meanwhile). */
export function EarlierVersion<T>({
  title,
  action,
  version,
  children,
}: {
  title: string;
  action: ReactNode;
  version: RecordRead<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <RiskSection title={title} action={action}>
      {version.data ? (
        children(version.data)
      ) : version.view === 'error' ? (
        <SectionLoadError what="this version" resource={version} />
      ) : version.data === null ? (
        <p className={styles.muted}>This version is no longer there: it may have been deleted.</p>
      ) : (
        <SectionLoading />
      )}
    </RiskSection>
  );
}

/** The versions of a record (assessment or safety plan) as a table, once there is at least one. */
export function VersionsTable<T extends { id: number }>({
  title,
  versions,
  columns,
}: {
  title: string;
  versions: readonly T[] | undefined;
  columns: DataTableColumn<T>[];
}) {
  if (!versions?.length) return null;
  return (
    <RiskSection title={title}>
      <DataTable caption={title} hideCaption data={[...versions]} columns={columns} getRowId={(v) => String(v.id)} />
    </RiskSection>
  );
}
