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
import { billingSettingsHandlers, clientModalHandlers, templateHandlers } from '@halcyon/api/testing';
import { CLIENT_ONBOARDED_MESSAGE, ClientOnboardingModal } from './ClientOnboardingModal';

const render = modalRender('client-onboarding', () => ({
  ...billingSettingsHandlers(),
  ...templateHandlers(),
  ...clientModalHandlers(),
}));

const meta = {
  title: 'Modals/Clients/Client onboarding',
  component: ClientOnboardingModal,
  args: { onSaved: fn() },
  parameters: modalParameters(
    'Adds a client to the practice: an individual, a couple, a family or a group (with its members), their name, date ' +
      'of birth, e-mail and phone, status, therapist (the signed-in one unless changed), tags, usual service and agreed ' +
      'fee (the service’s price unless changed); optionally an invitation to the client portal with the intake forms ' +
      'to fill in (the practice’s forms used before therapy starts). The ' +
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

/** The usual service fills the fee (changed here), and the portal invitation takes an intake form of the library. */
export const ServiceFeeAndIntakeForms: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await fillJane(canvasElement);
    const { body } = await findModal(canvasElement, 'Add client');
    await userEvent.click(dialog.getByRole('combobox', { name: /^Service/ }));
    await userEvent.click(await body.findByRole('option', { name: /^Individual session/ }));
    const fee = dialog.getByLabelText(/^Fee/);
    await waitFor(() => expect(fee).toHaveValue('75.00'));
    await userEvent.clear(fee);
    await userEvent.type(fee, '60');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Send a portal invitation' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Adult intake' }));
    await clickButton(dialog, 'Save client');
    await expectBanner(canvasElement, CLIENT_ONBOARDED_MESSAGE);
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};
