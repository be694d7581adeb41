import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { SESSION_REQUESTS, bookingHandlers } from '@halcyon/api/testing';
import type { Meta } from '@storybook/react-vite';
import { answerPlays, typeReason } from '../../booking/requestStories';
import {
  conflict,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { RejectSessionRequestModal } from './RejectSessionRequestModal';

const render = modalRender('reject-session-request', bookingHandlers);
const plays = answerPlays('Decline session request', 'Decline request', typeReason);

const meta = {
  title: 'Modals/Scheduling/Reject session request',
  component: RejectSessionRequestModal,
  args: { requestId: 61 },
  parameters: modalParameters(
    'Declines a session request: a reason kept for the team, and a message e-mailed to the requester.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof RejectSessionRequestModal>;
export default meta;
type Story = ModalStoryObj<'reject-session-request'>;

/** A pending request, open at rest. */
export const Default: Story = {};

/** A request already answered: the modal says so and offers nothing to save. */
export const Answered: Story = {
  render: render(bookingHandlers({ requests: SESSION_REQUESTS.map((r) => ({ ...r, status: 'accepted' as const })) })),
};

/** A slow server while the answer saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ rejectSessionRequest: slow(bookingHandlers().rejectSessionRequest) }),
  play: plays.busy,
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ rejectSessionRequest: serverError() }),
  play: plays.error(/Status: 500/),
};

/** The request changed meanwhile (409): the server's words; nothing was saved. */
export const Conflict: Story = {
  render: render({ rejectSessionRequest: conflict(BOOKING_MESSAGES.requestChanged) }),
  play: plays.error(BOOKING_MESSAGES.requestChanged),
};

/** Sends the answer: SPEC.md’s message shows as a success banner. */
export const Interaction: Story = {
  play: plays.banner(BOOKING_MESSAGES.requestDeclined),
};
