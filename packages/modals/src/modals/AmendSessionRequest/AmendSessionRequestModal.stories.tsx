import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { SESSION_REQUESTS, bookingHandlers } from '@halcyon/api/testing';
import type { Meta } from '@storybook/react-vite';
import { answerPlays } from '../../booking/requestStories';
import {
  conflict,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { AmendSessionRequestModal } from './AmendSessionRequestModal';

const render = modalRender('amend-session-request', bookingHandlers);
const plays = answerPlays('Propose another time', 'Send proposal');

const meta = {
  title: 'Modals/Scheduling/Amend session request',
  component: AmendSessionRequestModal,
  args: { requestId: 61 },
  parameters: modalParameters(
    'Proposes another time for a session request, with a message: the requester is e-mailed the new time with a link ' +
      'that books it in one click. Times are in the practice’s time zone.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof AmendSessionRequestModal>;
export default meta;
type Story = ModalStoryObj<'amend-session-request'>;

/** A pending request, open at rest. */
export const Default: Story = {};

/** A request already answered: the modal says so and offers nothing to save. */
export const Answered: Story = {
  render: render(bookingHandlers({ requests: SESSION_REQUESTS.map((r) => ({ ...r, status: 'accepted' as const })) })),
};

/** A slow server while the answer saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ amendSessionRequest: slow(bookingHandlers().amendSessionRequest) }),
  play: plays.busy,
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ amendSessionRequest: serverError() }),
  play: plays.error(/Status: 500/),
};

/** The request changed meanwhile (409): the server's words; nothing was saved. */
export const Conflict: Story = {
  render: render({ amendSessionRequest: conflict(BOOKING_MESSAGES.requestChanged) }),
  play: plays.error(BOOKING_MESSAGES.requestChanged),
};

/** Sends the answer: its message shows as a success banner. */
export const Interaction: Story = {
  play: plays.banner(BOOKING_MESSAGES.requestAmended),
};
