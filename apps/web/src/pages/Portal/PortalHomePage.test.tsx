import { PORTAL_HOME_MESSAGES, type PortalHome } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalHomePage } from './PortalHomePage';
import { PortalSignInPage } from './PortalSignInPage';

vi.setConfig({ testTimeout: 20_000 });

const HOME: PortalHome = {
  practiceName: 'Harbour Counselling',
  clientFirstName: 'Morgan',
  timeZone: 'Europe/London',
  expiresAt: '2026-11-30T10:00:00.000Z',
  sessions: [
    {
      id: 3,
      startsAt: '2026-12-02T14:00:00.000Z',
      endsAt: '2026-12-02T14:50:00.000Z',
      serviceName: 'Individual session',
      therapistName: 'Sofia Moreau',
      where: 'Video',
    },
  ],
  conversations: [{ id: 8, subject: 'Before our next session', unread: 2, lastMessageAt: '2026-11-28T09:00:00.000Z' }],
  waiting: [
    {
      kind: 'measure',
      id: 5,
      title: 'Patient Health Questionnaire (PHQ-9)',
      detail: 'A questionnaire to fill in. Open until 12 December 2026.',
      sentAt: '2026-11-27T09:00:00.000Z',
    },
    {
      kind: 'invoice',
      id: 9,
      title: 'Invoice INV-0001',
      detail: '£65.00 to pay by 30 December 2026.',
      sentAt: '2026-11-28T09:00:00.000Z',
    },
  ],
  documents: [
    {
      id: 4,
      name: 'Letter to your GP',
      sharedAt: '2026-11-20T09:00:00.000Z',
      availableUntil: '2026-12-04T09:00:00.000Z',
    },
  ],
};

function renderAt(path: string, client: MockClient) {
  const router = createMemoryRouter(
    [
      { path: '/Portal', element: <PortalSignInPage /> },
      { path: '/Portal/Home/:token', element: <PortalHomePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('/Portal and /Portal/Home/{token}', () => {
  it('given an address, when a link is asked for, then the same confirmation shows whoever asks', async () => {
    const client = createMockClient({
      handlers: { requestPortalSignIn: { response: { detail: PORTAL_HOME_MESSAGES.signInSent } } },
    });
    renderAt('/Portal', client);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'morgan@client.example');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByText(PORTAL_HOME_MESSAGES.signInSent)).toBeInTheDocument();
    expect(client.mock.callsTo('requestPortalSignIn')[0]?.input).toEqual({ body: { email: 'morgan@client.example' } });
    await expect(document.body).toHaveNoAxeViolations();
  });

  it('given a working link, then what waits, the sessions and the messages show, and opening one goes to its fresh link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const client = createMockClient({
      handlers: {
        portalHome: { response: HOME },
        openPortalItem: { response: { url: '/Measure/fresh-token' } },
      },
    });
    renderAt('/Portal/Home/sign-in-token', client);
    expect(await screen.findByRole('heading', { name: 'Your portal at Harbour Counselling' })).toBeInTheDocument();
    const waiting = within(screen.getByRole('region', { name: 'Waiting for you' }));
    expect(waiting.getByText('£65.00 to pay by 30 December 2026.')).toBeInTheDocument();
    const sessions = within(screen.getByRole('region', { name: 'Your upcoming sessions' }));
    expect(sessions.getByText('Individual session · with Sofia Moreau · Video')).toBeInTheDocument();
    const messages = within(screen.getByRole('region', { name: 'Messages' }));
    expect(messages.getByText('2 new')).toBeInTheDocument();
    const documents = within(screen.getByRole('region', { name: 'Documents from your practice' }));
    expect(documents.getByRole('button', { name: 'Download Letter to your GP' })).toBeInTheDocument();
    await expect(document.body).toHaveNoAxeViolations();

    await userEvent.click(waiting.getByRole('button', { name: 'Fill in: Patient Health Questionnaire (PHQ-9)' }));
    expect(client.mock.callsTo('openPortalItem')[0]?.input).toEqual({
      params: { token: 'sign-in-token' },
      body: { kind: 'measure', id: 5 },
    });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/Measure/fresh-token'));
  });

  it('given the client writes to the practice, then an empty message says what to fix, and a sent one opens its conversation', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const client = createMockClient({
      handlers: {
        portalHome: { response: HOME },
        startPortalConversation: { response: { url: '/Portal/Messages/new-thread' } },
      },
    });
    renderAt('/Portal/Home/sign-in-token', client);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write to Harbour Counselling' }));
    const first = within(screen.getByRole('form', { name: 'Write to Harbour Counselling' }));
    // Focus moves into the form that replaced the button, and back to the button when it is cancelled.
    await waitFor(() => expect(first.getByRole('textbox', { name: /Subject/ })).toHaveFocus());
    await user.click(first.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Write to Harbour Counselling' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const write = within(await screen.findByRole('form', { name: 'Write to Harbour Counselling' }));
    await waitFor(() => expect(write.getByRole('textbox', { name: /Subject/ })).toHaveFocus());
    await user.type(write.getByRole('textbox', { name: /Subject/ }), 'Next week');
    await user.click(write.getByRole('button', { name: 'Send' }));
    expect(await write.findByText('Write a message before sending it.')).toBeInTheDocument();
    await user.type(write.getByRole('textbox', { name: /Your message/ }), 'Could we move Tuesday?');
    await user.click(write.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/Portal/Messages/new-thread'));
    expect(client.mock.callsTo('startPortalConversation')[0]?.input).toEqual({
      params: { token: 'sign-in-token' },
      body: { subject: 'Next week', body: 'Could we move Tuesday?' },
    });
  });

  it("given an invoice that cannot be paid online, then the server's sentence shows and nothing else moves", async () => {
    const client = createMockClient({
      handlers: {
        portalHome: { response: HOME },
        openPortalItem: { error: { status: 409, message: PORTAL_HOME_MESSAGES.noPayLink } },
      },
    });
    renderAt('/Portal/Home/sign-in-token', client);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay online: Invoice INV-0001' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PORTAL_HOME_MESSAGES.noPayLink);
    expect(screen.getByRole('button', { name: 'Pay online: Invoice INV-0001' })).toBeEnabled();
  });

  it('given a link that has expired, then it says so and offers a new one; a failed connection offers Retry', async () => {
    const expired = createMockClient({
      handlers: { portalHome: { error: { status: 410, message: PORTAL_HOME_MESSAGES.linkExpired } } },
    });
    renderAt('/Portal/Home/old-token', expired);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(PORTAL_HOME_MESSAGES.linkExpired);
    expect(screen.getByRole('link', { name: 'Ask for a new sign-in link' })).toHaveAttribute('href', '/Portal');
  });

  it('given the connection fails, then Retry loads the home again', async () => {
    const client = createMockClient({
      handlers: { portalHome: { error: { status: 0, message: 'Network error' } } },
    });
    renderAt('/Portal/Home/sign-in-token', client);
    expect(await screen.findByRole('heading', { name: 'Your portal could not be opened' })).toBeInTheDocument();
    client.mock.set('portalHome', { response: HOME });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your portal at Harbour Counselling' })).toBeInTheDocument();
  });
});
