import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Tooltip, TooltipProvider } from './Tooltip';

const meta = {
  title: 'Design system/Tooltip',
  component: Tooltip,
  decorators: [
    (Story) => (
      <TooltipProvider delayDuration={200}>
        <div style={{ padding: '3rem' }}>
          <Story />
        </div>
      </TooltipProvider>
    ),
  ],
  args: {
    content: 'Opens the notifications panel',
    side: 'top',
    children: <button type="button">Notifications</button>,
  },
  argTypes: {
    side: { control: 'inline-radio', options: ['top', 'right', 'bottom', 'left'] },
    children: { control: false },
  },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard focus shows the tooltip at once; Escape hides it. */
export const OnFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Notifications' })).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Opens the notifications panel');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const Open: Story = { args: { open: true, side: 'bottom' } };
