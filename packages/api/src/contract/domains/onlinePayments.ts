import { z } from 'zod';
import { ADMIN_ONLY, CLINICAL_ROLES, defineRoutes } from '../route';
import { messageSchema, tokenField, versionField } from './common';
import { ONBOARDING_NOT_STARTED } from '../onboarding';

/**
 * Online card payments (issue 15, CATALOG.md Settings > Online-payments): a practice connects a card-payment provider
 * account (SPEC.md §2 and §4: "not started" leads to the onboarding screen, any other status to the success screen), and
 * its clients pay invoices from the link e-mailed with them on a public page that hands them to the provider's own
 * checkout. Card details are typed on the provider's page only; Halcyon never receives them. The provider tells the server
 * a payment went through by a signed webhook, recorded once per provider event.
 *
 * Providers: `stripe` (Stripe Connect: onboarding links, Checkout, signed webhooks, refunds) and `sandbox` (built in, for
 * the demo and tests: onboarding completes at once, and its checkout is a fake card page hosted by Halcyon that posts
 * a signed callback to the webhook route like a real provider would).
 */

export * from '../onboarding';

/**
 * The account's status: `not started` (no provider account), `pending` (onboarding begun, details still missing),
 * `restricted` (details given, the provider does not let it take payments yet), `active` (takes card payments).
 */
export const ONLINE_PAYMENT_STATUSES = [ONBOARDING_NOT_STARTED, 'pending', 'restricted', 'active'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** How long an e-mailed pay link works, in days (the practice chooses within these bounds). */
export const PAY_LINK_DAYS = { min: 1, max: 365, default: 60 } as const;

/** The sandbox's test cards (as the big providers' test modes have them): one that pays, one that is declined. */
export const SANDBOX_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const;

export const ONLINE_PAYMENT_MESSAGES = {
  notConnected: 'Online payments are not set up for this practice yet.',
  notActive: 'The practice cannot take card payments at the moment. Please pay another way or try again later.',
  alreadyConnected: 'A payment provider account is already connected. Disconnect it first to connect another.',
  disconnected: 'Online payments disconnected.',
  detailsSaved: 'Online payment settings saved.',
  detailsChanged: 'These settings were changed by someone else. Reload the page and try again.',
  providerDown: 'The payment provider could not be reached. Please try again in a few minutes.',
  linkInvalid: 'This payment link is not valid. Please ask your practice for a new one.',
  linkExpired: 'This payment link has expired. Please ask your practice for a new one.',
  nothingOwed: 'This invoice has nothing left to pay.',
  invoiceVoid: 'This invoice was cancelled, so there is nothing to pay.',
  checkoutInvalid: 'This payment page is not valid. Please go back to your invoice and press Pay again.',
  checkoutClosed: 'This payment page is closed. Please go back to your invoice and press Pay again.',
  paid: 'Thank you: your payment was received.',
  declined: 'Your card was declined and no money was taken. Please try another card.',
  cancelled: 'The payment was cancelled and no money was taken.',
  signatureRefused: 'The webhook signature is not valid.',
  providerNotConfigured: 'This payment provider is not the one configured here.',
} as const;

// ---- settings ---------------------------------------------------------------------------------------------------------

export const onboardingStatusSchema = z.object({ status: z.string() });
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

export const onlinePaymentAccountStatusSchema = z.object({
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's id of the practice's account (null until onboarding starts). */
  accountId: z.string().nullable(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** What the provider still needs before the account takes payments, in its words. */
  requirements: z.array(z.string()),
  connectedAt: z.string().nullable(),
  /** When the provider was last asked. */
  checkedAt: z.string().nullable(),
});
export type OnlinePaymentAccountStatus = z.infer<typeof onlinePaymentAccountStatusSchema>;

export const onlinePaymentDetailsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Invoices e-mailed to clients carry a pay-online link (while the account is active). */
  acceptCardPayments: z.boolean(),
  /** How many days an e-mailed pay link works. */
  payLinkDays: z.number(),
  /** 0 until first saved. */
  version: z.number(),
});
export type OnlinePaymentDetails = z.infer<typeof onlinePaymentDetailsSchema>;

export const updateOnlinePaymentDetailsBodySchema = z.strictObject({
  acceptCardPayments: z.boolean({ error: 'Say whether clients can pay invoices online.' }),
  payLinkDays: z
    .number({ error: 'Enter how many days a pay link works.' })
    .int('Enter a whole number of days.')
    .min(PAY_LINK_DAYS.min, `A pay link works at least ${PAY_LINK_DAYS.min} day.`)
    .max(PAY_LINK_DAYS.max, `A pay link works at most ${PAY_LINK_DAYS.max} days.`),
  version: versionField('Reload and try again.', 0),
});
export type UpdateOnlinePaymentDetailsBody = z.input<typeof updateOnlinePaymentDetailsBodySchema>;

/** A page of the provider to send the browser to (onboarding, checkout). */
export const redirectSchema = z.object({ url: z.string() });
export type Redirect = z.infer<typeof redirectSchema>;

// ---- the public pay page ----------------------------------------------------------------------------------------------

export const PAYABLE_STATES = ['due', 'overdue', 'paid', 'void'] as const;
export type PayableState = (typeof PAYABLE_STATES)[number];

/** What the pay page shows: the invoice's totals only (its lines stay with the practice). Amounts in minor units. */
export const payableInvoiceSchema = z.object({
  practiceName: z.string(),
  invoiceNumber: z.string(),
  billToName: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  totalMinor: z.number(),
  paidMinor: z.number(),
  balanceMinor: z.number(),
  state: z.enum(PAYABLE_STATES),
  /** The practice takes card payments now and something is owed. */
  canPay: z.boolean(),
});
export type PayableInvoice = z.infer<typeof payableInvoiceSchema>;

