import { ApiError, uploadFailedMessage } from '@halcyon/api/client';
import { CONVERSATION_MESSAGES, FILE_MESSAGES } from '@halcyon/api/contract';
import { useCount } from '@halcyon/api/swr';
import {
  createMockClient,
  makeConversation,
  makeConversationMessage,
  messageHandlers,
  mockConversations,
  MockApiProvider,
  type MockClient,
  type MockConversation,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newConversationState } from '../../features/messages/newConversationLink';
import { draftKeyOf } from '../../features/messages/useDraft';
import { ConversationPage } from './ConversationPage';
import { MessagesPage } from './MessagesPage';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

/** The sidebar's badge, as the shell reads it (the same cache entry). */
function Badge() {
  const { count } = useCount('messagesCount');
  return <p data-testid="badge">{count}</p>;
}

function renderAt(
  path: string | { pathname: string; search: string; state: unknown },
  {
    conversations = mockConversations(),
    privacy = false,
  }: { conversations?: MockConversation[]; privacy?: boolean } = {},
  client: MockClient = createMockClient({ handlers: messageHandlers(conversations) }),
) {
  const router = createMemoryRouter(
    [
      { path: '/Messages', element: <MessagesPage /> },
      { path: '/Messages/:id', element: <ConversationPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <BannerRegion />
          <Badge />
          <RouterProvider router={router} />
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { client, router, conversations };
}

beforeEach(() => window.localStorage.clear());

describe('/Messages', () => {
  it('given conversations, then they are listed newest first with whom, the last words and the unread ones marked', async () => {
    renderAt('/Messages');
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/Messages/1', '/Messages/2']);
    expect(rows[0]).toHaveTextContent('Moving our Thursday session');
    expect(rows[0]).toHaveTextContent('1 unread');
    expect(rows[0]).toHaveTextContent('With Jane Doe');
    expect(rows[0]).toHaveTextContent('Jane Doe: Yes, 3pm works for me. Thank you.');
    expect(rows[1]).toHaveTextContent('With Priya Shah');
    expect(rows[1]).not.toHaveTextContent('unread');
    await expect(document.body).toHaveNoAxeViolations();
  });

  it('given a search, then only the conversations with its words show; Unread only keeps the unread ones; clearing shows all', async () => {
    const { client } = renderAt('/Messages');
    await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const links = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'shared folder');
    await waitFor(() => expect(links()).toHaveLength(1), SLOW);
    expect(links()[0]).toHaveTextContent('Supervision notes');
    expect(client.mock.callsTo('listConversations').at(-1)?.input).toMatchObject({
      query: { search: 'shared folder' },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    expect(await screen.findByText('No conversation matches', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(links()).toHaveLength(2), SLOW);
  });

  it('given more conversations than a page, then Next page asks the server for page 2 (no count of every row)', async () => {
    const many = Array.from({ length: 27 }, (_, i) => makeConversation(i + 1, { subject: `Topic ${i + 1}` }));
    const { client } = renderAt('/Messages', { conversations: many });
    await screen.findByText('Topic 1', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Topic 26', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('listConversations').at(-1)?.input).toMatchObject({ query: { page: 2, pageSize: 25 } });
  });

  it('given privacy mode, then client names and message words are blurred, team names are not', async () => {
    renderAt('/Messages', { privacy: true });
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    expect(within(list).getByText('Jane Doe')).toHaveAttribute('data-state', 'hidden');
    expect(within(list).getByText('Jane Doe: Yes, 3pm works for me. Thank you.')).toHaveAttribute(
      'data-state',
      'hidden',
    );
    expect(within(list).getByText('With Priya Shah').closest('[data-state]')).toBeNull();
  });

  it('given the list cannot be read, then it says so with Retry, and Retry reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: { ...messageHandlers(), listConversations: { error: { status: 500, message: 'Down' } } },
    });
    renderAt('/Messages', {}, client);
    const retry = await screen.findByRole('button', { name: 'Retry' }, SLOW);
    expect(screen.getByText('Your conversations could not be loaded')).toBeInTheDocument();
    client.mock.set('listConversations', messageHandlers().listConversations!);
    await userEvent.click(retry);
    expect(await screen.findByText('Moving our Thursday session', {}, SLOW)).toBeInTheDocument();
  });

  it('given a new conversation with a client, when it has no words, then it is refused; when written, it opens', async () => {
    const { client, router } = renderAt('/Messages');
    await screen.findByText('Moving our Thursday session', {}, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(await screen.findByRole('heading', { name: 'New conversation' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.empty)).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: /Client/ }), 'Sam');
    await user.click(await screen.findByRole('option', { name: 'Sam Patel' }, SLOW));
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Your forms');
    await user.type(screen.getByRole('textbox', { name: /First message/ }), 'Please fill in the intake form.');
    expect(window.localStorage.getItem(draftKeyOf('new'))).toBe('Please fill in the intake form.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/Messages\/\d+$/));
    expect(client.mock.callsTo('createConversation')[0]?.input).toMatchObject({
      body: { kind: 'client', clientId: 8, subject: 'Your forms', body: 'Please fill in the intake form.' },
    });
    expect(window.localStorage.getItem(draftKeyOf('new'))).toBeNull();
    expect(await screen.findByText(CONVERSATION_MESSAGES.created, {}, SLOW)).toBeInTheDocument();
  });

  it('given a client’s Message action, then the new conversation is with that client already', async () => {
    const { client } = renderAt({
      pathname: '/Messages',
      search: '?new=1',
      state: newConversationState({ id: 8, name: 'Sam Patel' }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: /Client/ }, SLOW)).toHaveValue('Sam Patel');
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /First message/ }), 'A first word.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(client.mock.callsTo('createConversation')[0]?.input).toMatchObject({
        body: { kind: 'client', clientId: 8 },
      }),
    );
  });

  it('given a team conversation without a member chosen, then it says whom to choose', async () => {
    renderAt('/Messages?new=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Team members/ }, SLOW));
    expect(await screen.findByRole('checkbox', { name: 'Priya Shah (Therapist)' }, SLOW)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /First message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.members)).toBeInTheDocument();
    expect(screen.getByText(CONVERSATION_MESSAGES.subject)).toBeInTheDocument();
  });
});

