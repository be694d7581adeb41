import type { OnlinePaymentStatus, PaymentProviderName } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Badge, Button, useBanners } from '@halcyon/design-system';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { goTo } from '../../../app/goTo';
import { errorText, useIsAdmin } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

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

/**
 * An Admin's button that starts (or resumes) connecting the provider account; anyone else reads that only an Admin
 * can. Nothing shows until the member's role is known, so an Admin is never told they cannot.
 */
export function ConnectAccount({ label, actionsClassName }: { label: string; actionsClassName?: string }) {
  const { isAdmin, loaded } = useIsAdmin();
  const { connect, busy } = useConnect();
  if (isAdmin) {
    const button = (
      <Button onClick={() => void connect()} loading={busy}>
        {label}
      </Button>
    );
    return actionsClassName ? <div className={actionsClassName}>{button}</div> : button;
  }
  if (!loaded) return null;
  return <p className={styles.readOnly}>Only an Admin can connect the practice&apos;s payment account.</p>;
}
