import { BILLING_MESSAGES, createInvoiceBodySchema, type InvoiceAccount } from '@halcyon/api/contract';
import type { ContractFormOf } from '../form/useContractForm';

/**
 * The invoice form's rules: the contract's (lines, prices, tax up to 100%, the due date on or after the issue date, the
 * dates' ranges), plus the rule the server applies with the practice's accounts: the invoice account takes the invoice's
 * currency (the same sentence as the server's).
 */
export function invoiceFormSchema(accounts: readonly InvoiceAccount[]) {
  return createInvoiceBodySchema.superRefine((body, ctx) => {
    const account = accounts.find((candidate) => candidate.id === body.accountId);
    if (account && body.currency && account.accountCurrency !== body.currency) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: BILLING_MESSAGES.accountCurrency(account.name, account.accountCurrency, body.currency),
      });
    }
  });
}

export type InvoiceFormSchema = ReturnType<typeof invoiceFormSchema>;
/** The invoice form (invoice and draft-invoice share it). */
export type InvoiceFormContract = ContractFormOf<InvoiceFormSchema>;
