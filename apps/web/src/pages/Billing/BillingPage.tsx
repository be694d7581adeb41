import { Button, PageHeader, Tabs } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { InsuranceClaimsTab } from '../../features/billing/claims/InsuranceClaimsTab';
import { ExpensesTab } from '../../features/billing/expenses/ExpensesTab';
import { InvoiceList } from '../../features/billing/InvoiceList';
import { PaymentList } from '../../features/billing/PaymentList';
import { SummaryCards } from '../../features/billing/SummaryCards';
import { AccountantExports } from '../../features/billing/exports/AccountantExports';
import { invoicePath } from '../../features/billing/format';
import styles from '../../features/billing/billing.module.css';

/** The tabs of /Billing (CATALOG.md), in order; `value` is what `?tab=` holds. */
export const BILLING_TABS = [
  { value: 'invoices', label: 'Invoices' },
  { value: 'payments', label: 'Payments' },
  { value: 'claims', label: 'Insurance claims' },
  { value: 'expenses', label: 'Expenses' },
] as const;
type BillingTab = (typeof BILLING_TABS)[number]['value'];
const DEFAULT_TAB: BillingTab = 'invoices';

function isTab(value: string | null): value is BillingTab {
  return BILLING_TABS.some((tab) => tab.value === value);
}

/**
 * /Billing (CATALOG.md): the practice's totals (outstanding, overdue, paid this month, expenses this month), then invoices (drafts and credit
 * notes too), payments (advance payments too), insurance claims and expenses, each filtered and paged.
 */
export function BillingPage() {
  const modal = useModal();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: BillingTab = isTab(requested) ? requested : DEFAULT_TAB;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Billing"
        description="Invoices, payments, insurance claims and expenses."
        actions={
          <div className={styles.actions}>
            <Button
              onClick={() => modal.open('invoice', { onSaved: (record) => void navigate(invoicePath(record.id)) })}
            >
              New invoice
            </Button>
            <Button variant="secondary" onClick={() => modal.open('payment')}>
              Record payment
            </Button>
            <Button variant="secondary" onClick={() => modal.open('advance-payment')}>
              Advance payment
            </Button>
            <AccountantExports />
          </div>
        }
      />
      <SummaryCards />
      <Tabs.Root
        value={current}
        onValueChange={(value) =>
          // A tab starts on its first page with no filters: they belong to the list they were set on.
          setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true })
        }
      >
        <Tabs.List aria-label="Billing records">
          {BILLING_TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="invoices">{current === 'invoices' && <InvoiceList />}</Tabs.Content>
        <Tabs.Content value="payments">{current === 'payments' && <PaymentList />}</Tabs.Content>
        <Tabs.Content value="claims">{current === 'claims' && <InsuranceClaimsTab />}</Tabs.Content>
        <Tabs.Content value="expenses">{current === 'expenses' && <ExpensesTab />}</Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
