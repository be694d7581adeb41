import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Design system/TextArea/Features',
  component: TextArea,
  args: { label: 'Summary', showCount: true, maxLength: 40 },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** At the limit the count turns red and "Character limit reached" is announced. */
export const AtTheLimit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Summary' }), 'x'.repeat(45));
    await expect(canvas.getByText('40 / 40')).toBeInTheDocument();
    await expect(canvas.getByText('Character limit reached')).toBeInTheDocument();
  },
};

/** A count without a limit just counts. */
export const CountWithoutLimit: Story = { args: { maxLength: undefined, defaultValue: 'Attended on time.' } };
