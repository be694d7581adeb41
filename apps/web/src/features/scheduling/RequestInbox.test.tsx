import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import {
  bookingHandlers,
  createMockClient,
  diaryHandlers,
  MockApiProvider,
  type MockClient,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestInbox } from './RequestInbox';

function renderInbox(client: MockClient) {
  return render(
    <MockApiProvider client={client}>
      <BannerProvider>
        <BannerRegion />
        <ModalProvider>
          <RequestInbox />
          <ModalHost />
        </ModalProvider>
      </BannerProvider>
    </MockApiProvider>,
  );
}

describe('RequestInbox (/Appointments)', { timeout: 20_000 }, () => {
  it('given two open requests, then each shows who, what and when with accept, propose and decline; accepting removes it', async () => {
    // Accepting books through the diary (its preferences say whether "Book anyway" may be offered).
    const client = createMockClient({ handlers: { ...diaryHandlers(), ...bookingHandlers() } });
    const { container } = renderInbox(client);
    const list = await screen.findByRole('list', { name: 'Session requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Session requests (2)' })).toBeInTheDocument();
    expect(within(list).getByText('Robin Ellis')).toBeInTheDocument();
    expect(
      within(list).getByText(/^Individual session · Tue,? 27 Jan 2026, 10:00 · with Tomas Lindqvist$/),
    ).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Accept the request from Robin Ellis' }));
    // The dialog shows a loading frame first, then the request.
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and book' }, { timeout: 5000 }));
    expect(await screen.findByText(BOOKING_MESSAGES.requestAccepted)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Session requests (1)' })).toBeInTheDocument();
  });

  it('given no requests, then it says so and offers to share the booking link', async () => {
    renderInbox(createMockClient({ handlers: bookingHandlers({ requests: [] }) }));
    expect(await screen.findByRole('heading', { name: 'No session requests waiting' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share booking link' }));
    // The share modal opens on the practice's link.
    expect(await screen.findByRole('textbox', { name: /^Link/ }, { timeout: 5000 })).toHaveValue(
      `${window.location.origin}/Book/calm-minds`,
    );
  });

  it('given the read fails, then the error says why with Retry, and Retry loads the requests', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: {
        ...bookingHandlers(),
        listSessionRequests: { error: { status: 503, message: 'Service unavailable' } },
      },
    });
    renderInbox(client);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The session requests could not be loaded')).toBeInTheDocument();
    client.mock.set('listSessionRequests', bookingHandlers().listSessionRequests!);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Session requests' })).toBeInTheDocument();
  });
});
