import { ApiError } from '@halcyon/api/client';
import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import {
  bookingHandlers,
  createMockClient,
  diaryHandlers,
  SESSION_REQUESTS,
  type MockHandlers,
} from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

/** Opens the modal and waits for `ready` (the loaded request, or what replaces it): the dialog shows a loading frame first. */
async function open(handlers: MockHandlers = bookingHandlers(), ready: string = 'Robin Ellis') {
  // Accepting books through the diary, whose preferences say whether "Book anyway" is offered.
  const diary = diaryHandlers();
  handlers = {
    getSchedulingPreferences: diary.getSchedulingPreferences,
    listAppointmentLocations: diary.listAppointmentLocations,
    ...handlers,
  };
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="accept-session-request" label="Accept" props={{ requestId: 61, onSaved }} />, {
    client,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
  await screen.findByText(ready, undefined, { timeout: 5000 });
  const dialog = within(screen.getByRole('dialog', { name: 'Accept session request' }));
  return { client, dialog, onSaved };
}

describe('accept-session-request', { timeout: 20_000 }, () => {
  it('given a pending request, when accepted by video, then the place and the version are sent and SPEC.md’s message shows', async () => {
    const { client, dialog, onSaved } = await open();
    expect(dialog.getByText('Robin Ellis')).toBeInTheDocument();
    expect(dialog.getByText(/Individual session \(50 minutes\)/)).toBeInTheDocument();
    await expect(screen.getByRole('dialog', { name: 'Accept session request' })).toHaveNoAxeViolations();
    await userEvent.click(dialog.getByRole('radio', { name: 'Video' }));
    expect(dialog.queryByRole('textbox', { name: /Room or address/ })).not.toBeInTheDocument();
    // The requester's confirmation carries the meeting link.
    await userEvent.type(dialog.getByRole('textbox', { name: /^Video link/ }), 'https://meet.example/robin');
    await userEvent.click(dialog.getByRole('button', { name: 'Accept and book' }));
    expect(await screen.findByText(BOOKING_MESSAGES.requestAccepted)).toBeInTheDocument();
    expect(client.mock.callsTo('acceptSessionRequest')[0]?.input).toMatchObject({
      params: { id: 61 },
      body: { locationKind: 'video', videoLink: 'https://meet.example/robin', notifyRequester: true, version: 1 },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 61, status: 'accepted' }));
  });

  it('given a request answered meanwhile, then the modal says so and offers no accept button', async () => {
    const { dialog } = await open(
      bookingHandlers({ requests: SESSION_REQUESTS.map((r) => ({ ...r, status: 'declined' as const })) }),
      BOOKING_MESSAGES.requestDecided,
    );
    expect(dialog.getByText(BOOKING_MESSAGES.requestDecided)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Accept and book' })).not.toBeInTheDocument();
  });

  it('given the time taken in the diary (409), then the server’s words show and the modal stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await open({
      ...bookingHandlers(),
      acceptSessionRequest: { error: { status: 409, message: BOOKING_MESSAGES.timeNotFree } },
    });
    await userEvent.click(await dialog.findByRole('button', { name: 'Accept and book' }));
    expect(await dialog.findByText(BOOKING_MESSAGES.timeNotFree)).toBeInTheDocument();
  });

  it('given a clash where the practice allows double-booking, then the diary’s sentence shows and "Book anyway" books over it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const clash =
      'You already have a session (Individual session with Sam Rivers) on Mon 12 Jan 2026, 09:00 at that time. Choose another time, or schedule it anyway.';
    const booking = bookingHandlers();
    const accepts = booking.acceptSessionRequest;
    if (typeof accepts !== 'function')
      throw new Error('The booking mock answers acceptSessionRequest with a function.');
    const handlers: MockHandlers = {
      ...booking,
      getSchedulingPreferences: diaryHandlers({ preferences: { allowDoubleBooking: true } }).getSchedulingPreferences,
      acceptSessionRequest: (input, ctx) => {
        if (!input.body.ignoreConflicts) throw new ApiError(409, clash);
        return accepts(input, ctx);
      },
    };
    const { client, dialog } = await open(handlers);
    await userEvent.click(dialog.getByRole('button', { name: 'Accept and book' }));
    expect(await dialog.findByText(clash)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Book anyway' }));
    expect(await screen.findByText(BOOKING_MESSAGES.requestAccepted)).toBeInTheDocument();
    const [first, second] = client.mock.callsTo('acceptSessionRequest');
    expect(first?.input).toMatchObject({ body: { ignoreConflicts: false } });
    expect(second?.input).toMatchObject({ body: { ignoreConflicts: true } });
  });

  it('given the request answered meanwhile (409), then "Book anyway" is never offered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await open({
      ...bookingHandlers(),
      getSchedulingPreferences: diaryHandlers({ preferences: { allowDoubleBooking: true } }).getSchedulingPreferences,
      acceptSessionRequest: { error: { status: 409, message: BOOKING_MESSAGES.requestChanged } },
    });
    await userEvent.click(await dialog.findByRole('button', { name: 'Accept and book' }));
    expect(await dialog.findByText(BOOKING_MESSAGES.requestChanged)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Book anyway' })).not.toBeInTheDocument();
  });
});
