import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { BOOKING_RULES, billingSettingsHandlers, bookingHandlers } from '@halcyon/api/testing';
import type { Meta } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
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
import { ShareBookingLinkModal } from './ShareBookingLinkModal';

const render = modalRender('share-booking-link', () => ({ ...billingSettingsHandlers(), ...bookingHandlers() }));
const TITLE = 'Share booking link';

async function sendTo(canvasElement: HTMLElement) {
  const { dialog, element } = await findModal(canvasElement, TITLE);
  await userEvent.type(
    await dialog.findByRole('textbox', { name: /^Or send to this address/ }, { timeout: 5000 }),
    'friend@visitor.example',
  );
  await clickButton(dialog, 'Send link');
  return { dialog, element };
}

const meta = {
  title: 'Modals/Scheduling/Share booking link',
  component: ShareBookingLinkModal,
  args: {},
  parameters: modalParameters(
    'Shares the online booking page: the practice’s link or a therapist’s, which can be copied, or e-mailed to a client ' +
      'or an address with a message. The services offered online are named. With online booking off there is no link: ' +
      'the modal says where to turn it on.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ShareBookingLinkModal>;
export default meta;
type Story = ModalStoryObj<'share-booking-link'>;

/** The practice's and a therapist's links, open at rest. */
export const Default: Story = {};

/** Online booking is off: nothing to share yet. */
export const BookingOff: Story = {
  render: render({ getBookingRules: () => ({ ...BOOKING_RULES, enabled: false }) }),
};

/** A slow server while the e-mail goes: the dialog is busy. */
export const Saving: Story = {
  render: render({ shareBookingLink: slow(bookingHandlers().shareBookingLink) }),
  play: async ({ canvasElement }) => expectBusy((await sendTo(canvasElement)).element),
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ shareBookingLink: serverError() }),
  play: async ({ canvasElement }) => expectModalError((await sendTo(canvasElement)).dialog, /Status: 500/),
};

/** E-mails the link: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await sendTo(canvasElement);
    await expectBanner(canvasElement, BOOKING_MESSAGES.bookingLinkShared);
  },
};
