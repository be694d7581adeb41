import crypto from 'node:crypto';
import { z } from 'zod';
import { randomToken } from '../../../platform/auth/tokens';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type OnboardingRequest,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderCheckout,
  type ProviderEvent,
} from './provider';

/** The header the sandbox signs its callbacks in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'halcyon-sandbox-signature';
/** A callback older (or newer) than this is refused, so a captured one cannot be replayed days later. */
const TOLERANCE_SECONDS = 5 * 60;

const sandboxEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1),
    type: z.literal('checkout.paid'),
    created: z.number().int(),
    data: z.object({
      checkoutId: z.string().min(1),
      paymentRef: z.string().min(1),
      amountMinor: z.number().int().positive(),
      currency: z.string().length(3),
    }),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('checkout.failed'),
    created: z.number().int(),
    data: z.object({ checkoutId: z.string().min(1) }),
  }),
]);
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** The signature header of a sandbox callback body (exported for tests, which sign their own callbacks). */
export function sandboxSignature(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

function headerOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const value = headers[SANDBOX_SIGNATURE_HEADER];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * The built-in provider for the demo and tests (no outside network here): onboarding completes at once, and its
 * checkout is a fake card page hosted by Halcyon (/Pay/Sandbox-checkout/{id}) that checks a test card in the browser and
 * reports only the outcome; the sandbox then posts a signed callback to the webhook route, as a real provider would.
 * No real money moves.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly secret: string;
  private readonly webBase: string;

  constructor(options: { secret?: string | undefined; webBase: string }) {
    this.secret = options.secret ?? crypto.randomBytes(32).toString('base64url');
    this.webBase = options.webBase;
  }

  createOnboardingLink(request: OnboardingRequest): Promise<{ accountId: string; url: string }> {
    const accountId = request.accountId ?? `acct_sandbox_${randomToken().slice(0, 16)}`;
    return Promise.resolve({ accountId, url: request.returnUrl });
  }

  accountStatus(_accountId: string): Promise<ProviderAccount> {
    return Promise.resolve({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirements: [] });
  }

  /** Its card page comes back to the pay page it was started from (`return`: that page's path). */
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout> {
    const id = `cs_sandbox_${randomToken()}`;
    const back = encodeURIComponent(new URL(request.cancelUrl).pathname);
    return Promise.resolve({ id, url: `${this.webBase}/Pay/Sandbox-checkout/${id}?return=${back}` });
  }

  verifyWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): ProviderEvent {
    const parts = new Map<string, string>();
    for (const part of headerOf(headers).split(',')) {
      const [key = '', value = ''] = part.trim().split('=', 2);
      parts.set(key, value);
    }
    const timestamp = Number(parts.get('t'));
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) {
      throw new WebhookSignatureError('The signature is missing or too old.');
    }
    const expected = crypto.createHmac('sha256', this.secret).update(`${timestamp}.`).update(rawBody).digest();
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw new WebhookSignatureError('The signature does not match the body.');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('The body is not JSON.');
    }
    const event = sandboxEventSchema.safeParse(json);
    if (!event.success) {
      const id = (json as { id?: unknown } | null)?.id;
      return { id: typeof id === 'string' ? id : '', kind: 'other', type: 'unknown' };
    }
    const { data } = event;
    if (data.type === 'checkout.failed')
      return { id: data.id, kind: 'checkout.failed', checkoutId: data.data.checkoutId };
    return {
      id: data.id,
      kind: 'checkout.paid',
      checkoutId: data.data.checkoutId,
      paymentRef: data.data.paymentRef,
      amountMinor: data.data.amountMinor,
      currency: data.data.currency,
      paidAt: new Date(data.created * 1000),
    };
  }

  refund(_accountId: string, _paymentRef: string, _amountMinor?: number): Promise<string> {
    return Promise.resolve(`re_sandbox_${randomToken().slice(0, 16)}`);
  }

  /** The callback for a checkout's outcome on the fake card page: its body and signature header. */
  callback(
    checkout: { providerCheckoutId: string; amountMinor: number; currency: string },
    outcome: 'paid' | 'declined',
  ): { body: string; headers: Record<string, string> } {
    const created = Math.floor(Date.now() / 1000);
    const id = `evt_sandbox_${randomToken().slice(0, 24)}`;
    const event: SandboxEvent =
      outcome === 'paid'
        ? {
            id,
            type: 'checkout.paid',
            created,
            data: {
              checkoutId: checkout.providerCheckoutId,
              paymentRef: `pi_sandbox_${randomToken().slice(0, 16)}`,
              amountMinor: checkout.amountMinor,
              currency: checkout.currency,
            },
          }
        : { id, type: 'checkout.failed', created, data: { checkoutId: checkout.providerCheckoutId } };
    const body = JSON.stringify(event);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(this.secret, body, created),
      },
    };
  }
}
