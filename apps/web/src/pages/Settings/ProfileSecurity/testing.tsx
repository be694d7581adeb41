import {
  accountFixtures,
  accountHandlers,
  createMockClient,
  MockApiProvider,
  type AccountFixtures,
  type MockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/** Renders a settings page at `path` with a mock client, banners and a /login route to land on. */
export function renderSettingsPage(
  element: ReactElement,
  options: { path: string; handlers?: MockHandlers; client?: MockClient; fixtures?: AccountFixtures },
) {
  const fixtures = options.fixtures ?? accountFixtures();
  const client =
    options.client ?? createMockClient({ handlers: { ...accountHandlers(fixtures), ...options.handlers } });
  const router = createMemoryRouter(
    [
      { path: options.path, element },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [options.path] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <BannerProvider>
        <BannerRegion />
        <RouterProvider router={router} />
      </BannerProvider>
    </MockApiProvider>,
  );
  return { client, router, fixtures, ...view };
}
