import { ApiProvider } from '@halcyon/api/swr';
import { BannerProvider, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { useCallback, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createBrowserApiClient, PRIVACY_STORAGE_KEY } from './app/session';
import { createAppRouter } from './routes';

function readPrivacy(): boolean {
  try {
    return window.localStorage.getItem(PRIVACY_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The app root: the API client, banners, the one modal host, the Privacy switch state (persisted) and the route table. */
export function App() {
  const router = useMemo(() => createAppRouter(), []);
  const client = useMemo(
    () => createBrowserApiClient((to, state) => void router.navigate(to, { replace: true, state })),
    [router],
  );
  const [privacy, setPrivacy] = useState(readPrivacy);
  const onPrivacyChange = useCallback((enabled: boolean) => {
    setPrivacy(enabled);
    try {
      window.localStorage.setItem(PRIVACY_STORAGE_KEY, enabled ? 'on' : 'off');
    } catch {
      // Private browsing: the switch still works for this visit.
    }
  }, []);

  return (
    <ApiProvider client={client}>
      <PrivacyProvider enabled={privacy} onEnabledChange={onPrivacyChange}>
        <BannerProvider>
          <ModalProvider>
            <RouterProvider router={router} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </ApiProvider>
  );
}
