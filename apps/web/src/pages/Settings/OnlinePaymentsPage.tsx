import { ONBOARDING_NOT_STARTED } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { EmptyState, PageHeader } from '@halcyon/design-system';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { Receipt } from '../../app/icons';

/** SPEC.md §2: any status other than "not started" (compared case-insensitively) means onboarded. */
export function isOnboarded(status: string | null | undefined): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() !== ONBOARDING_NOT_STARTED;
}

/**
 * /Settings/Online-payments: onboarded practices go to /Settings/Online-payments-success; a failed status call is
 * logged as a warning and the user, treated as not onboarded, stays here.
 */
export function OnlinePaymentsPage() {
  const status = useRoute('onlinePaymentsOnboardingStatus');

  useEffect(() => {
    if (status.error) console.warn('The online-payments onboarding status could not be loaded.', status.error);
  }, [status.error]);

  if (isOnboarded(status.data?.status)) return <Navigate to="/Settings/Online-payments-success" replace />;
  return (
    <>
      <PageHeader
        title="Online payments"
        description="Connect a card-payment provider so clients can pay your invoices online."
      />
      <EmptyState
        icon={<Receipt />}
        title="No payment provider connected yet"
        description="Connecting a provider is being built. Until then, clients pay as they do today and you record payments on the invoice."
      />
    </>
  );
}
