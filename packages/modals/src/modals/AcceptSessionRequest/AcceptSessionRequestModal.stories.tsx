import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { SESSION_REQUESTS, bookingHandlers, diaryHandlers } from '@halcyon/api/testing';
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
import { AcceptSessionRequestModal } from './AcceptSessionRequestModal';

/** Accepting books through the diary, whose preferences say whether "Book anyway" is offered. */
const render = modalRender('accept-session-request', () => ({ ...diaryHandlers(), ...bookingHandlers() }));
const plays = answerPlays('Accept session request', 'Accept and book');

const meta = {
  title: 'Modals/Scheduling/Accept session request',
  component: AcceptSessionRequestModal,
  args: { requestId: 61 },
  parameters: modalParameters(
    'Accepts a session request from the online booking page: who asked for which service and when, where the session ' +
      'takes place, and whether the requester is e-mailed. Accepting books the session in the diary (a new enquiry client ' +
      'when the requester is not a client yet). A request answered meanwhile cannot be answered again.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof AcceptSessionRequestModal>;
export default meta;
type Story = ModalStoryObj<'accept-session-request'>;

/** A pending request, open at rest. */
export const Default: Story = {};

/** A request already answered: the modal says so and offers nothing to save. */
export const Answered: Story = {
  render: render(bookingHandlers({ requests: SESSION_REQUESTS.map((r) => ({ ...r, status: 'accepted' as const })) })),
};

/** A slow server while the answer saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ acceptSessionRequest: slow(bookingHandlers().acceptSessionRequest) }),
  play: plays.busy,
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ acceptSessionRequest: serverError() }),
  play: plays.error(/Status: 500/),
};

/** The request changed meanwhile (409): the server's words; nothing was saved. */
export const Conflict: Story = {
  render: render({ acceptSessionRequest: conflict(BOOKING_MESSAGES.timeNotFree) }),
  play: plays.error(BOOKING_MESSAGES.timeNotFree),
};

/** Sends the answer: SPEC.md’s message shows as a success banner. */
export const Interaction: Story = {
  play: plays.banner(BOOKING_MESSAGES.requestAccepted),
};
