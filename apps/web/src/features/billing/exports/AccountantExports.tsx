import { useApiClient, usePracticeToday } from '@halcyon/api/swr';
import { Button, DropdownMenu } from '@halcyon/design-system';
import { ChevronDown } from '../../../app/icons';
import { useDownload } from './useDownload';
import { thisYearSoFar } from './periods';

/**
 * "Export for your accountant" on /Billing: the CSV files an accountant asks for, this year so far and last year, each
 * in one click: invoices and credit notes issued, payments received, expenses, and the yearly summary (per currency and
 * month). A failed download says so in a banner (useDownload).
 */
export function AccountantExports() {
  const client = useApiClient();
  const { download, busy } = useDownload();
  const today = usePracticeToday();
  const year = Number(today.slice(0, 4));
  const periods = [
    { label: `${year} so far`, period: thisYearSoFar(today), year },
    { label: String(year - 1), period: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` }, year: year - 1 },
  ];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" loading={busy !== null}>
          Export for your accountant <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {periods.map(({ label, period, year: summaryYear }, index) => {
          const span = `${period.from}-to-${period.to}`;
          return (
            <DropdownMenu.Group key={label}>
              {index > 0 && <DropdownMenu.Separator />}
              <DropdownMenu.Label>{label}</DropdownMenu.Label>
              <DropdownMenu.Item
                onSelect={() =>
                  void download(`invoices-${span}.csv`, () => client.call('exportInvoices', { query: period }))
                }
              >
                Invoices and credit notes, {label} (CSV)
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={() =>
                  void download(`payments-${span}.csv`, () => client.call('exportPayments', { query: period }))
                }
              >
                Payments, {label} (CSV)
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={() =>
                  void download(`expenses-${span}.csv`, () => client.call('exportExpenses', { query: period }))
                }
              >
                Expenses, {label} (CSV)
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={() =>
                  void download(`yearly-summary-${summaryYear}.csv`, () =>
                    client.call('exportYearlySummary', { params: { year: summaryYear } }),
                  )
                }
              >
                Yearly summary {summaryYear} (CSV)
              </DropdownMenu.Item>
            </DropdownMenu.Group>
          );
        })}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
