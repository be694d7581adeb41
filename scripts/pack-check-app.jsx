// The scratch app of pack-check: imports every published entry the way another product would and renders with them.
import { createRoot } from 'react-dom/client';
import '@halcyon/design-system/styles.css';
import { BannerProvider, Button } from '@halcyon/design-system';
import { routes } from '@halcyon/api/contract';
import { createApiClient } from '@halcyon/api/client';
import { ApiProvider } from '@halcyon/api/swr';
import { ModalHost, ModalProvider } from '@halcyon/modals';

const client = createApiClient({ baseUrl: '', storage: window.localStorage, fetch: window.fetch.bind(window) });
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <ApiProvider client={client}>
      <BannerProvider>
        <ModalProvider>
          <Button>{Object.keys(routes).length} routes</Button>
          <ModalHost />
        </ModalProvider>
      </BannerProvider>
    </ApiProvider>,
  );
