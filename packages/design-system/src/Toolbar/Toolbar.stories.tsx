import type { Meta, StoryObj } from '@storybook/react-vite';
import { Download, ListFilter, Plus } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Toolbar } from './Toolbar';

const meta = {
  title: 'Layout/Toolbar',
  component: Toolbar,
  args: { 'aria-label': 'Client list actions', orientation: 'horizontal', loop: true },
  argTypes: {
    orientation: { control: 'inline-radio', options: ['horizontal', 'vertical'] },
    loop: { control: 'boolean' },
  },
  render: (args) => (
    <Toolbar {...args}>
      <Toolbar.Button onClick={fn()}>
        <Plus aria-hidden size={16} /> Add client
      </Toolbar.Button>
      <Toolbar.Button>
        <ListFilter aria-hidden size={16} /> Filter
      </Toolbar.Button>
      <Toolbar.Separator />
      <Toolbar.ToggleGroup type="single" defaultValue="active" aria-label="Status">
        <Toolbar.ToggleItem value="active">Active</Toolbar.ToggleItem>
        <Toolbar.ToggleItem value="archived">Archived</Toolbar.ToggleItem>
      </Toolbar.ToggleGroup>
      <Toolbar.Spacer />
      <Toolbar.Button>
        <Download aria-hidden size={16} /> Export
      </Toolbar.Button>
    </Toolbar>
  ),
} satisfies Meta<typeof Toolbar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add client' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Filter' })).toHaveFocus();
  },
};

export const Vertical: Story = { args: { orientation: 'vertical' } };
