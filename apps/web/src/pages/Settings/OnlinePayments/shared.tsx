import type { OnlinePaymentStatus, PaymentProviderName } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Badge, useBanners } from '@halcyon/design-system';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { goTo } from '../../../app/goTo';
import { errorText } from '../ProfileSecurity/shared';

/** The provider as a sentence names it, and as a label shows it. */
export const PROVIDER_LABELS: Readonly<Record<PaymentProviderName, string>> = {
  stripe: 'Stripe',
  sandbox: 'Halcyon sandbox (test mode)',
};
export const PROVIDER_NAMES: Readonly<Record<PaymentProviderName, string>> = {
  stripe: 'Stripe',
  sandbox: 'the Halcyon sandbox',
};

/** What the provider's status means for the practice, in words. */
export const STATUS_TEXT: Readonly<Record<OnlinePaymentStatus, string>> = {
  'not started': 'Not connected',
  pending: 'Details still needed',
  restricted: 'Held by the provider',
  active: 'Taking card payments',
};

export function StatusBadge({ status }: { status: OnlinePaymentStatus }) {
  const variant = status === 'active' ? 'success' : status === 'not started' ? 'neutral' : 'warning';
  return <Badge variant={variant}>{STATUS_TEXT[status]}</Badge>;
}

/**
 * Connects (or goes on connecting) the practice's account: asks the server for the provider's onboarding page and goes
 * there (the sandbox's is this app's -return page, so it stays in the app). A failure is a banner; the page stays.
 */
export function useConnect() {
  const start = useMutation('startOnlinePaymentsOnboarding');
  const navigate = useNavigate();
  const { notify } = useBanners();
  const connect = useCallback(async () => {
    try {
      const result = await start.trigger();
      if (!result) return;
      await goTo(result.url, navigate);
    } catch (error) {
      notify({ variant: 'error', message: errorText(error) });
    }
  }, [start, navigate, notify]);
  return { connect, busy: start.isMutating };
}
