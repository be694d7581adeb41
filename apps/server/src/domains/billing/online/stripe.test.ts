import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ONLINE_PAYMENT_MESSAGES } from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { WebhookSignatureError } from './provider';
import { STRIPE_SIGNATURE_HEADER, StripeProvider } from './stripe';

/** Stripe is never called here (no network): only its webhook signatures, which the SDK checks locally. */
const WEBHOOK_SECRET = 'whsec_testsecretforhalcyon0123456789';
const sdk = new Stripe('sk_test_halcyon');

function stripeEvent(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${type.replace(/\W/g, '_')}`,
    object: 'event',
    type,
    created: 1_764_100_000,
    account: 'acct_practice',
    data: { object },
  });
}

function signedHeaders(payload: string, secret = WEBHOOK_SECRET) {
  return {
    'content-type': 'application/json; charset=utf-8',
    [STRIPE_SIGNATURE_HEADER]: sdk.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

const provider = new StripeProvider({ secretKey: 'sk_test_halcyon', webhookSecret: WEBHOOK_SECRET });

describe('the Stripe adapter', () => {
  it('given a signed checkout.session.completed that is paid, then a paid checkout with its payment intent', () => {
    const payload = stripeEvent('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: 'pi_test_1',
      amount_total: 8500,
      currency: 'gbp',
    });
    expect(provider.verifyWebhook(Buffer.from(payload), signedHeaders(payload))).toEqual({
      id: 'evt_checkout_session_completed',
      kind: 'checkout.paid',
      checkoutId: 'cs_test_1',
      paymentRef: 'pi_test_1',
      amountMinor: 8500,
      currency: 'GBP',
      paidAt: new Date(1_764_100_000 * 1000),
    });
  });

  it('given a completed session still waiting for its money, then nothing is paid yet; an account update is read', () => {
    const waiting = stripeEvent('checkout.session.completed', {
      id: 'cs_test_2',
      object: 'checkout.session',
      payment_status: 'unpaid',
      payment_intent: 'pi_test_2',
    });
    expect(provider.verifyWebhook(Buffer.from(waiting), signedHeaders(waiting))).toMatchObject({ kind: 'other' });
    const account = stripeEvent('account.updated', {
      id: 'acct_practice',
      object: 'account',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: ['external_account'], past_due: ['external_account'] },
    });
    expect(provider.verifyWebhook(Buffer.from(account), signedHeaders(account))).toEqual({
      id: 'evt_account_updated',
      kind: 'account.updated',
      accountId: 'acct_practice',
      account: {
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: true,
        requirements: ['external_account'],
      },
    });
  });

  it('given a body changed after signing, another secret or no signature, then the signature is refused', () => {
    const payload = stripeEvent('checkout.session.expired', { id: 'cs_test_3', object: 'checkout.session' });
    const headers = signedHeaders(payload);
    expect(() => provider.verifyWebhook(Buffer.from(payload.replace('cs_test_3', 'cs_test_4')), headers)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(Buffer.from(payload), signedHeaders(payload, 'whsec_other'))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(Buffer.from(payload), {})).toThrow(WebhookSignatureError);
  });
});

describe('the Stripe webhook route', { timeout: 90_000 }, () => {
  it('given PAYMENT_PROVIDER=stripe, then a signed event is received once and a forged one is 400', async () => {
    const t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_halcyon',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    const payload = stripeEvent('payment_intent.created', { id: 'pi_test_9', object: 'payment_intent' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: signedHeaders(payload),
      payload,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: signedHeaders(payload, 'whsec_forger'),
      payload,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: ONLINE_PAYMENT_MESSAGES.signatureRefused });
    // The sandbox is not the provider here: its callbacks are not accepted.
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', payload: '{}' });
    expect(sandbox.statusCode).toBe(404);
  });
});
