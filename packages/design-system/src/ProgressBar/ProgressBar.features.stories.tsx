import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Design system/ProgressBar/Features',
  component: ProgressBar,
  args: { label: '' },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A custom value text: steps instead of a percentage. */
export const Steps: Story = {
  args: {
    label: 'Onboarding',
    value: 2,
    max: 5,
    getValueLabel: (v: number, m: number) => `Step ${v} of ${m}`,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Step 2 of 5');
  },
};

/** Out-of-range values are clamped. */
export const Clamped: Story = {
  args: { label: 'Storage used', value: 140, max: 100, variant: 'danger' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

/** A long file name wraps. */
export const LongLabel: Story = {
  render: (args) => (
    <div style={{ maxWidth: '16rem' }}>
      <ProgressBar {...args} />
    </div>
  ),
  args: { label: 'Uploading a-very-long-scanned-referral-letter-from-the-gp-2026-03.pdf', value: 75 },
};
