import type { Meta } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
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
import { clientModalHandlers } from '@halcyon/api/testing';
import { CLIENT_ONBOARDED_MESSAGE, ClientOnboardingModal } from './ClientOnboardingModal';

const render = modalRender('client-onboarding', clientModalHandlers);

const meta = {
  title: 'Modals/Clients/Client onboarding',
  component: ClientOnboardingModal,
  args: { onSaved: fn() },
  parameters: modalParameters(
    'Adds a client to the practice: an individual, a couple, a family or a group (with its members), their name, date ' +
      'of birth, e-mail and phone, status, therapist and tags; optionally an invitation to the client portal. The ' +
      'caller’s `onSaved` receives the new client.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ClientOnboardingModal>;
export default meta;
type Story = ModalStoryObj<'client-onboarding'>;

async function fillJane(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Add client');
  await userEvent.type(await dialog.findByLabelText(/^First name/), 'Jane');
  await userEvent.type(dialog.getByLabelText(/^Last name/), 'Doe');
  await userEvent.type(dialog.getByLabelText(/^E-mail/), 'jane.doe@example.org');
  return dialog;
}

/** A new client, open at rest. */
export const Default: Story = {};

/** Started from a name typed elsewhere (e.g. the search box). */
export const Filled: Story = {
  args: { defaults: { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.org' } },
};

/** Without a name the form says what to fix. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add client');
    await clickButton(dialog, 'Save client');
    await expect(await dialog.findByText("Enter the client's first name.")).toBeVisible();
  },
};

/** A slow server while the client is saved: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createClient: slow(clientModalHandlers().createClient) }),
  play: async ({ canvasElement }) => {
    const dialog = await fillJane(canvasElement);
    await clickButton(dialog, 'Save client');
    await expectBusy((await findModal(canvasElement, 'Add client')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createClient: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await fillJane(canvasElement);
    await clickButton(dialog, 'Save client');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** A new client with a portal invitation: SPEC.md's onboarding message, and the caller gets the new client. */
export const Interaction: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await fillJane(canvasElement);
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Send a portal invitation' }));
    await clickButton(dialog, 'Save client');
    await expectBanner(canvasElement, CLIENT_ONBOARDED_MESSAGE);
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};
