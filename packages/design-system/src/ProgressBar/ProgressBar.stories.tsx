import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Design system/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading consent-form.pdf', value: 40, max: 100, showValue: true, variant: 'accent' },
  argTypes: {
    value: { control: { type: 'range', min: 0, max: 100 } },
    variant: { control: 'inline-radio', options: ['accent', 'success', 'danger'] },
  },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading consent-form.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', '40%');
  },
};
export const Complete: Story = { args: { value: 100, variant: 'success', label: 'Upload complete' } };
export const Indeterminate: Story = { args: { value: null, label: 'Preparing export' } };
