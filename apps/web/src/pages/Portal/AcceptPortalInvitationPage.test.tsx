import { PORTAL_INVITATION_MESSAGES, type PortalInvitationState } from '@halcyon/api/contract';
import { ApiError } from '@halcyon/api/client';
import { createMockClient, MockApiProvider, type MockClient, type MockHandlers } from '@halcyon/api/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AcceptPortalInvitationPage } from './AcceptPortalInvitationPage';

let tokenCounter = 0;

function renderPage(client: MockClient) {
  tokenCounter += 1;
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter initialEntries={[`/Portal/Accept-invitation/token-${tokenCounter}`]}>
        <Routes>
          <Route path="/Portal/Accept-invitation/:token" element={<AcceptPortalInvitationPage />} />
        </Routes>
      </MemoryRouter>
    </MockApiProvider>,
  );
}

function invitation(handlers: MockHandlers = {}, state: PortalInvitationState = 'valid') {
  return createMockClient({
    handlers: {
      portalInvitationRetrieve: () => ({
        practiceName: 'Harbour Counselling',
        clientFirstName: 'Addie',
        state,
        expiresAt: '2099-02-01T09:00:00.000Z',
      }),
      acceptPortalInvitation: () => ({
        detail: PORTAL_INVITATION_MESSAGES.accepted,
        acceptedAt: '2026-01-15T09:00:00.000Z',
      }),
      ...handlers,
    },
  });
}

const AGREE = 'I agree to receive documents and forms from my practice online';

describe('AcceptPortalInvitationPage (/Portal/Accept-invitation/{token})', () => {
  it('given a valid link, then the practice invites the client by name with the agreement and Accept, and axe finds nothing', async () => {
    const { container } = renderPage(invitation());
    expect(
      await screen.findByRole('heading', { name: 'Harbour Counselling has invited you to its client portal' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Hello Addie\./)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: new RegExp(AGREE) })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the box is not ticked, when accepted, then it says to tick it and nothing is sent', async () => {
    const client = invitation();
    renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Tick the box to agree to receive documents and forms from your practice online.'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('acceptPortalInvitation')).toHaveLength(0);
  });

  it('given the box is ticked, when accepted, then the acceptance is sent and the confirmation shows, and axe finds nothing', async () => {
    const client = invitation();
    const { container } = renderPage(client);
    await userEvent.click(await screen.findByRole('checkbox', { name: new RegExp(AGREE) }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Your portal access is active' })).toBeInTheDocument();
    expect(screen.getByText(PORTAL_INVITATION_MESSAGES.accepted)).toBeInTheDocument();
    expect(client.mock.callsTo('acceptPortalInvitation')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ body: { agree: true } }) }),
    ]);
    await expect(container).toHaveNoAxeViolations();
  });

  it.each([
    ['used', 'This invitation was already accepted'],
    ['expired', 'This invitation has expired'],
    ['revoked', 'This invitation was withdrawn'],
  ] as const)('given a %s link, then its heading and sentence show instead of the form', async (state, heading) => {
    const { container } = renderPage(invitation({}, state));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(PORTAL_INVITATION_MESSAGES[state]);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given an unknown link (404), then it says the link does not work and what to do', async () => {
    renderPage(invitation({ portalInvitationRetrieve: () => null }));
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(PORTAL_INVITATION_MESSAGES.unknown)).toBeInTheDocument();
  });

  it('given the invitation is withdrawn while the page is open, when accepted, then the 410 sentence replaces the form', async () => {
    renderPage(
      invitation({ acceptPortalInvitation: { error: new ApiError(410, PORTAL_INVITATION_MESSAGES.revoked) } }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: new RegExp(AGREE) }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'This invitation was withdrawn' })).toBeInTheDocument();
    expect(screen.getByText(PORTAL_INVITATION_MESSAGES.revoked)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
