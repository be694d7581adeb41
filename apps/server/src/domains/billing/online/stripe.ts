import Stripe from 'stripe';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type CheckoutRequest,
  type OnboardingRequest,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderCheckout,
  type ProviderEvent,
} from './provider';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

function headerOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const value = headers[STRIPE_SIGNATURE_HEADER];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function accountOf(account: Stripe.Account): ProviderAccount {
  return {
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    detailsSubmitted: account.details_submitted,
    requirements: [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])].filter(
      (item, at, all) => all.indexOf(item) === at,
    ),
  };
}

const idOf = (value: string | { id: string } | null): string => (typeof value === 'string' ? value : (value?.id ?? ''));

/**
 * Stripe Connect (the `stripe` SDK): each practice has its own Standard account, onboarded through an account link;
 * checkouts are Stripe Checkout Sessions created on the practice's account (direct charges, so the money and the
 * client's card details stay with Stripe and the practice); webhooks are verified with the endpoint's signing secret
 * (`stripe.webhooks.constructEvent` over the exact body bytes). Failures of Stripe's API become ProviderUnavailableError.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: { secretKey: string; webhookSecret: string }) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Halcyon' },
    });
    this.webhookSecret = options.webhookSecret;
  }

  async createOnboardingLink(request: OnboardingRequest): Promise<{ accountId: string; url: string }> {
    return this.call(async () => {
      const accountId =
        request.accountId ??
        (
          await this.stripe.accounts.create(
            {
              type: 'standard',
              ...(request.practice.email ? { email: request.practice.email } : {}),
              ...(request.practice.country ? { country: request.practice.country } : {}),
              business_profile: { name: request.practice.name },
              metadata: { halcyonPracticeId: String(request.practice.id) },
            },
            { idempotencyKey: `halcyon-account-${request.practice.id}` },
          )
        ).id;
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: request.returnUrl,
        refresh_url: request.refreshUrl,
      });
      return { accountId, url: link.url };
    });
  }

  async accountStatus(accountId: string): Promise<ProviderAccount> {
    return this.call(async () => accountOf(await this.stripe.accounts.retrieve(accountId)));
  }

  async createCheckout(request: CheckoutRequest): Promise<ProviderCheckout> {
    return this.call(async () => {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: `Invoice ${request.invoiceNumber}`, description: request.practiceName },
              },
            },
          ],
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          client_reference_id: request.reference,
          metadata: { halcyonCheckout: request.reference },
          payment_intent_data: { metadata: { halcyonCheckout: request.reference } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { stripeAccount: request.accountId, idempotencyKey: `halcyon-checkout-${request.reference}` },
      );
      if (!session.url) throw new ProviderUnavailableError('Stripe answered a checkout without a page.');
      return { id: session.id, url: session.url };
    });
  }

  verifyWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, headerOf(headers), this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature does not match.');
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A completed session whose payment is still on its way (a bank debit) is paid by a later event.
        if (session.payment_status !== 'paid') return { id: event.id, kind: 'other', type: event.type };
        return {
          id: event.id,
          kind: 'checkout.paid',
          checkoutId: session.id,
          paymentRef: idOf(session.payment_intent),
          amountMinor: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
          paidAt: new Date(event.created * 1000),
        };
      }
      case 'checkout.session.async_payment_failed':
        return { id: event.id, kind: 'checkout.failed', checkoutId: event.data.object.id };
      case 'checkout.session.expired':
        return { id: event.id, kind: 'checkout.expired', checkoutId: event.data.object.id };
      case 'account.updated':
        return {
          id: event.id,
          kind: 'account.updated',
          accountId: event.data.object.id,
          account: accountOf(event.data.object),
        };
      default:
        return { id: event.id, kind: 'other', type: event.type };
    }
  }

  async refund(accountId: string, paymentRef: string, amountMinor?: number): Promise<string> {
    return this.call(
      async () =>
        (
          await this.stripe.refunds.create(
            { payment_intent: paymentRef, ...(amountMinor === undefined ? {} : { amount: amountMinor }) },
            { stripeAccount: accountId },
          )
        ).id,
    );
  }

  /** Stripe's own errors (network, API, authentication) become one ProviderUnavailableError; the log keeps the cause. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new ProviderUnavailableError(`Stripe: ${error.type}: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
}
