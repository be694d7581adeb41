import { isApiError } from '@halcyon/api/client';
import { useApiClient } from '@halcyon/api/swr';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { TextLink } from '../../app/TextLink';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';

/** /Register/Confirm-email/{token}: the link sent to a new e-mail address (Profile-security, change e-mail). */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const outcome = useOnce(`confirm:${token}`, () => client.call('confirmEmailChange', { body: { token } }));
  if (outcome.status === 'pending') return <PageLoading label="Confirming your new e-mail address…" />;
  return (
    <PublicLayout
      title={outcome.status === 'done' ? 'New e-mail address confirmed' : 'This link does not work'}
      footer={<TextLink to="/Login">Go to sign in</TextLink>}
    >
      {outcome.status === 'done' ? (
        <FormMessage tone="success">{outcome.value?.detail ?? 'Your new e-mail address is confirmed.'}</FormMessage>
      ) : (
        <FormMessage tone="error">
          {isApiError(outcome.error) ? outcome.error.message : 'This link could not be checked.'}
        </FormMessage>
      )}
    </PublicLayout>
  );
}
