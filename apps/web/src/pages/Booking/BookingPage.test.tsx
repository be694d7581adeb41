import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { bookingHandlers, createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { formatTime, localTimeZone } from '@halcyon/api/time';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AmendedRequestPage } from './AmendedRequestPage';
import { BookingPage } from './BookingPage';

let counter = 0;

function renderPage(client: MockClient, path = 'calm-minds') {
  counter += 1;
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter initialEntries={[`/Book/${path}-${counter}`]}>
        <Routes>
          <Route path="/Book/:slug" element={<BookingPage />} />
        </Routes>
      </MemoryRouter>
    </MockApiProvider>,
  );
}

async function chooseFirstTime() {
  const days = await screen.findAllByRole('listitem');
  const first = within(days[0]!).getAllByRole('button')[0]!;
  await userEvent.click(first);
  return first;
}

describe('BookingPage (/Book/{slug})', { timeout: 20_000 }, () => {
  it('given free times, then they show by day in the visitor’s zone; a chosen time takes the details and sends the request', async () => {
    const client = createMockClient({ handlers: bookingHandlers() });
    const { container } = renderPage(client);
    expect(await screen.findByRole('heading', { name: 'Book a session at Calm Minds' })).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`your time zone \\(${localTimeZone().replace('/', '\\/')}\\)`)),
    ).toBeInTheDocument();
    const first = await chooseFirstTime();
    expect(first).toHaveAttribute('aria-pressed', 'true');
    // The choice takes the focus to the details (past the week's other times), whose heading names it.
    expect(screen.getByRole('heading', { level: 2, name: /^Couple session on / })).toHaveFocus();
    // The services are the practice's own (Settings > Services, "Booked online"), with their length and fee.
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent('Couple session (80 minutes, £110.00)');
    const slots = client.mock.callsTo('publicBookingSlots')[0]!.input as { query: { from: string; serviceId: string } };
    expect(slots.query.serviceId).toBe('32');
    await expect(container).toHaveNoAxeViolations();
    const details = within(screen.getByRole('form', { name: 'Your details' }));
    await userEvent.type(details.getByRole('textbox', { name: /Your name/ }), 'Robin Ellis');
    await userEvent.type(details.getByRole('textbox', { name: /E-mail address/ }), 'robin@visitor.example');
    await userEvent.click(details.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByText(BOOKING_MESSAGES.requestSent)).toBeInTheDocument();
    const sent = client.mock.callsTo('publicBookingRequest')[0]!.input as { body: Record<string, unknown> };
    expect(sent.body).toMatchObject({
      name: 'Robin Ellis',
      email: 'robin@visitor.example',
      serviceId: 32,
      website: '',
    });
    expect(formatTime(String(sent.body.startsAt), localTimeZone())).toBe(first.textContent?.slice(0, 5));
  });

  it('given a time taken meanwhile (409), then the server’s sentence shows above fresh times', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: {
        ...bookingHandlers(),
        publicBookingRequest: { error: { status: 409, message: BOOKING_MESSAGES.slotTaken } },
      },
    });
    renderPage(client);
    await chooseFirstTime();
    const details = within(screen.getByRole('form', { name: 'Your details' }));
    await userEvent.type(details.getByRole('textbox', { name: /Your name/ }), 'Robin Ellis');
    await userEvent.type(details.getByRole('textbox', { name: /E-mail address/ }), 'robin@visitor.example');
    await userEvent.click(details.getByRole('button', { name: 'Request this time' }));
    expect(await screen.findByText(BOOKING_MESSAGES.slotTaken)).toBeInTheDocument();
    expect(client.mock.callsTo('publicBookingSlots').length).toBeGreaterThanOrEqual(2);
  });

  it('given an address not taking bookings (404), then it says so and shows no times', async () => {
    renderPage(createMockClient({ handlers: { publicBookingPage: () => null } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.pageNotFound);
  });

  it('given the free times fail to load, then Retry loads them again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: {
        ...bookingHandlers(),
        publicBookingSlots: { error: { status: 503, message: 'Service unavailable' } },
      },
    });
    renderPage(client);
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    client.mock.set('publicBookingSlots', bookingHandlers().publicBookingSlots!);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByRole('listitem')).length).toBeGreaterThan(0);
  });
});

describe('AmendedRequestPage (/Booking-request/{token})', { timeout: 20_000 }, () => {
  function renderProposal(client: MockClient) {
    counter += 1;
    return render(
      <MockApiProvider client={client}>
        <MemoryRouter initialEntries={[`/Booking-request/token-${counter}`]}>
          <Routes>
            <Route path="/Booking-request/:token" element={<AmendedRequestPage />} />
          </Routes>
        </MemoryRouter>
      </MockApiProvider>,
    );
  }

  it('given a proposal, then the new time and message show, and one click books it', async () => {
    const client = createMockClient({ handlers: bookingHandlers() });
    renderProposal(client);
    expect(await screen.findByRole('heading', { name: 'A new time for your session' })).toBeInTheDocument();
    expect(screen.getByText('Thursday afternoon works better for me.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept this time' }));
    expect(await screen.findByText(BOOKING_MESSAGES.amendedAccepted)).toBeInTheDocument();
    expect(client.mock.callsTo('acceptAmendedRequest')).toHaveLength(1);
  });

  it('given a used link (410), then the server’s sentence shows', async () => {
    renderProposal(
      createMockClient({
        handlers: { publicAmendedRequest: { error: { status: 410, message: BOOKING_MESSAGES.linkUsed } } },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.linkUsed);
  });
});
