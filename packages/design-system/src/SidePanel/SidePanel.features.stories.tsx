import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SidePanel } from './SidePanel';

const meta = {
  title: 'Layout/SidePanel/Features',
  component: SidePanel,
  parameters: { layout: 'fullscreen' },
  args: { title: 'You have 1 new notifications', defaultOpen: true, onOpenChange: fn() },
} satisfies Meta<typeof SidePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Narrow screens: the panel floats over the page with a backdrop; clicking the backdrop closes it. */
export const Overlay: Story = {
  args: { overlay: true, children: <p>Your export is ready.</p> },
};

/** A long list scrolls inside the panel while the header stays put. */
export const LongList: Story = {
  args: {
    children: (
      <ul>
        {Array.from({ length: 40 }, (_, i) => (
          <li key={i}>Reminder {i + 1}: session note due</li>
        ))}
      </ul>
    ),
  },
};

/** With closeOnOutsideInteraction the panel closes when the user clicks elsewhere. */
export const ClosesOnOutsideClick: Story = {
  args: { closeOnOutsideInteraction: true, children: <p>Click outside to close.</p> },
  render: (args) => (
    <div>
      <button type="button">Elsewhere</button>
      <SidePanel {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Elsewhere' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
