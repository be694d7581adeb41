import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { clientModalHandlers } from '../ClientOnboarding/clientMocks';

function Opener({ id }: { id?: number }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('client-relationship', { clientId: 7, id })}>Open contact</Button>;
}

function Demo({ id }: { id?: number }) {
  return (
    <ModalTestRoot client={createMockClient({ handlers: clientModalHandlers() })}>
      <Opener id={id} />
    </ModalTestRoot>
  );
}

const meta = { title: 'Modals/Client relationship', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new contact: name, relationship, consent; "Client contact created.". */
export const New: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open contact' }));
    const dialog = await body.findByRole('dialog', { name: 'Add contact' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Dr Patel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await expect(await body.findByText('Client contact created.')).toBeInTheDocument();
  },
};

/** An existing contact, with Delete (through delete-item). */
export const Existing: Story = {
  args: { id: 11 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open contact' }));
    await expect(await body.findByDisplayValue('Sam Doe')).toBeInTheDocument();
    await expect(body.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  },
};
