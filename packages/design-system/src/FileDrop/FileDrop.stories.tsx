import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FileDrop } from './FileDrop';

const meta = {
  title: 'Design system/FileDrop',
  component: FileDrop,
  args: {
    label: 'Referral letter',
    hint: 'The letter from the GP or referrer.',
    accept: ['application/pdf', '.docx'],
    maxSize: 10 * 1024 * 1024,
    multiple: false,
    error: '',
    onFilesChange: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Drag a file onto the zone, or Tab to "Choose a file" and press Enter. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Referral letter Choose a file' });
    await expect(button).toHaveAccessibleDescription('The letter from the GP or referrer. PDF or DOCX, up to 10 MB');
  },
};

export const Multiple: Story = { args: { label: 'Documents', hint: '', multiple: true, accept: [] } };

export const WithError: Story = { args: { error: 'Upload the referral letter to continue.', required: true } };

export const Disabled: Story = { args: { disabled: true } };
