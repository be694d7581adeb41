import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { clientModalHandlers } from '../ClientOnboarding/clientMocks';

function Opener({ id }: { id?: number }) {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('activity-log', { clientId: 7, id, readOnly: id !== undefined })}>
      Open activity
    </Button>
  );
}

function Demo({ id }: { id?: number }) {
  return (
    <ModalTestRoot client={createMockClient({ handlers: clientModalHandlers() })}>
      <Opener id={id} />
    </ModalTestRoot>
  );
}

const meta = { title: 'Modals/Activity log', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Record a call by hand: kind, when, direction, summary, notes, duration. */
export const AddEntry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open activity' }));
    const dialog = await body.findByRole('dialog', { name: 'Add to the activity log' });
    await userEvent.type(within(dialog).getByLabelText(/^Summary/), 'Phoned about moving Thursday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    await expect(await body.findByText('Activity log entry created.')).toBeInTheDocument();
  },
};

/** One entry, read-only. */
export const ViewEntry: Story = {
  args: { id: 5 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open activity' }));
    await expect(await body.findByText('Agreed Friday 10:00 instead.')).toBeInTheDocument();
  },
};
