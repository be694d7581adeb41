import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DELETE_KINDS, DELETE_SUCCESS_MESSAGES, type DeleteKind } from '../../deleteKinds';
import { useModal } from '../../host/context';
import { DELETE_FAILED_MESSAGE } from '../../messages';
import { ModalTestRoot } from '../../test/renderWithModals';

interface DeleteItemDemoProps {
  kind: DeleteKind;
  name: string;
  clientName: string;
  /** How the mock server answers the DELETE call. */
  outcome: 'success' | 'failure';
  /** Milliseconds the mock server takes (shows the busy state). */
  latency: number;
}

const SESSION_ID = '00000000-0000-4000-8000-000000000009';

function Opener({ kind, name, clientName }: Omit<DeleteItemDemoProps, 'outcome' | 'latency'>) {
  const modal = useModal();
  return (
    <Button
      variant="danger"
      onClick={() =>
        modal.open('delete-item', {
          kind,
          name: name || undefined,
          clientName: clientName || undefined,
          route: 'revokeSession',
          params: { id: SESSION_ID },
        })
      }
    >
      Delete…
    </Button>
  );
}

/** The delete-item modal at the app root, deleting through the mock API client. */
function DeleteItemDemo({ outcome, latency, ...props }: DeleteItemDemoProps) {
  const [client] = useState(() =>
    createMockClient({
      latency,
      handlers:
        outcome === 'failure'
          ? { revokeSession: { error: { status: 500, message: 'Failed to fetch /api/auth/sessions. Status: 500' } } }
          : {},
    }),
  );
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Delete item',
  component: DeleteItemDemo,
  args: { kind: 'session-note', name: '', clientName: 'Jane D.', outcome: 'success', latency: 300 },
  argTypes: {
    kind: { control: 'select', options: DELETE_KINDS },
    outcome: { control: 'inline-radio', options: ['success', 'failure'] },
    latency: { control: { type: 'number', min: 0, step: 100 } },
  },
  // Each story mounts its own client: remount when the server's answer changes.
  render: (args) => <DeleteItemDemo key={`${args.outcome}-${args.latency}`} {...args} />,
} satisfies Meta<typeof DeleteItemDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Names the record; on success the SPEC.md §8 message of its kind shows as a success banner. */
export const Default: Story = {
  args: { latency: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete…' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete session note for Jane D.?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await canvas.findByText(DELETE_SUCCESS_MESSAGES[args.kind])).toBeInTheDocument();
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

export const NamedRecord: Story = {
  args: { kind: 'service', name: 'Initial consultation', clientName: '' },
};

export const SupervisionSession: Story = {
  args: { kind: 'supervision-session', name: '12 March, Dr A. Patel', clientName: '', latency: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete…' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // SPEC.md writes this one without a full stop.
    await expect(await canvas.findByText('Supervision session was successfully deleted')).toBeInTheDocument();
  },
};

/** The server refuses: the dialog stays open with the SPEC.md §8 failure message, also as an error banner. */
export const Failure: Story = {
  args: { kind: 'invoice', name: 'INV-0042', clientName: '', outcome: 'failure', latency: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete…' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete invoice “INV-0042”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByText(DELETE_FAILED_MESSAGE)).toBeVisible();
    await expect(await canvas.findByText(DELETE_FAILED_MESSAGE)).toBeInTheDocument();
  },
};
