import {
  accountFixtures,
  accountHandlers,
  createMockClient,
  learningHandlers,
  MockApiProvider,
  type AccountFixtures,
  type MockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/** Renders a settings page at `path` with a mock client, banners, the modal host and a /login route to land on. */
export function renderSettingsPage(
  element: ReactElement,
  options: {
    path: string;
    handlers?: MockHandlers;
    client?: MockClient;
    fixtures?: AccountFixtures;
    /** The Privacy switch (off unless set). */
    privacy?: boolean;
  },
) {
  const fixtures = options.fixtures ?? accountFixtures();
  const client =
    options.client ??
    createMockClient({ handlers: { ...accountHandlers(fixtures), ...learningHandlers(), ...options.handlers } });
  const router = createMemoryRouter(
    [
      { path: options.path, element },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [options.path] },
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
  return { client, router, fixtures, ...view };
}

/** A `userDetails` handler that answers only once `release()` is called: the page meets a role still on its way. */
export function heldUserDetails(): { handlers: MockHandlers; release: () => void } {
  let release: () => void = () => {};
  const known = new Promise<void>((resolve) => (release = resolve));
  return {
    handlers: {
      userDetails: async (_input, { fixtures }) => {
        await known;
        return fixtures.currentUser;
      },
    },
    release: () => release(),
  };
}
