import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RichTextEditor } from './RichTextEditor';

const meta = {
  title: 'Design system/RichTextEditor',
  component: RichTextEditor,
  args: {
    label: 'Session note',
    hint: 'Bold, italic, headings and lists are kept; the toolbar is one Tab stop, arrow keys move inside it.',
    placeholder: 'Write what happened in the session…',
    defaultValue: '<h3>Subjective</h3><p>Reports <strong>better sleep</strong> this week.</p><h3>Plan</h3><p></p>',
  },
} satisfies Meta<typeof RichTextEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Formatting from the toolbar: the pressed state follows the selection. */
export const Formatting: Story = {
  args: { defaultValue: '<p>Homework</p>' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Session note' });
    await userEvent.click(box);
    await userEvent.click(canvas.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(box.querySelector('ul')).not.toBeNull());
    await expect(canvas.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Empty: Story = { args: { defaultValue: '' } };

export const WithError: Story = {
  args: { defaultValue: '', error: 'Write the note before signing it.', required: true },
};

/** A signed note: shown, not editable, no toolbar. */
export const ReadOnly: Story = { args: { readOnly: true, hint: 'Signed and locked.' } };
