import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TimePicker } from './TimePicker';

const meta = {
  title: 'Design system/TimePicker',
  component: TimePicker,
  args: { label: 'Start time', hint: 'In 5-minute steps.', step: 300, min: '07:00', max: '21:00', error: '' },
} satisfies Meta<typeof TimePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Start time')).toHaveAttribute('step', '300');
  },
};

export const WithValue: Story = { args: { defaultValue: '09:30' } };

export const WithError: Story = { args: { error: 'Choose a time between 07:00 and 21:00.', required: true } };
