import { Button, Card, EmptyState, Skeleton } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import styles from '../ProfileSecurity/settings.module.css';

export interface ListSectionProps<T extends { id: number }> {
  title: string;
  intro: ReactNode;
  /** The list as it loads: undefined while loading, the items once there. */
  items: readonly T[] | undefined;
  error: unknown;
  retry: () => void;
  /** What the list holds, as "the services" in a failure's sentence; its capitalised form names the list. */
  what: string;
  label: string;
  empty: { title: string; description: string };
  item: (item: T) => ReactNode;
  add: { label: string; onClick: () => void };
}

/**
 * A billing settings list (services, accounts, reminders, insurers): its intro, the items (each with its Edit), an empty
 * state, the failure with Try again, a skeleton while it loads, and the Add button.
 */
export function ListSection<T extends { id: number }>({
  title,
  intro,
  items,
  error,
  retry,
  what,
  label,
  empty,
  item,
  add,
}: ListSectionProps<T>) {
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        <p className={styles.muted}>{intro}</p>
        {items ? (
          items.length === 0 ? (
            <EmptyState headingLevel={3} title={empty.title} description={empty.description} />
          ) : (
            <ul className={styles.list} aria-label={label}>
              {items.map((entry) => (
                <li key={entry.id} className={styles.listItem}>
                  {item(entry)}
                </li>
              ))}
            </ul>
          )
        ) : error ? (
          <LoadFailed what={what} error={error} onRetry={retry} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label={`Loading ${what}`} />
        )}
        <div className={styles.actions}>
          <Button onClick={add.onClick}>{add.label}</Button>
        </div>
      </Card.Body>
    </Card>
  );
}

/** An item's Edit button, named for a screen reader by what it edits. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onClick={onClick}>
      Edit
    </Button>
  );
}
