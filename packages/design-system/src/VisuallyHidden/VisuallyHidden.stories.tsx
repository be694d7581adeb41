import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'Design system/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Delete note' },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Text for screen readers only: this icon button is named "Delete note". */
export const InAButton: Story = {
  render: (args) => (
    <button type="button">
      <Trash2 aria-hidden="true" />
      <VisuallyHidden {...args} />
    </button>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
  },
};

/** `focusable`: a skip link that appears when tabbed to. */
export const SkipLink: Story = {
  render: () => (
    <VisuallyHidden focusable>
      <a href="#main">Skip to main content</a>
    </VisuallyHidden>
  ),
};
