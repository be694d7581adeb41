import { CALENDAR_FEED_MESSAGES } from '@halcyon/api/contract';
import { calendarFeedFixtures, calendarFeedHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { VideoCallModalProps } from '../../types';
import { EVENT_NOT_LOADED_MESSAGE, LINK_COPIED_MESSAGE } from './VideoCallModal';

async function open(props: Omit<VideoCallModalProps, 'onSaved'>, handlers = calendarFeedHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="video-call" label="Video call" props={{ ...props, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Video call' }));
  // The dialog shows a loading state first, then the event (or why it could not be read).
  await screen.findByText(/Meeting link for this event|could not load this event/);
  const dialog = within(screen.getByRole('dialog', { name: 'Video call' }));
  return { client, dialog, onSaved };
}

describe('video-call', { timeout: 20_000 }, () => {
  it('given an appointment with a Zoom link, then it shows with its platform, joins in a new tab and copies to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { dialog } = await open({ kind: 'appointment', eventId: 501 });
    expect(await dialog.findByText('https://us02web.zoom.us/j/9876543210')).toBeInTheDocument();
    expect(dialog.getByText(/Zoom/, { selector: 'span' })).toBeInTheDocument();
    const join = dialog.getByRole('link', { name: /Join call/ });
    expect(join).toHaveAttribute('href', 'https://us02web.zoom.us/j/9876543210');
    expect(join).toHaveAttribute('target', '_blank');
    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://us02web.zoom.us/j/9876543210');
    expect(await screen.findByText(LINK_COPIED_MESSAGE)).toBeInTheDocument();
  });

  it("given a session without a link, when the personal room is used and saved, then it is sent as the session's link and the modal closes", async () => {
    const { client, dialog, onSaved } = await open({ kind: 'session', eventId: 101 });
    expect(await dialog.findByText(/the therapist's personal room/)).toBeInTheDocument();
    // The personal room can be sent to the client as it is.
    expect(dialog.getByRole('button', { name: 'Send to client' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Use personal room' }));
    expect(dialog.getByRole('textbox', { name: /Meeting link for this event/ })).toHaveValue(
      'https://us02web.zoom.us/j/5551234567',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.meetingLinkSaved)).toBeInTheDocument();
    expect(client.mock.callsTo('setEventMeetingLink')[0]?.input).toEqual({
      params: { kind: 'session', id: 101 },
      body: { meetingLink: 'https://us02web.zoom.us/j/5551234567' },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 101, platform: 'zoom' }));
    expect(screen.queryByRole('dialog', { name: 'Video call' })).not.toBeInTheDocument();
  });

  it('given a link that is not https, then the form says so beside the field and nothing is sent', async () => {
    const { client, dialog } = await open({ kind: 'appointment', eventId: 501 });
    const field = await dialog.findByRole('textbox', { name: /Meeting link for this event/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'meet.google.com/abc');
    await userEvent.click(dialog.getByRole('button', { name: 'Save link' }));
    expect(
      await dialog.findByText('Enter the video link as a full address starting with https://'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('setEventMeetingLink')).toHaveLength(0);
  });

  it('given a session with its own link and a client with an e-mail address, when sent to the client, then the link is e-mailed and a banner says so', async () => {
    const fixtures = calendarFeedFixtures();
    fixtures.events[0]!.meetingLink = 'https://doxy.me/room1';
    const { client, dialog } = await open({ kind: 'session', eventId: 101 }, calendarFeedHandlers(fixtures));
    await userEvent.click(dialog.getByRole('button', { name: 'Send to client' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.meetingLinkSent)).toBeInTheDocument();
    expect(client.mock.callsTo('sendEventMeetingLink')[0]?.input).toEqual({ params: { kind: 'session', id: 101 } });
  });

  it('given an appointment with no client, then there is no "Send to client"', async () => {
    const { dialog } = await open({ kind: 'appointment', eventId: 501 });
    expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Send to client' })).not.toBeInTheDocument();
  });

  it('given an event that cannot be read, then the modal says so', async () => {
    const { dialog } = await open({ kind: 'session', eventId: 999 });
    expect(await dialog.findByText(EVENT_NOT_LOADED_MESSAGE)).toBeInTheDocument();
  });
});
