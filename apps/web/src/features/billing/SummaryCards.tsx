import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { Card, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import type { ReactNode } from 'react';
import styles from './billing.module.css';

type Figure = 'outstandingMinor' | 'overdueMinor' | 'paidThisMonthMinor' | 'expensesThisMonthMinor';

const CARDS: readonly { figure: Figure; title: string }[] = [
  { figure: 'outstandingMinor', title: 'Outstanding' },
  { figure: 'overdueMinor', title: 'Overdue' },
  { figure: 'paidThisMonthMinor', title: 'Paid this month' },
  { figure: 'expensesThisMonthMinor', title: 'Expenses this month' },
];

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body className={styles.cardFigures}>{children}</Card.Body>
    </Card>
  );
}

/** The amounts of one card, a line per currency the practice bills in. */
function Amounts({ amounts }: { amounts: { currency: string; minor: number }[] }) {
  if (amounts.length === 0) return <p className={styles.muted}>Nothing yet</p>;
  return (
    <>
      {amounts.map(({ currency, minor }) => (
        <p key={currency} className={styles.cardFigure}>
          <Sensitive>{formatMoney(minor, currency)}</Sensitive>
        </p>
      ))}
    </>
  );
}

/**
 * The /Billing summary cards (CATALOG.md): outstanding, overdue, paid this month and expenses this month, per currency,
 * from one read of the practice's totals.
 */
export function SummaryCards() {
  const summary = useRoute('getBillingSummary');
  if (summary.view === 'error') {
    return <LoadError what="the billing totals" error={summary.error} onRetry={summary.retry} />;
  }
  const items = summary.data?.items ?? [];
  return (
    <section className={styles.cards} aria-label="Billing totals">
      {CARDS.map(({ figure, title }) => (
        <SummaryCard key={figure} title={title}>
          {summary.data ? (
            <Amounts amounts={items.map((item) => ({ currency: item.currency, minor: item[figure] }))} />
          ) : (
            <Skeleton width="60%" height="1.75rem" aria-label={`Loading ${title.toLowerCase()}`} />
          )}
        </SummaryCard>
      ))}
    </section>
  );
}
