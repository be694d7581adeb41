import { billingBooksHandlers, createMockClient, MockApiProvider, type MockHandlers } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders a piece of /Billing over a mock client with the books' handlers, banners, modals and the Privacy switch. */
export function renderBooks(ui: ReactNode, options: { handlers?: MockHandlers; privacy?: boolean } = {}) {
  const client = createMockClient({ handlers: { ...billingBooksHandlers(), ...options.handlers } });
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={options.privacy ?? false}>
        <BannerProvider>
          <ModalProvider>
            <BannerRegion />
            {ui}
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { client, ...view };
}
