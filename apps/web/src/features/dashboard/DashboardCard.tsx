import { useId, type ReactNode } from 'react';
import { TextLink } from '../../app/TextLink';
import styles from './DashboardCard.module.css';

export interface DashboardCardProps {
  title: string;
  /** The page the card links to (none for a role that may not open it). */
  href?: string;
  linkLabel: string;
  children: ReactNode;
}

/** One dashboard card: a heading, its content and a link to its page. */
export function DashboardCard({ title, href, linkLabel, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {children}
      {href && (
        <div className={styles.link}>
          <TextLink to={href} variant="standalone">
            {linkLabel}
          </TextLink>
        </div>
      )}
    </section>
  );
}

export function DashboardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className={styles.grid} role="group" aria-label={label}>
      {children}
    </div>
  );
}
