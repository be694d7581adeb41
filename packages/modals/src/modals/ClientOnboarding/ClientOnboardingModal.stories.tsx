import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { SavedRecord } from '../../types';
import { clientModalHandlers } from './clientMocks';

function Opener({ onSaved }: { onSaved: (record: SavedRecord) => void }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('client-onboarding', { onSaved })}>Add client</Button>;
}

function Demo({ onSaved }: { onSaved: (record: SavedRecord) => void }) {
  return (
    <ModalTestRoot client={createMockClient({ handlers: clientModalHandlers() })}>
      <Opener onSaved={onSaved} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Client onboarding',
  component: Demo,
  args: { onSaved: fn() },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new client with a portal invitation: SPEC.md's onboarding message, and the caller gets the new client. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Add client' }));
    const dialog = await body.findByRole('dialog', { name: 'Add client' });
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Jane');
    await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Doe');
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'jane.doe@example.org');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a portal invitation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    await expect(await body.findByText('Client created and onboarding sent successfully.')).toBeInTheDocument();
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

/** Without a name the form says what to fix. */
export const MissingName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Add client' }));
    const dialog = await body.findByRole('dialog', { name: 'Add client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    await expect(await within(dialog).findByText("Enter the client's first name.")).toBeInTheDocument();
  },
};
