import type { Notification } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrivacyProvider } from '@halcyon/design-system';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACK_DELAY_MS, ACK_STORAGE_KEY, NOTIFICATION_MESSAGES } from './messages';
import { NotificationsPanel } from './NotificationsPanel';
import { useAcknowledgements } from './useAcknowledgements';

const note = (id: number, category: Notification['category'], read = false): Notification => ({
  id,
  title: `Title ${id}`,
  content: `Content ${id}`,
  category,
  severity: category === 'warning' ? 'warning' : 'info',
  link: null,
  read,
  createdAt: '2026-01-05T08:30:00.000Z',
});

function Harness({ onError }: { onError: (message: string) => void }) {
  const client = useClientFromTest();
  const acknowledgements = useAcknowledgements(client, onError);
  return <NotificationsPanel open onOpenChange={() => {}} acknowledgements={acknowledgements} onError={onError} />;
}

let current: MockClient;
const useClientFromTest = () => current;

function setup(
  notifications: Notification[] | 'fails',
  options: { csrf?: 'fails'; mark?: 'fails'; count?: 'fails'; privacy?: boolean } = {},
) {
  const posts: Array<{ path: string; body: unknown; headers: Readonly<Record<string, string>> | undefined }> = [];
  current = createMockClient({
    handlers: {
      shortNotifications:
        notifications === 'fails' ? { error: { status: 500, message: 'Failed' } } : () => notifications,
      notificationsCount:
        options.count === 'fails'
          ? { error: { status: 500, message: 'Failed' } }
          : () => ({ count: notifications === 'fails' ? 0 : notifications.filter((n) => !n.read).length }),
      notificationsCsrfToken:
        options.csrf === 'fails' ? { error: { status: 500, message: 'Failed' } } : () => ({ csrfToken: 'csrf-123' }),
      markNotificationRead:
        options.mark === 'fails'
          ? { error: { status: 500, message: 'Failed to fetch' } }
          : ({ params, body, headers }, { path }) => {
              posts.push({ path, body, headers });
              return { ...note(Number(params.id), 'info'), read: true };
            },
    },
  });
  const onError = vi.fn();
  const view = render(
    <MemoryRouter>
      <PrivacyProvider defaultEnabled={options.privacy ?? false}>
        <MockApiProvider client={current}>
          <Harness onError={onError} />
        </MockApiProvider>
      </PrivacyProvider>
    </MemoryRouter>,
  );
  return { ...view, onError, posts };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('NotificationsPanel (SPEC.md §2, §4, §8)', () => {
  it('given two unread and one read notification, then the heading counts the new ones and each shows title, content and its icon', async () => {
    const { baseElement } = setup([note(3, 'warning'), note(2, 'reminder'), note(1, 'info', true)]);
    expect(await screen.findByRole('heading', { name: 'You have 2 new notifications' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Title 3')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Content 3')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Information' })).toBeInTheDocument();
    expect(within(items[2]!).getByRole('img', { name: 'Information' })).toBeInTheDocument();
    await expect(baseElement).toHaveNoAxeViolations();
  });

  it('given no notifications, then the heading says 0 and a muted bell-off icon shows', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'You have 0 new notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-empty')).toHaveClass('lucide-bell-off');
  });

  it('given an unread notification, when it is clicked, then it shows read at once and the server is told 900000 ms later with the CSRF token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { posts } = setup([note(5, 'info'), note(4, 'warning')]);
    await screen.findByRole('heading', { name: 'You have 2 new notifications' });

    await user.click(screen.getByRole('button', { name: /Title 5/ }));
    expect(screen.getByRole('heading', { name: 'You have 1 new notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Title 5/ })).toHaveAttribute('data-state', 'read');
    expect(JSON.parse(window.localStorage.getItem(ACK_STORAGE_KEY) ?? '[]')).toEqual([
      { id: 5, due: expect.any(Number) },
    ]);
    expect(current.mock.callsTo('notificationsCsrfToken')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(ACK_DELAY_MS - 1000));
    expect(posts).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(current.mock.callsTo('notificationsCsrfToken')).toHaveLength(1);
    expect(posts[0]).toEqual({
      path: '/api/notifications/mark-as-read/5',
      body: { read: true },
      headers: { 'X-CSRF-Token': 'csrf-123' },
    });
    await waitFor(() => expect(window.localStorage.getItem(ACK_STORAGE_KEY)).toBeNull());
  });

  it('given an acknowledgement stored before a reload and already due, when the page loads, then it is sent at once and shown read', async () => {
    window.localStorage.setItem(ACK_STORAGE_KEY, JSON.stringify([{ id: 7, due: Date.now() - 1 }]));
    const { posts } = setup([note(7, 'info')]);
    await waitFor(() => expect(posts.map((post) => post.path)).toEqual(['/api/notifications/mark-as-read/7']));
    expect(await screen.findByRole('heading', { name: 'You have 0 new notifications' })).toBeInTheDocument();
  });

  it('given the list fails, then the SPEC.md §8 load message is shown', async () => {
    const { onError } = setup('fails');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.load));
  });

  it('given the count fails, then the SPEC.md §8 count message is shown', async () => {
    const { onError } = setup([], { count: 'fails' });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.count));
  });

  it('given the CSRF token call fails, then the security-token message is shown', async () => {
    window.localStorage.setItem(ACK_STORAGE_KEY, JSON.stringify([{ id: 7, due: Date.now() - 1 }]));
    const { onError } = setup([note(7, 'info')], { csrf: 'fails' });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.csrf));
    expect(window.localStorage.getItem(ACK_STORAGE_KEY)).not.toBeNull();
  });

  it('given marking read fails, then the mark-as-read message is shown and the acknowledgement stays stored', async () => {
    window.localStorage.setItem(ACK_STORAGE_KEY, JSON.stringify([{ id: 7, due: Date.now() - 1 }]));
    const { onError } = setup([note(7, 'info')], { mark: 'fails' });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.markRead));
    expect(JSON.parse(window.localStorage.getItem(ACK_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('given an overdue risk review, then it links to the assessment, is styled high, not info, and its content blurs with Privacy on', async () => {
    const risk: Notification = {
      ...note(9, 'warning'),
      title: 'Risk review overdue',
      content: "Morgan Adeyemi's risk assessment was due for review on 2 Jan 2026.",
      severity: 'high',
      link: '/Clients/12?tab=risk&assessment=34',
    };
    setup([risk, note(1, 'info')], { privacy: true });
    const link = await screen.findByRole('link', { name: /Risk review overdue/ });
    expect(link).toHaveAttribute('href', '/Clients/12?tab=risk&assessment=34');
    expect(link).toHaveAttribute('data-severity', 'high');
    expect(within(link).getByRole('img', { name: 'High priority warning' })).toBeInTheDocument();
    const content = within(link).getByText(/Morgan Adeyemi/);
    expect(content).toHaveAttribute('data-state', 'hidden');
    expect(content).not.toHaveAttribute('tabindex');
    const plain = screen.getByRole('button', { name: /Title 1/ });
    expect(plain).toHaveAttribute('data-severity', 'info');
  });
});
