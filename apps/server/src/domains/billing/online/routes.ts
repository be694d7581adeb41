import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { RateLimiter, type RateRule } from '../../../platform/http/rate-limits';
import { OnlinePaymentAccounts } from './account';
import type { InvoiceLedger } from './ledger';
import { OnlinePayments } from './pay';
import { createPaymentProvider } from './providers';
import { PaymentWebhooks } from './webhooks';

const QUARTER_HOUR = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * Online card payments (contract domain `onlinePayments`): Settings > Online-payments, the public pay page and the
 * sandbox's card page, and the providers' webhooks. The provider is the configured one (PAYMENT_PROVIDER).
 */
export function onlinePaymentsRoutes(app: FastifyInstance, platform: Platform, ledger: InvoiceLedger): void {
  const provider = createPaymentProvider(platform.config);
  const accounts = new OnlinePaymentAccounts(platform, provider);
  const payments = new OnlinePayments(platform, provider, ledger);
  const webhooks = new PaymentWebhooks(platform, provider, ledger, accounts);
  const limiter = new RateLimiter(platform.database.db);
  // The pay page is open to anyone: a guesser of pay links is slowed down by their failures (404, 410); each checkout
  // started asks the provider for a page, so those are capped per address; a sender of badly signed webhooks is slowed.
  const badLinks: RateRule = {
    name: 'pay-link',
    perIp: { max: 30, windowMs: QUARTER_HOUR },
    perAccount: { max: 30, windowMs: QUARTER_HOUR },
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  };
  const checkouts: RateRule = {
    name: 'pay-checkout',
    perIp: { max: 20, windowMs: HOUR },
    perAccount: { max: 20, windowMs: HOUR },
    count: 'every',
    account: () => null,
  };
  const badWebhooks: RateRule = {
    name: 'payment-webhook',
    perIp: { max: 60, windowMs: QUARTER_HOUR },
    perAccount: { max: 60, windowMs: QUARTER_HOUR },
    count: 'failures',
    failureStatuses: [400, 404],
    account: () => null,
  };
  registerRoutes(
    app,
    {
      onlinePaymentsOnboardingStatus: (_input, { request }) => accounts.onboardingStatus(requireAuth(request)),
      onlinePaymentsAccountStatus: (_input, { request }) => accounts.accountStatus(requireAuth(request), request),
      onlinePaymentDetails: (_input, { request }) => accounts.details(requireAuth(request)),
      updateOnlinePaymentDetails: ({ body }, { request }) => accounts.updateDetails(requireAuth(request), body),
      startOnlinePaymentsOnboarding: (_input, { request }) => accounts.startOnboarding(requireAuth(request), request),
      disconnectOnlinePayments: (_input, { request }) => accounts.disconnect(requireAuth(request)),
      publicPayableInvoice: ({ params }) => payments.payable(params.token),
      publicStartCheckout: ({ params }, { request }) => payments.startCheckout(params.token, request),
      sandboxCheckout: ({ params }) => payments.sandboxCheckout(params.id),
      sandboxCompleteCheckout: ({ params, body }) => payments.sandboxComplete(app, params.id, body.outcome),
      paymentWebhook: ({ params }, { request }) =>
        webhooks.receive(params.provider, request.body, request.headers, request.log),
    },
    {
      publicPayableInvoice: limiter.hooks(badLinks),
      publicStartCheckout: limiter.hooks(checkouts),
      sandboxCheckout: limiter.hooks(badLinks),
      sandboxCompleteCheckout: limiter.hooks(badLinks),
      paymentWebhook: limiter.hooks(badWebhooks),
    },
  );
}
