import {
  billingClientNames,
  billingBooksHandlers,
  billingHandlers,
  billingSettingsHandlers,
  mockClientBilling,
  mockRelationship,
  type BillingHandlerOptions,
  type MockHandlers,
} from '@halcyon/api/testing';

/**
 * The billing modals' stories and tests: the mock ledger (invoices, payments, Maya Patel's work not invoiced yet), the
 * practice's billing settings (services, GBP and EUR accounts, insurers), its currency (the expense list answers it),
 * and the client lookups the forms use.
 */
export function billingModalHandlers(options: BillingHandlerOptions = {}): MockHandlers {
  return {
    ...billingBooksHandlers(),
    ...billingSettingsHandlers(),
    ...billingHandlers(options),
    lookupClientNames: billingClientNames,
    getClientBilling: ({ params }) => mockClientBilling({ clientId: Number(params.id) }),
    listClientRelationships: ({ params }) => ({
      items: [mockRelationship({ id: 31, clientId: Number(params.clientId), name: 'Priya Patel' })],
    }),
  };
}
