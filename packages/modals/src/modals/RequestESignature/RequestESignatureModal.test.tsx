import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { documentHandlers } from '../UploadDocument/documentMocks';
import { SIGNATURE_REQUEST_SENT_MESSAGE } from './RequestESignatureModal';

/** A date inside the form's range (today onwards), whatever day the test runs. */
const DUE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

vi.setConfig({ testTimeout: 15_000 });

function Opener({ onSaved }: { onSaved: () => void }) {
  const modal = useModal();
  return (
    <Button
      onClick={() =>
        modal.open('request-e-signature', {
          documentId: 31,
          documentName: 'Consent form',
          defaults: { signerName: 'Jane Doe', signerEmail: 'jane@client.example' },
          onSaved,
        })
      }
    >
      Request signature
    </Button>
  );
}

async function open() {
  const client = createMockClient({ handlers: documentHandlers() });
  const onSaved = vi.fn();
  renderWithModals(<Opener onSaved={onSaved} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Request signature' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request an e-signature' });
  return { client, onSaved, dialog };
}

describe('request-e-signature', () => {
  it('given the signer, a message and a due date, when sent, then the request goes out and "Signature request sent." shows', async () => {
    const { client, onSaved, dialog } = await open();
    expect(dialog).toHaveAccessibleDescription(/sign “Consent form”/);
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Please sign before Monday.');
    const due = within(dialog).getByLabelText(/^Due date/);
    await userEvent.type(due, DUE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(SIGNATURE_REQUEST_SENT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.mock.callsTo('requestESignature')).toEqual([
      expect.objectContaining({
        path: '/api/clients/documents/e-signature/31',
        input: {
          params: { id: 31 },
          body: {
            signerName: 'Jane Doe',
            signerEmail: 'jane@client.example',
            message: 'Please sign before Monday.',
            dueDate: DUE,
          },
        },
      }),
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending' }));
  });

  it('given a wrong e-mail address, then the field says what to fix and nothing is sent', async () => {
    const { client, dialog } = await open();
    const email = within(dialog).getByLabelText(/^Signer's e-mail/);
    await userEvent.clear(email);
    await userEvent.type(email, 'jane@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText("Enter the signer's e-mail address, such as name@example.com."),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('requestESignature')).toHaveLength(0);
  });
});