describe('/Messages/{id}', () => {
  it('given an unread conversation, when opened, then it is marked read and the sidebar count follows at once', async () => {
    const { client } = renderAt('/Messages/1');
    expect(await screen.findByText('Yes, 3pm works for me. Thank you.', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(client.mock.callsTo('markConversationRead')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('0'));
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    await expect(document.body).toHaveNoAxeViolations();
  });

  it('given a draft, then a reload keeps it; an empty message is refused; a sent one shows and clears the draft', async () => {
    window.localStorage.setItem(draftKeyOf(2), 'Half-written thought');
    const { client } = renderAt('/Messages/2');
    const box = await screen.findByRole('textbox', { name: /Message/ }, SLOW);
    expect(box).toHaveValue('Half-written thought');
    const user = userEvent.setup();
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.empty)).toBeInTheDocument();
    expect(client.mock.callsTo('sendMessage')).toHaveLength(0);
    await user.type(box, 'See you on Monday.');
    expect(window.localStorage.getItem(draftKeyOf(2))).toBe('See you on Monday.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(client.mock.callsTo('sendMessage')).toHaveLength(1));
    expect(await screen.findByText('See you on Monday.', { selector: 'div' }, SLOW)).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(window.localStorage.getItem(draftKeyOf(2))).toBeNull();
  });

  it('given a file the server refuses, then its sentence shows and the message can still be sent', async () => {
    const client = createMockClient({
      handlers: {
        ...messageHandlers(),
        uploadFile: { error: new ApiError(413, uploadFailedMessage(413), { detail: FILE_MESSAGES.tooLarge(25) }) },
      },
    });
    renderAt('/Messages/2', {}, client);
    await screen.findByText('Notes are in the shared folder.', {}, SLOW);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['x'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(`scan.pdf: ${FILE_MESSAGES.tooLarge(25)}`)).toBeInTheDocument();
    client.mock.set('uploadFile', ({ body }) => ({
      id: '00000000-0000-4000-8000-0000000000a1',
      name: body instanceof File ? body.name : 'file',
      size: 1,
      type: 'application/pdf',
    }));
    await userEvent.upload(input, new File(['x'], 'letter.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('list', { name: 'Attached files' })).toHaveTextContent('letter.pdf');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'The letter.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(client.mock.callsTo('sendMessage')[0]?.input).toMatchObject({
        body: { body: 'The letter.', attachmentIds: ['00000000-0000-4000-8000-0000000000a1'] },
      }),
    );
  });

  it('given a reply arrives while the thread is open, then it shows without a reload', async () => {
    const conversations = mockConversations();
    renderAt('/Messages/2', { conversations });
    await screen.findByText('Notes are in the shared folder.', {}, SLOW);
    conversations[1]!.messages.push(
      makeConversationMessage(99, { body: 'Thanks, got them.', sender: { kind: 'member', id: 3, name: 'Priya Shah' } }),
    );
    expect(await screen.findByText('Thanks, got them.', {}, { timeout: 9000 })).toBeInTheDocument();
  });

  it('given a conversation of someone else, then it says it was not found', async () => {
    renderAt('/Messages/404');
    expect(await screen.findByRole('heading', { name: CONVERSATION_MESSAGES.notFound }, SLOW)).toBeInTheDocument();
  });
});
