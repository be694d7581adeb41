import {
  clientHandlers,
  clientStore,
  createMockClient,
  MockApiProvider,
  type ClientStore,
  type MockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/** Renders a clients page at `path` (with /Clients and /Clients/:id routes) over a mock client. */
export function renderClientsRoute(
  path: string,
  options: {
    store?: ClientStore;
    handlers?: MockHandlers;
    client?: MockClient;
    latency?: number;
    /** The Privacy switch (off unless set). */
    privacy?: boolean;
  } = {},
) {
  const store = options.store ?? clientStore();
  const client =
    options.client ??
    createMockClient({ latency: options.latency, handlers: { ...clientHandlers(store), ...options.handlers } });
  return { store, client, ...renderWith(client, path, options.privacy ?? false) };
}

function renderWith(client: MockClient, path: string, privacy: boolean) {
  const routes = [
    {
      path: '/Clients',
      lazy: async () => ({ Component: (await import('../../pages/Clients/ClientsPage')).ClientsPage }),
    },
    {
      path: '/Clients/:id',
      lazy: async () => ({ Component: (await import('../../pages/Clients/ClientDetailsPage')).ClientDetailsPage }),
    },
    { path: '/Messages', element: <h1>Messages page</h1> },
    { path: '/Dashboard', element: <h1>Dashboard page</h1> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <ModalProvider>
            <BannerRegion />
            <RouterProvider router={router} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { router, ...view };
}

export type RenderedClients = ReturnType<typeof renderClientsRoute>;
