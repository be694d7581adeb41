import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleCheck } from 'lucide-react';
import { Badge } from './Badge';

const meta = {
  title: 'Design system/Badge/Features',
  component: Badge,
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every variant side by side. */
export const AllVariants: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {(['neutral', 'accent', 'success', 'warning', 'danger', 'info'] as const).map((v) => (
        <Badge key={v} variant={v}>
          {v}
        </Badge>
      ))}
    </div>
  ),
};

export const WithIcon: Story = { args: { variant: 'success', icon: <CircleCheck />, children: 'Signed' } };

/** Long text is cut with an ellipsis inside a narrow container. */
export const Truncated: Story = {
  render: () => (
    <div style={{ width: '8rem' }}>
      <Badge variant="info">Awaiting insurance pre-authorisation</Badge>
    </div>
  ),
};
