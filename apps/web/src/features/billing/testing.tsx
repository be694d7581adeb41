import {
  billingBooksHandlers,
  billingClientNames,
  billingHandlers,
  createMockClient,
  MockApiProvider,
  type BillingHandlerOptions,
  type MockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/**
 * Renders a billing page at `path` (/Billing and /Billing/:id) over the mock ledger (`billingHandlers`), the mock books
 * (expenses, insurance claims: `billingBooksHandlers`) and the ledger's clients by name (`billingClientNames`).
 */
export function renderBillingRoute(
  path: string,
  options: { handlers?: MockHandlers; ledger?: BillingHandlerOptions; privacy?: boolean; client?: MockClient } = {},
) {
  const client =
    options.client ??
    createMockClient({
      handlers: {
        ...billingHandlers(options.ledger),
        ...billingBooksHandlers(),
        lookupClientNames: billingClientNames,
        ...options.handlers,
      },
    });
  const router = createMemoryRouter(
    [
      {
        path: '/Billing',
        lazy: async () => ({ Component: (await import('../../pages/Billing/BillingPage')).BillingPage }),
      },
      {
        path: '/Billing/:id',
        lazy: async () => ({
          Component: (await import('../../pages/Billing/InvoiceDetailsPage')).InvoiceDetailsPage,
        }),
      },
      { path: '/Clients/:id', element: <h1>Client page</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={options.privacy ?? false}>
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
  return { client, router, ...view };
}
