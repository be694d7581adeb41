import type { Meta, StoryObj } from '@storybook/react-vite';
import { Users } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Design system/EmptyState',
  component: EmptyState,
  args: {
    icon: <Users />,
    title: 'No clients yet',
    description: 'Add your first client to start booking sessions and writing notes.',
    action: <button type="button">Add client</button>,
    headingLevel: 2,
  },
  argTypes: {
    headingLevel: { control: 'inline-radio', options: [2, 3, 4] },
    icon: { control: false },
    action: { control: false },
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'No clients yet' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add client' })).toBeInTheDocument();
  },
};

export const WithoutAction: Story = {
  args: { action: undefined, title: 'No results', description: 'Try a different name or clear the filters.' },
};
