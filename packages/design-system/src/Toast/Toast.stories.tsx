import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Toast, ToastProvider, ToastViewport, useToast } from './Toast';

const meta = {
  title: 'Design system/Toast',
  component: Toast,
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
        <ToastViewport />
      </ToastProvider>
    ),
  ],
  args: {
    title: 'Reminder sent',
    description: 'The client will get an e-mail 24 hours before the session.',
    variant: 'neutral',
    open: true,
    duration: Infinity,
  },
  argTypes: { variant: { control: 'inline-radio', options: ['neutral', 'success', 'error'] } },
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Success: Story = { args: { variant: 'success', title: 'Invoice sent', description: undefined } };
export const ErrorToast: Story = {
  args: { variant: 'error', title: 'Could not send invoice', description: 'Check the client e-mail address.' },
};
export const WithAction: Story = {
  args: {
    title: 'Note archived',
    description: undefined,
    action: { label: 'Undo', altText: 'Restore it from the Archive tab', onClick: () => undefined },
  },
};

function Trigger() {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title: 'Link copied', variant: 'success' })}>
      Copy booking link
    </button>
  );
}

/** `useToast().toast(...)` from anywhere under the provider. */
export const FromHook: Story = {
  render: () => <Trigger />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy booking link' }));
    await expect(await screen.findByText('Link copied')).toBeInTheDocument();
  },
};
