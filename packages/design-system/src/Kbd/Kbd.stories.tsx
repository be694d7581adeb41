import type { Meta, StoryObj } from '@storybook/react-vite';
import { Kbd } from './Kbd';

const meta = {
  title: 'Design system/Kbd',
  component: Kbd,
  args: { keys: ['Ctrl', 'K'] },
} satisfies Meta<typeof Kbd>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Combination: Story = {
  render: (args) => (
    <p>
      Press <Kbd {...args} /> to search clients.
    </p>
  ),
};

export const SingleKey: Story = { args: { keys: undefined, children: 'Esc' } };
