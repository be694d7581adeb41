import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Trash2, X } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton } from './IconButton';

const meta = {
  title: 'Design system/IconButton',
  component: IconButton,
  args: { label: 'Close panel', icon: <X />, onClick: fn(), variant: 'ghost', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    icon: { control: false },
  },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The label is the accessible name (and a native tooltip). */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Close panel' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 'var(--hds-space-2)' }}>
      <IconButton {...args} label="Edit note" icon={<Pencil />} variant="secondary" />
      <IconButton {...args} label="Delete note" icon={<Trash2 />} variant="danger" />
      <IconButton {...args} label="Close" icon={<X />} variant="ghost" size="sm" />
    </div>
  ),
};
