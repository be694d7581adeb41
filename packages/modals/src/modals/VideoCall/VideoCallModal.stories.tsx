import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { CALENDAR_FEED_MESSAGES } from '@halcyon/api/contract';
import { calendarFeedFixtures, calendarFeedHandlers } from '@halcyon/api/testing';
import {
  clickButton,
  expectBanner,
  expectBusy,
  expectModalError,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { VideoCallModal } from './VideoCallModal';

const fixtures = () => calendarFeedHandlers();

/** The handlers with session 101 given a Doxy.me link of its own. */
function withSessionLink() {
  const f = calendarFeedFixtures();
  Object.assign(f.events[0]!, { meetingLink: 'https://doxy.me/room1', platform: 'doxy' });
  return calendarFeedHandlers(f);
}
const render = modalRender('video-call', fixtures);

const meta = {
  title: 'Modals/Sessions/Video call',
  component: VideoCallModal,
  args: { kind: 'appointment', eventId: 501 },
  parameters: modalParameters(
    "An event's meeting link with its platform, to join in a new tab or copy; without a link of its own, the " +
      "therapist's personal room is offered; the event's own link can be set, changed or removed (a session given a " +
      'link takes place by video).',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof VideoCallModal>;
export default meta;
type Story = ModalStoryObj<'video-call'>;

/** An appointment with its own Zoom link, open at rest. */
export const Default: Story = {};

/** A session with no link of its own: the therapist's personal room is offered. */
export const PersonalRoom: Story = { args: { kind: 'session', eventId: 101 } };

/** No link anywhere: the event has none and its therapist has no personal room. */
export const Empty: Story = {
  args: { kind: 'session', eventId: 101 },
  render: render({
    getEventMeetingLink: () => ({ ...calendarFeedFixtures().events[0]!, therapistDefault: null }),
  }),
};

/** The event cannot be read: the modal says so. */
export const LoadError: Story = {
  render: render({ getEventMeetingLink: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Video call');
    await expect(await dialog.findByText(/could not load this event/)).toBeVisible();
  },
};

/** A link that is not https: the form says what to fix. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Video call');
    const field = await dialog.findByRole('textbox', { name: /Meeting link for this event/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'zoom.us/j/1');
    await clickButton(dialog, 'Save link');
    await expect(
      await dialog.findByText('Enter the video link as a full address starting with https://'),
    ).toBeVisible();
  },
};

/** A slow server while the link is saved: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ setEventMeetingLink: slow(fixtures().setEventMeetingLink) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await findModal(canvasElement, 'Video call');
    await dialog.findByRole('textbox', { name: /Meeting link for this event/ });
    await clickButton(dialog, 'Save link');
    await expectBusy(element);
  },
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ setEventMeetingLink: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Video call');
    await dialog.findByRole('textbox', { name: /Meeting link for this event/ });
    await clickButton(dialog, 'Save link');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** A session with its own link and a client with an e-mail address: the link is sent to the client. */
export const SendToClient: Story = {
  args: { kind: 'session', eventId: 101 },
  render: render(withSessionLink()),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Video call');
    await userEvent.click(await dialog.findByRole('button', { name: 'Send to client' }));
    await expectBanner(canvasElement, CALENDAR_FEED_MESSAGES.meetingLinkSent);
  },
};

/** The personal room given to a session: the link is saved. */
export const Interaction: Story = {
  args: { kind: 'session', eventId: 101 },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Video call');
    await clickButton(dialog, 'Use personal room');
    await clickButton(dialog, 'Save link');
    await expectBanner(canvasElement, CALENDAR_FEED_MESSAGES.meetingLinkSaved);
  },
};
