import type { ReactNode } from 'react';
import styles from './PublicLayout.module.css';

export interface PublicLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Create an account"). */
  footer?: ReactNode;
  wide?: boolean;
}

/** The frame of every public screen: the product name, one card with the page's `h1`, and links under it. */
export function PublicLayout({ title, description, children, footer, wide = false }: PublicLayoutProps) {
  return (
    <div className={styles.page}>
      <main className={styles.main} data-variant={wide ? 'wide' : 'narrow'}>
        <p className={styles.brand}>Halcyon</p>
        <div className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {description && <p className={styles.description}>{description}</p>}
          {children}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </main>
    </div>
  );
}

/** A sentence for the whole form: an error (announced at once) or a confirmation. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={styles.message} data-variant={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
