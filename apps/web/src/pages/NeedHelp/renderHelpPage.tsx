import type { MockClient } from '@halcyon/api/testing';
import { MockApiProvider } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { userStore } from '../../app/userStore';

/** For the Need-help tests: the pages at their real paths, with banners, a mock API and the signed-in user loaded. */
export async function renderHelpPage(client: MockClient, pages: Record<string, ReactNode>, initialEntry: string) {
  userStore.reset();
  await userStore.load(client);
  const router = createMemoryRouter(
    Object.entries(pages).map(([path, element]) => ({
      path,
      element: (
        <>
          <BannerRegion />
          <main>{element}</main>
        </>
      ),
    })),
    { initialEntries: [initialEntry] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <BannerProvider>
        <RouterProvider router={router} />
      </BannerProvider>
    </MockApiProvider>,
  );
  return { router, ...view };
}