export const SANDBOX_CHECKOUT_STATES = ['open', 'paid', 'declined', 'expired'] as const;

export const sandboxCheckoutSchema = z.object({
  practiceName: z.string(),
  invoiceNumber: z.string(),
  currency: z.string(),
  amountMinor: z.number(),
  state: z.enum(SANDBOX_CHECKOUT_STATES),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/**
 * The sandbox card page's answer: it checks the test card in the browser and sends only the outcome (never the card).
 */
export const sandboxPayBodySchema = z.strictObject({
  outcome: z.enum(['paid', 'declined'], { error: 'Send paid or declined.' }),
});
export type SandboxPayBody = z.input<typeof sandboxPayBodySchema>;

export const sandboxPaidSchema = z.object({ state: z.enum(SANDBOX_CHECKOUT_STATES), detail: z.string() });
export type SandboxPaid = z.infer<typeof sandboxPaidSchema>;

export const webhookReceiptSchema = z.object({ received: z.boolean() });

// ---- routes -----------------------------------------------------------------------------------------------------------

const tokenParams = z.strictObject({ token: tokenField });
const checkoutParams = z.strictObject({ id: tokenField });
const providerParams = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'Name a payment provider: sandbox or stripe.' }),
});

export const onlinePaymentsRoutes = defineRoutes({
  onlinePaymentsOnboardingStatus: {
    method: 'GET',
    path: '/api/settings/online-payments/onboarding-status',
    summary:
      'The online-payments onboarding status: "not started" until a payment provider account is connected, then ' +
      'pending, restricted or active (SPEC.md §2, §4)',
    access: CLINICAL_ROLES,
    response: onboardingStatusSchema,
  },
  onlinePaymentsAccountStatus: {
    method: 'GET',
    path: '/api/settings/online-payments/account-status',
    summary:
      "The practice's payment provider account as the provider sees it now (asked afresh): charges, payouts, details " +
      'still needed; 503 when the provider cannot be reached',
    access: CLINICAL_ROLES,
    errors: [503],
    response: onlinePaymentAccountStatusSchema,
  },
  onlinePaymentDetails: {
    method: 'GET',
    path: '/api/settings/online-payment-details',
    summary: 'Online payment settings: the provider, whether invoices carry a pay link, how long a link works',
    access: CLINICAL_ROLES,
    response: onlinePaymentDetailsSchema,
  },
  updateOnlinePaymentDetails: {
    method: 'PUT',
    path: '/api/settings/online-payment-details',
    summary: 'Save the online payment settings (version 0 the first time; a stale version answers 409)',
    access: ADMIN_ONLY,
    body: updateOnlinePaymentDetailsBodySchema,
    response: onlinePaymentDetailsSchema,
  },
  startOnlinePaymentsOnboarding: {
    method: 'POST',
    path: '/api/settings/online-payments/onboarding',
    summary:
      "Start or continue connecting the practice's payment provider account: answers the provider's onboarding page " +
      '(which comes back to /Settings/Online-payments-return); 503 when the provider cannot be reached',
    access: ADMIN_ONLY,
    errors: [503],
    response: redirectSchema,
  },
  disconnectOnlinePayments: {
    method: 'DELETE',
    path: '/api/settings/online-payments/account-status',
    summary:
      'Disconnect the payment provider account: pay links stop working; payments already taken are kept (the ' +
      "provider's account itself is not closed)",
    access: ADMIN_ONLY,
    response: messageSchema,
  },
  publicPayableInvoice: {
    method: 'GET',
    path: '/api/pay/:token',
    summary:
      "An invoice's totals from the pay link e-mailed with it (no sign-in): 404 for an unknown link, 410 once expired",
    access: 'public',
    errors: [410],
    params: tokenParams,
    response: payableInvoiceSchema,
  },
  publicStartCheckout: {
    method: 'POST',
    path: '/api/pay/:token/checkout',
    summary:
      "Start paying the invoice's balance by card: answers the provider's checkout page; 409 when nothing is owed or " +
      'the practice cannot take payments, 410 for an expired link, 503 when the provider cannot be reached',
    access: 'public',
    errors: [409, 410, 503],
    params: tokenParams,
    response: redirectSchema,
  },
  sandboxCheckout: {
    method: 'GET',
    path: '/api/pay-sandbox/checkout/:id',
    summary: "The sandbox provider's checkout (its card page reads it): what is paid to whom",
    access: 'public',
    params: checkoutParams,
    response: sandboxCheckoutSchema,
  },
  sandboxCompleteCheckout: {
    method: 'POST',
    path: '/api/pay-sandbox/checkout/:id',
    summary:
      'The sandbox card page reports the outcome of its test card (never the card itself); the sandbox then posts ' +
      'its signed callback to the webhook route and answers what became of the checkout; 409 once it is closed',
    access: 'public',
    errors: [409],
    params: checkoutParams,
    body: sandboxPayBodySchema,
    response: sandboxPaidSchema,
  },
  paymentWebhook: {
    method: 'POST',
    path: '/api/payments/webhook/:provider',
    summary:
      "A payment provider's signed event (the raw body is verified against its signature header; 400 when it does " +
      'not match). Each provider event is recorded once, however often it is delivered',
    access: 'public',
    rawBody: true,
    params: providerParams,
    response: webhookReceiptSchema,
  },
});
