import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { BannerProvider, PrivacyProvider } from '@halcyon/design-system';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../app/userStore';
import { COUNT_REFRESH_MS } from './messages';
import { ShellLayout } from './ShellLayout';

function mockWidth(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: narrow && query.includes('max-width: 1200px'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

async function renderShell(
  options: {
    narrow?: boolean;
    counts?: { appointments: number | 'fails'; messages?: number | 'fails'; notifications: number | 'fails' };
    role?: 'admin' | 'assistant';
  } = {},
) {
  mockWidth(options.narrow ?? false);
  const counts = options.counts ?? { appointments: 3, notifications: 4 };
  const countOf = (value: number | 'fails') =>
    value === 'fails' ? { error: { status: 500, message: 'Failed to fetch. Status: 500' } } : () => ({ count: value });
  const client: MockClient = createMockClient({
    handlers: {
      shortNotifications: () => [],
      appointmentsCount: countOf(counts.appointments),
      messagesCount: countOf(counts.messages ?? 2),
      notificationsCount: countOf(counts.notifications),
    },
  });
  if (options.role === 'assistant') client.mock.fixtures.currentUser = client.mock.fixtures.users.assistant;
  await userStore.load(client, { force: true });
  const router = createMemoryRouter(
    [
      {
        element: <ShellLayout />,
        children: [
          {
            path: '/Dashboard',
            element: (
              <>
                <h1>Dashboard page</h1>
                <button type="button">Page action</button>
              </>
            ),
          },
          { path: '/Billing', element: <h1>Billing page</h1> },
        ],
      },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/Dashboard'] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider>
        <BannerProvider>
          <RouterProvider router={router} />
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  await screen.findByRole('heading', { name: 'Dashboard page' });
  return { client, router, ...view };
}

const countCalls = (client: MockClient, path: string) => client.mock.calls.filter((call) => call.path === path).length;

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  userStore.reset();
});

describe('ShellLayout (SPEC.md §2)', () => {
  it('given a wide screen, then the sidebar is open with the count badges, the search and the Privacy switch', async () => {
    const { container, client } = await renderShell();
    expect(await screen.findByRole('link', { name: /Appointments 3 new/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Notifications 4 new/ })).toBeInTheDocument();
    // Messages' badge is the unread count of GET /api/messages/count (SPEC.md §7).
    expect(await screen.findByRole('link', { name: /Messages 2 new/ })).toBeInTheDocument();
    expect(countCalls(client, '/api/messages/count')).toBe(1);
    const search = screen.getByRole('combobox', { name: 'Search on client name' });
    expect(search).toHaveAttribute('maxLength', '320');
    expect(screen.getByRole('switch', { name: 'Privacy' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a wide screen, when Tab is pressed from the top, then focus goes skip link -> sidebar -> top bar -> page, never looping in the sidebar', async () => {
    const user = userEvent.setup();
    await renderShell();
    const order: string[] = [];
    for (let step = 0; step < 40 && order.at(-1) !== 'main'; step += 1) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      const area = active.closest('nav, header, main, aside')?.tagName.toLowerCase();
      const name = area ?? (active.textContent === 'Skip to main content' ? 'skip' : 'other');
      if (order.at(-1) !== name) order.push(name);
    }
    // The practice's name and the collapse toggle are inside the navigation landmark, the sidebar.
    expect(order.filter((area) => area !== 'other')).toEqual(['skip', 'nav', 'header', 'main']);
  });

  it('given the sidebar collapsed, then it stays collapsed after a reload and the practice name stays readable as initials', async () => {
    const user = userEvent.setup();
    const first = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    first.unmount();
    await renderShell();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-collapsed', 'true');
    expect(await screen.findByRole('img', { name: 'Quiet Harbour Therapy' })).toHaveTextContent('QT');
  });

  it('given the counts, then they refresh when the window gets focus and every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { client } = await renderShell();
    await waitFor(() => expect(countCalls(client, '/api/appointments/count')).toBe(1));
    // Past the shared cache's de-duplication of calls made at once.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(countCalls(client, '/api/appointments/count')).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS));
    await waitFor(() => expect(countCalls(client, '/api/appointments/count')).toBe(3));
    expect(countCalls(client, '/api/notifications/count')).toBe(3);
  });

  it('given a count fails, then it is only logged as a warning and the badge stays 0', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    await renderShell({ counts: { appointments: 'fails', notifications: 1 } });
    expect(await screen.findByRole('button', { name: /Notifications 1 new/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Appointments 0 new/ })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given an Assistant, then the messages count is not asked for and Messages is not shown', async () => {
    const { client } = await renderShell({ role: 'assistant' });
    await waitFor(() => expect(countCalls(client, '/api/appointments/count')).toBe(1));
    expect(countCalls(client, '/api/messages/count')).toBe(0);
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
  });

  it('given a narrow screen, then the sidebar starts closed; opening it closes the panel and the reverse; a route change closes it', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell({ narrow: true });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(await screen.findByRole('heading', { name: 'You have 0 new notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    // The overlaying panel is modal: it is closed before the menu can be reached again.
    await user.click(screen.getByRole('button', { name: 'Close notifications' }));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /new notifications/ })).not.toBeInTheDocument();

    await act(async () => {
      await router.navigate('/Billing');
    });
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('when Privacy is switched on in the top bar, then the sidebar says On and the choice is kept', async () => {
    const user = userEvent.setup();
    await renderShell();
    await user.click(screen.getByRole('switch', { name: 'Privacy' }));
    expect(screen.getByRole('button', { name: /Privacy/ })).toHaveTextContent('On');
  });

  it('when Sign out is chosen, then the session ends and the user lands on /login', async () => {
    const user = userEvent.setup();
    const { client, router } = await renderShell();
    await user.click(screen.getByRole('button', { name: /Sign out/ }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(client.mock.calls.some((call) => call.kind === 'logout')).toBe(true);
    expect(userStore.getState().status).toBe('empty');
  });
});
