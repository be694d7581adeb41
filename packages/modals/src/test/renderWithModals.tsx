import type { ApiClient } from '@halcyon/api/client';
import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ModalHost } from '../host/ModalHost';
import { ModalProvider } from '../host/ModalProvider';
import type { ModalRegistry } from '../registry';

/** The app root as the web app builds it: API, banners above the page, the modal provider and its one host. */
export function ModalTestRoot({
  client,
  registry,
  children,
}: {
  client?: ApiClient;
  registry?: ModalRegistry;
  children?: ReactNode;
}) {
  return (
    <MockApiProvider client={client ?? createMockClient()}>
      <BannerProvider>
        <BannerRegion />
        <ModalProvider>
          {children}
          <ModalHost registry={registry} />
        </ModalProvider>
      </BannerProvider>
    </MockApiProvider>
  );
}

export function renderWithModals(ui: ReactNode, options: { client?: ApiClient; registry?: ModalRegistry } = {}) {
  return render(<ModalTestRoot {...options}>{ui}</ModalTestRoot>);
}
