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

/** A long list scrolls inside the panel while the header stays put (here the shell's height is 360 px). */
export const LongList: Story = {
  render: (args) => (
    <div style={{ blockSize: 360 }}>
      <SidePanel {...args} />
    </div>
  ),
  args: {
    children: (
      <ul>
        {Array.from({ length: 40 }, (_, i) => (
          <li key={i}>Reminder {i + 1}: session note due</li>
        ))}
      </ul>
    ),
  },
  play: async ({ canvasElement }) => {
    // The list overflows the body, so after the close button (focused on opening) the body takes focus and the
    // keyboard can scroll it. Without a layout engine (the portable story tests in happy-dom) nothing overflows.
    const canvas = within(canvasElement);
    const body = canvas.getByRole('list').parentElement as HTMLElement;
    if (!body.clientHeight) return;
    await expect(canvas.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(body).toHaveFocus();
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
