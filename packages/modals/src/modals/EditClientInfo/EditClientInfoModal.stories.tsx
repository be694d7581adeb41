import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { clientModalHandlers } from '../ClientOnboarding/clientMocks';

function Opener({ section }: { section?: string }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('edit-client-info', { clientId: 7, section })}>Edit client</Button>;
}

function Demo({ section, conflict = false }: { section?: string; conflict?: boolean }) {
  const handlers = clientModalHandlers();
  if (conflict) {
    handlers.updateClientAddress = {
      error: {
        status: 409,
        message:
          'This client was changed elsewhere since you opened it. Copy your changes, reload, and apply them again.',
      },
    };
  }
  return (
    <ModalTestRoot client={createMockClient({ handlers })}>
      <Opener section={section} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Edit client info',
  component: Demo,
  args: { section: 'address' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The address section: change the town and save; SPEC.md's message confirms. */
export const Address: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit client' }));
    const city = await body.findByLabelText(/^Town or city/);
    await userEvent.clear(city);
    await userEvent.type(city, 'Bath');
    await userEvent.click(body.getByRole('button', { name: 'Save changes' }));
    await expect(await body.findByText('Client details updated successfully.')).toBeInTheDocument();
  },
};

/** Someone else saved first: the server's reason shows and the typed text stays. */
export const VersionConflict: Story = {
  args: { conflict: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit client' }));
    const city = await body.findByLabelText(/^Town or city/);
    await userEvent.clear(city);
    await userEvent.type(city, 'Bath');
    await userEvent.click(body.getByRole('button', { name: 'Save changes' }));
    await expect(await body.findByText(/changed elsewhere since you opened it/)).toBeInTheDocument();
    await expect(body.getByLabelText(/^Town or city/)).toHaveValue('Bath');
  },
};

/** The insurance section: insurer, policy, authorisation, sessions, excess and dates. */
export const Insurance: Story = { args: { section: 'insurance' } };
