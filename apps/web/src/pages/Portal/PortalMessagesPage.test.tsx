import { ApiError, uploadFailedMessage } from '@halcyon/api/client';
import { CONVERSATION_MESSAGES, FILE_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, messageHandlers, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { PrivacyProvider } from '@halcyon/design-system';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKeyOf } from '../../features/messages/useDraft';
import { PortalMessagesPage } from './PortalMessagesPage';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

function renderPage(token = 'link-token', client: MockClient = createMockClient({ handlers: messageHandlers() })) {
  const router = createMemoryRouter([{ path: '/Portal/Messages/:token', element: <PortalMessagesPage /> }], {
    initialEntries: [`/Portal/Messages/${token}`],
  });
  // The practice's browser may have Privacy on: the client's own page never blurs.
  render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled>
        <RouterProvider router={router} />
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { client };
}

beforeEach(() => window.localStorage.clear());

describe('/Portal/Messages/{token}', () => {
  it('given a working link, then the client reads the conversation and replies', async () => {
    const { client } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Moving our Thursday session' }, SLOW)).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Could we meet at 3pm instead?')).toHaveAttribute('data-state', 'shown');
    expect(within(log).getAllByText('You')).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.empty)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Your reply/ }), 'Thursday at 3 is fine.');
    expect(window.localStorage.getItem(draftKeyOf('portal:link-token'))).toBe('Thursday at 3 is fine.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Thursday at 3 is fine.', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('portalSendMessage')[0]?.input).toMatchObject({
      params: { token: 'link-token' },
      body: { body: 'Thursday at 3 is fine.', attachmentIds: [] },
    });
    expect(window.localStorage.getItem(draftKeyOf('portal:link-token'))).toBeNull();
    await expect(document.body).toHaveNoAxeViolations();
  });

  it('given a file of a kind the server refuses, then its sentence shows', async () => {
    const client = createMockClient({
      handlers: {
        ...messageHandlers(),
        portalUploadAttachment: {
          error: new ApiError(415, uploadFailedMessage(415), { detail: FILE_MESSAGES.forbiddenType }),
        },
      },
    });
    renderPage('link-token', client);
    await screen.findByRole('heading', { name: 'Moving our Thursday session' }, SLOW);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText(`setup.exe: ${FILE_MESSAGES.forbiddenType}`)).toBeInTheDocument();
    await waitFor(() => expect(client.mock.calls.some((c) => c.route === 'portalUploadAttachment')).toBe(true));
  });

  it('given a link that has expired, then the server says why and what to do', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: {
        ...messageHandlers(),
        portalConversation: { error: new ApiError(410, CONVERSATION_MESSAGES.linkClosed) },
      },
    });
    renderPage('old-token', client);
    expect(await screen.findByRole('heading', { name: 'This link does not work' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(CONVERSATION_MESSAGES.linkClosed);
  });

  it('given the connection fails, then it says so with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: { ...messageHandlers(), portalConversation: { error: { status: 500, message: 'Down' } } },
    });
    renderPage('link-token', client);
    const retry = await screen.findByRole('button', { name: 'Retry' }, SLOW);
    client.mock.set('portalConversation', messageHandlers().portalConversation!);
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Moving our Thursday session' }, SLOW)).toBeInTheDocument();
  });
});
