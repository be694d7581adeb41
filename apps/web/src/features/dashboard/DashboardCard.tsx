import { useId, type ReactNode } from 'react';
import { TextLink } from '../../app/TextLink';
import styles from './DashboardCard.module.css';

export interface DashboardCardProps {
  title: string;
  /** The page the card links to (none for a role that may not open it). */
  href?: string;
  linkLabel: string;
  /** The card's content once its domain is built; without it the card says plainly that the area is being built. */
  children?: ReactNode;
  /** What the card will show (said while its area is being built). */
  purpose?: string;
}

/** One dashboard card: a heading, its content or an honest "not available yet", and a link to its page. */
export function DashboardCard({ title, href, linkLabel, children, purpose }: DashboardCardProps) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {children ?? (
        <p className={styles.pending} data-state="not-built">
          Not available yet: this area is being built. {purpose}
        </p>
      )}
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
