import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Design system/Skeleton/Features',
  component: Skeleton,
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A paragraph: lines of decreasing width. */
export const Paragraph: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.5rem', maxWidth: '30rem' }}>
      {['100%', '95%', '90%', '60%'].map((w) => (
        <Skeleton key={w} width={w} />
      ))}
    </div>
  ),
};

/** A table placeholder. */
export const TableRows: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <div key={n} style={{ display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: '1rem' }}>
          <Skeleton />
          <Skeleton />
          <Skeleton width="50%" />
        </div>
      ))}
    </div>
  ),
};
