import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ToastProvider, ToastViewport, useToast } from './Toast';

const meta = {
  title: 'Design system/Toast/Features',
  component: ToastProvider,
} satisfies Meta<typeof ToastProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

function Burst() {
  const { toast } = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        toast({ title: 'Session 1 exported' });
        toast({ title: 'Session 2 exported' });
        toast({ title: 'Export failed for session 3', variant: 'error', duration: Infinity });
      }}
    >
      Export
    </button>
  );
}

/** Several toasts stack; an error stays until dismissed when given `duration: Infinity`. */
export const Stacked: Story = {
  render: () => (
    <ToastProvider>
      <Burst />
      <ToastViewport />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export' }));
    await expect(await screen.findByText('Export failed for session 3')).toBeInTheDocument();
    await expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  },
};
