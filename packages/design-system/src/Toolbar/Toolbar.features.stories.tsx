import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Toolbar } from './Toolbar';

const meta = {
  title: 'Layout/Toolbar/Features',
  component: Toolbar,
  args: { 'aria-label': 'Note actions' },
} satisfies Meta<typeof Toolbar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A disabled button is skipped by the arrow keys. */
export const DisabledItem: Story = {
  render: (args) => (
    <Toolbar {...args}>
      <Toolbar.Button>Bold</Toolbar.Button>
      <Toolbar.Button disabled>Italic</Toolbar.Button>
      <Toolbar.Button>Underline</Toolbar.Button>
    </Toolbar>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Bold' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Underline' })).toHaveFocus();
  },
};

/** A link inside the toolbar, e.g. to a help page. */
export const WithLink: Story = {
  render: (args) => (
    <Toolbar {...args}>
      <Toolbar.Button>Print</Toolbar.Button>
      <Toolbar.Link href="#help">How to write a note</Toolbar.Link>
    </Toolbar>
  ),
};
