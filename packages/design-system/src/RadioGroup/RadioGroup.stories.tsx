import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RadioGroup } from './RadioGroup';

const meta = {
  title: 'Design system/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'Session type',
    hint: 'How you will meet.',
    options: [
      { value: 'in-person', label: 'In person' },
      { value: 'video', label: 'Video call', description: 'A link is sent with the reminder.' },
      { value: 'phone', label: 'Phone' },
    ],
    error: '',
    orientation: 'vertical',
    onValueChange: fn(),
  },
  argTypes: { orientation: { control: 'inline-radio', options: ['vertical', 'horizontal'] } },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move and choose within the group; Tab leaves it. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByText('Video call'));
    await expect(args.onValueChange).toHaveBeenCalledWith('video');
  },
};

export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'phone' } };

export const WithError: Story = { args: { error: 'Choose how you will meet.', required: true } };
