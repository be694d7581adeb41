import { TextArea, TextField } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ModalFields, ModalShell } from './ModalShell';

interface ShellDemoProps {
  title: string;
  description: string;
  submitLabel: string;
  size: 'sm' | 'md' | 'lg';
  busy: boolean;
  error: string;
  onClose: () => void;
}

/** The frame every modal uses, with a small supervision-session form inside. */
function ShellDemo({ error, ...props }: ShellDemoProps) {
  const [notes, setNotes] = useState('');
  return (
    <ModalShell {...props} error={error || null} dirty={notes !== ''} onConfirm={() => {}}>
      <ModalFields>
        <TextField label="Supervisor" defaultValue="Dr A. Patel" />
        <TextArea label="Notes" value={notes} onChange={(event) => setNotes(event.target.value)} />
      </ModalFields>
    </ModalShell>
  );
}

const meta = {
  title: 'Modals/Framework/Modal shell',
  component: ShellDemo,
  args: {
    title: 'Supervision session',
    description: 'Date, supervisor, hours and notes.',
    submitLabel: 'Save',
    size: 'md',
    busy: false,
    error: '',
    onClose: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof ShellDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Saving: buttons disabled, aria-busy, Escape and outside clicks do nothing. */
export const Busy: Story = { args: { busy: true } };

/** A failed save: the message shows above the fields and what was typed stays. */
export const WithError: Story = { args: { error: 'Failed to fetch /api/supervision-sessions. Status: 500' } };

/** Unsaved changes: closing asks "Discard changes?" first. */
export const UnsavedChangesGuard: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByRole('textbox', { name: 'Notes' }), 'Discussed caseload');
    await userEvent.keyboard('{Escape}');
    const confirm = await body.findByRole('alertdialog', { name: 'Discard changes?' });
    await waitFor(() => expect(confirm).toBeVisible());
    await userEvent.click(body.getByRole('button', { name: 'Keep editing' }));
    await expect(body.getByRole('textbox', { name: 'Notes' })).toHaveValue('Discussed caseload');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
