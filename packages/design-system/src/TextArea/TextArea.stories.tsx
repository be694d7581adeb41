import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Design system/TextArea',
  component: TextArea,
  args: { label: 'Reason for referral', hint: 'A sentence or two is enough.', error: '', showCount: false, rows: 4 },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The count is read with the box's description; near the limit, what is left is announced politely. */
export const WithCount: Story = {
  args: { showCount: true, maxLength: 280 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason for referral' }), 'Low mood');
    await expect(canvas.getByText('8 / 280')).toBeInTheDocument();
  },
};

export const WithError: Story = { args: { error: 'Add a reason so the clinician can prepare.', required: true } };
