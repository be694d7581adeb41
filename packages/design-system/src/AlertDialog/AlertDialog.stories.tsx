import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { AlertDialog } from './AlertDialog';

interface AlertDialogDemoProps {
  title: string;
  description: string;
  actionLabel: string;
  size: 'sm' | 'md' | 'lg';
  onAction: () => void;
}

function AlertDialogDemo({ title, description, actionLabel, size, onAction }: AlertDialogDemoProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="danger">Delete task</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content size={size}>
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description>{description}</AlertDialog.Description>
        <AlertDialog.Footer>
          <AlertDialog.Cancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action asChild>
            <Button variant="danger" onClick={onAction}>
              {actionLabel}
            </Button>
          </AlertDialog.Action>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

const meta = {
  title: 'Design system/AlertDialog',
  component: AlertDialogDemo,
  args: {
    title: 'Delete task “Call GP about referral”?',
    description: 'This cannot be undone.',
    actionLabel: 'Delete',
    size: 'sm',
    onAction: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof AlertDialogDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Focus starts on Cancel; a click outside does not close it. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete task' }));
    const dialog = await body.findByRole('alertdialog');
    // The dialog fades in; it is visible once the animation has run.
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(body.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(body.getByRole('button', { name: 'Delete' }));
    await expect(args.onAction).toHaveBeenCalled();
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

export const DiscardChanges: Story = {
  args: {
    title: 'Discard changes?',
    description: 'The changes you made in this form will be lost.',
    actionLabel: 'Discard',
  },
};
