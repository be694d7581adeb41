import type { PaymentProviderName } from '@halcyon/api/contract';

/** The practice's account as the provider sees it. */
export interface ProviderAccount {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** What the provider still needs before the account takes payments, in its words. */
  requirements: string[];
}

export interface OnboardingRequest {
  /** The account begun earlier (onboarding is continued), or null to open one. */
  accountId: string | null;
  practice: { id: number; name: string; email: string | null; country: string | null };
  /** Where the provider sends the browser back when done, and when its link has expired. */
  returnUrl: string;
  refreshUrl: string;
}

/** What a checkout charges: the invoice's balance, for the invoice document's practice and number. */
export interface CheckoutRequest {
  accountId: string;
  /** Halcyon's checkout id: the provider hands it back in its events. */
  reference: string;
  practiceName: string;
  invoiceNumber: string;
  amountMinor: number;
  currency: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderCheckout {
  /** The provider's id of the checkout. */
  id: string;
  /** Its page, where the client types their card (never Halcyon's server). */
  url: string;
}

/** A provider's event, in the terms Halcyon acts on; anything else is `other` (stored and ignored). */
export type ProviderEvent =
  | {
      id: string;
      kind: 'checkout.paid';
      checkoutId: string;
      /** The provider's payment, for refunds. */
      paymentRef: string;
      amountMinor: number;
      currency: string;
      paidAt: Date;
    }
  | { id: string; kind: 'checkout.failed' | 'checkout.expired'; checkoutId: string }
  | { id: string; kind: 'account.updated'; accountId: string; account: ProviderAccount }
  | { id: string; kind: 'other'; type: string };

/** A webhook whose signature does not match its body: the route answers 400 and records nothing. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** The provider could not be reached or refused the request: the route answers 503 with a sentence. */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

/**
 * A card-payment provider (issue 15 item 8). Halcyon sends the client to the provider's own pages to type a card, so
 * card data never touches Halcyon's server; the provider reports back by signed webhooks.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens (or continues) the practice's account onboarding: the provider's page to send the browser to. */
  createOnboardingLink(request: OnboardingRequest): Promise<{ accountId: string; url: string }>;
  accountStatus(accountId: string): Promise<ProviderAccount>;
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /** The event a webhook carries, once its signature over the exact body bytes is checked; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): ProviderEvent;
  /** Gives a payment back (whole, or `amountMinor` of it); answers the provider's refund id. */
  refund(accountId: string, paymentRef: string, amountMinor?: number): Promise<string>;
}
