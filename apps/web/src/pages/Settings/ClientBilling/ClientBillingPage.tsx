import {
  describeReminderOffset,
  formatIban,
  formatSortCode,
  type InvoiceAccount,
  type InvoiceReminder,
} from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Badge, PageHeader, Sensitive } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import styles from '../ProfileSecurity/settings.module.css';
import { EditButton, ListSection } from '../Services/ListSection';
import { InvoiceSettingsSection } from './InvoiceSettingsSection';

/** Where clients pay: "Sort code 12-34-56, account 12345678", "IBAN GB33…", or the instructions. */
export function payInto(account: InvoiceAccount): string {
  if (account.sortCode && account.accountNumber) {
    return `Sort code ${formatSortCode(account.sortCode)}, account ${account.accountNumber}`;
  }
  if (account.iban) return `IBAN ${formatIban(account.iban)}${account.bic ? `, BIC ${account.bic}` : ''}`;
  return account.instructions;
}

function AccountsSection() {
  const accounts = useRoute('listInvoiceAccounts');
  const modal = useModal();
  return (
    <ListSection<InvoiceAccount>
      title="Invoice accounts"
      intro="The accounts clients pay into, one default per currency: an invoice prints the default account of its currency unless you choose another."
      items={accounts.data?.items}
      error={accounts.error}
      retry={() => void accounts.retry()}
      what="the invoice accounts"
      label="Invoice accounts"
      empty={{
        title: 'No invoice accounts',
        description: 'Add the account clients pay into, so invoices say how to pay.',
      }}
      item={(account) => (
        <>
          <div>
            <p className={styles.subTitle}>
              {account.name} <Badge variant="neutral">{account.accountCurrency}</Badge>{' '}
              {account.isDefault && <Badge variant="success">Default for {account.accountCurrency}</Badge>}
            </p>
            <p className={styles.muted}>
              <Sensitive>{payInto(account)}</Sensitive>
            </p>
          </div>
          <EditButton name={account.name} onClick={() => modal.open('set-invoice-account', { id: account.id })} />
        </>
      )}
      add={{ label: 'Add account', onClick: () => modal.open('set-invoice-account', {}) }}
    />
  );
}

function RemindersSection() {
  const reminders = useRoute('listInvoiceReminders');
  const modal = useModal();
  return (
    <ListSection<InvoiceReminder>
      title="Invoice reminders"
      intro="E-mails to clients about unpaid invoices, before or after the due date. Paid and void invoices get none."
      items={reminders.data?.items}
      error={reminders.error}
      retry={() => void reminders.retry()}
      what="the invoice reminders"
      label="Invoice reminders"
      empty={{ title: 'No reminders', description: 'Without reminders, clients are not chased about unpaid invoices.' }}
      item={(reminder) => {
        const when = describeReminderOffset(reminder.offsetDays);
        return (
          <>
            <div>
              <p className={styles.subTitle}>
                {when.charAt(0).toUpperCase() + when.slice(1)}{' '}
                {!reminder.enabled && <Badge variant="neutral">Off</Badge>}
              </p>
              <p className={styles.muted}>{reminder.subject}</p>
            </div>
            <EditButton
              name={`the reminder ${when}`}
              onClick={() => modal.open('set-invoice-reminder', { id: reminder.id })}
            />
          </>
        );
      }}
      add={{ label: 'Add reminder', onClick: () => modal.open('set-invoice-reminder', {}) }}
    />
  );
}

/**
 * /Settings/Client-billing (CATALOG.md): how invoices are numbered and worded (prefix, payment terms, tax, footer), the
 * accounts clients pay into (one default per currency) and the reminder e-mails for unpaid invoices. Bank details
 * blur with Privacy on.
 */
export function ClientBillingPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Client billing"
        description="Invoice numbering, payment terms, tax and footer; the accounts clients pay into; and reminders for unpaid invoices."
      />
      <InvoiceSettingsSection />
      <AccountsSection />
      <RemindersSection />
    </div>
  );
}
