import { publicBaseUrl, type Config } from '../../../platform/config';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { StripeProvider } from './stripe';

/** The provider the configuration names (PAYMENT_PROVIDER; the sandbox by default). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
    });
  }
  return new SandboxProvider({ secret: config.SANDBOX_WEBHOOK_SECRET, webBase: publicBaseUrl(config) });
}
