import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Popover } from './Popover';

interface PopoverDemoProps {
  side: 'top' | 'right' | 'bottom' | 'left';
  showClose: boolean;
  defaultOpen: boolean;
}

function PopoverDemo({ side, showClose, defaultOpen }: PopoverDemoProps) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger>Session details</Popover.Trigger>
      <Popover.Content side={side} showClose={showClose} aria-label="Session details">
        <p>Tuesday 10:00 to 10:50, room 2.</p>
      </Popover.Content>
    </Popover.Root>
  );
}

const meta = {
  title: 'Design system/Popover',
  component: PopoverDemo,
  args: { side: 'bottom', showClose: true, defaultOpen: false },
  argTypes: { side: { control: 'inline-radio', options: ['top', 'right', 'bottom', 'left'] } },
} satisfies Meta<typeof PopoverDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Session details' }));
    await expect(await screen.findByRole('dialog', { name: 'Session details' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Session details' })).toHaveFocus());
  },
};

export const Open: Story = { args: { defaultOpen: true } };
