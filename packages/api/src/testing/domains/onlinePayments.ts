import { ApiError } from '../../client/errors';
import {
  ONBOARDING_NOT_STARTED,
  ONLINE_PAYMENT_MESSAGES,
  type OnlinePaymentAccountStatus,
  type OnlinePaymentDetails,
  type PayableInvoice,
  type SandboxCheckout,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

/** Online payments for stories and tests: a practice on the sandbox provider, an invoice owing £85.00. */
export const ONLINE_ACCOUNT_ACTIVE: OnlinePaymentAccountStatus = {
  status: 'active',
  provider: 'sandbox',
  accountId: 'acct_sandbox_3f9a1c2b7d',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  requirements: [],
  connectedAt: '2026-01-05T09:00:00.000Z',
  checkedAt: '2026-01-20T09:00:00.000Z',
};

export const ONLINE_ACCOUNT_NOT_STARTED: OnlinePaymentAccountStatus = {
  status: ONBOARDING_NOT_STARTED,
  provider: 'sandbox',
  accountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirements: [],
  connectedAt: null,
  checkedAt: null,
};

export const PAY_TOKEN = 'mock-pay-token-0123456789abcdefghijklmnopqrstu';
export const SANDBOX_CHECKOUT_ID = 'cs_sandbox_mock0123456789';

export const PAYABLE_INVOICE: PayableInvoice = {
  practiceName: 'Calm Minds',
  invoiceNumber: 'INV-0042',
  billToName: 'Robin Ellis',
  issueDate: '2026-01-12',
  dueDate: '2026-02-11',
  currency: 'GBP',
  totalMinor: 8500,
  paidMinor: 0,
  balanceMinor: 8500,
  state: 'due',
  canPay: true,
};

/**
 * Stateful mock answers for online payments: connecting finishes at once (as the sandbox does), the settings save with
 * versions, the pay page's checkout goes to the sandbox card page, and paying there pays the invoice.
 */
export function onlinePaymentsHandlers(
  options: { account?: OnlinePaymentAccountStatus; invoice?: PayableInvoice } = {},
): MockHandlers {
  let account = structuredClone(options.account ?? ONLINE_ACCOUNT_NOT_STARTED);
  const invoice = structuredClone(options.invoice ?? PAYABLE_INVOICE);
  let details: OnlinePaymentDetails = { provider: 'sandbox', acceptCardPayments: true, payLinkDays: 60, version: 0 };
  const checkout: SandboxCheckout = {
    practiceName: invoice.practiceName,
    invoiceNumber: invoice.invoiceNumber,
    currency: invoice.currency,
    amountMinor: invoice.balanceMinor,
    state: 'open',
  };
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  return {
    onlinePaymentsOnboardingStatus: () => ({ status: account.status }),
    onlinePaymentsAccountStatus: () => account,
    onlinePaymentDetails: () => details,
    updateOnlinePaymentDetails: ({ body }) => {
      if (body.version !== details.version) fail(409, ONLINE_PAYMENT_MESSAGES.detailsChanged);
      details = { ...details, ...body, version: details.version + 1 };
      return details;
    },
    startOnlinePaymentsOnboarding: () => {
      account = { ...ONLINE_ACCOUNT_ACTIVE };
      return { url: '/Settings/Online-payments-return' };
    },
    disconnectOnlinePayments: () => {
      account = { ...ONLINE_ACCOUNT_NOT_STARTED };
      return { detail: ONLINE_PAYMENT_MESSAGES.disconnected };
    },
    // Any token made from PAY_TOKEN opens the invoice (tests give each page its own).
    publicPayableInvoice: ({ params }) => (params.token.startsWith(PAY_TOKEN) ? { ...invoice } : null),
    publicStartCheckout: ({ params }) => {
      if (!invoice.canPay) fail(409, ONLINE_PAYMENT_MESSAGES.nothingOwed);
      const back = encodeURIComponent(`/Pay/${params.token}`);
      return { url: `/Pay/Sandbox-checkout/${SANDBOX_CHECKOUT_ID}?return=${back}` };
    },
    sandboxCheckout: ({ params }) => (params.id.startsWith(SANDBOX_CHECKOUT_ID) ? { ...checkout } : null),
    sandboxCompleteCheckout: ({ body }) => {
      if (checkout.state !== 'open') fail(409, ONLINE_PAYMENT_MESSAGES.checkoutClosed);
      if (body.outcome === 'declined') return { state: 'declined', detail: ONLINE_PAYMENT_MESSAGES.declined };
      checkout.state = 'paid';
      Object.assign(invoice, { paidMinor: invoice.totalMinor, balanceMinor: 0, state: 'paid', canPay: false });
      return { state: 'paid', detail: ONLINE_PAYMENT_MESSAGES.paid };
    },
  };
}
