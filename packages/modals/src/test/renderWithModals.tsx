import type { ApiClient } from '@halcyon/api/client';
import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ModalHost } from '../host/ModalHost';
import { ModalProvider } from '../host/ModalProvider';
import type { ModalRegistry } from '../registry';

/** The app root as the web app builds it: API, banners above the page, the modal provider and its one host. */
export function ModalTestRoot({
  client,
  registry,
  privacy = false,
  children,
}: {
  client?: ApiClient;
  registry?: ModalRegistry;
  /** The Privacy switch, as the app's root holds it. */
  privacy?: boolean;
  children?: ReactNode;
}) {
  return (
    <MockApiProvider client={client ?? createMockClient()}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <BannerRegion />
          <ModalProvider>
            {children}
            <ModalHost registry={registry} />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>
  );
}

export function renderWithModals(
  ui: ReactNode,
  options: { client?: ApiClient; registry?: ModalRegistry; privacy?: boolean } = {},
) {
  return render(<ModalTestRoot {...options}>{ui}</ModalTestRoot>);
}
