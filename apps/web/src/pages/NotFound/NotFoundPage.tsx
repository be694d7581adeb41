import { useApiClient } from '@halcyon/api/swr';
import { TextLink } from '../../app/TextLink';
import { PublicLayout } from '../../features/public/PublicLayout';

/** Any unknown path: says so and links to the dashboard, or to /Login when signed out. */
export function NotFoundPage() {
  const client = useApiClient();
  const signedIn = Boolean(client.tokens.get().access_token);
  return (
    <PublicLayout
      title="Page not found"
      description="We could not find that page. It may have moved, or the address may have a typing mistake."
    >
      {signedIn ? (
        <TextLink to="/Dashboard">Go to the dashboard</TextLink>
      ) : (
        <TextLink to="/Login">Go to the sign-in page</TextLink>
      )}
    </PublicLayout>
  );
}
