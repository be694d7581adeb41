import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Dialog } from './Dialog';

interface DialogDemoProps {
  size: 'sm' | 'md' | 'lg';
  title: string;
  description: string;
  showClose: boolean;
}

function DialogDemo({ size, title, description, showClose }: DialogDemoProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>Edit supervision session</Button>
      </Dialog.Trigger>
      <Dialog.Content size={size} showClose={showClose}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Body>
          <label htmlFor="supervisor">Supervisor</label> <input id="supervisor" defaultValue="Dr A. Patel" />
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <Button>Save</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

const meta = {
  title: 'Design system/Dialog',
  component: DialogDemo,
  args: {
    size: 'md',
    title: 'Edit supervision session',
    description: 'Date, supervisor and hours of the session.',
    showClose: true,
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof DialogDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger; Escape, Cancel or × close it and focus returns to the trigger. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const opener = canvas.getByRole('button', { name: 'Edit supervision session' });
    await userEvent.click(opener);
    const dialog = await body.findByRole('dialog', { name: 'Edit supervision session' });
    // The dialog fades in; it is visible once the animation has run.
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(opener).toHaveFocus();
  },
};

export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
