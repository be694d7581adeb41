import { useRoute } from '@halcyon/api/swr';
import { PageHeader } from '@halcyon/design-system';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '../../../app/PageLoading';
import styles from '../ProfileSecurity/settings.module.css';

/**
 * /Settings/Online-payments-return: where the provider sends the browser back after onboarding. It asks the provider
 * how the account stands and goes on to -success once the details are in (active, or held for a check), else to -error
 * (onboarding left unfinished, or the provider could not be asked).
 */
export function OnlinePaymentsReturnPage() {
  const account = useRoute('onlinePaymentsAccountStatus', undefined, { logLevel: 'warn' });

  if (account.error) return <Navigate to="/Settings/Online-payments-error" replace />;
  if (account.data) {
    const done = account.data.status === 'active' || account.data.status === 'restricted';
    return <Navigate to={done ? '/Settings/Online-payments-success' : '/Settings/Online-payments-error'} replace />;
  }
  return (
    <div className={styles.page}>
      <PageHeader title="Online payments" description="You are back from the payment provider." />
      <PageLoading label="Checking your account with the payment provider…" />
    </div>
  );
}
