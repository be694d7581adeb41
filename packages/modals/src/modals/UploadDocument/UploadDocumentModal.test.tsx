import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { SavedRecord } from '../../types';
import { documentHandlers, mockDocument } from './documentMocks';
import { DOCUMENT_UPLOADED_MESSAGE, nameFromFile } from './UploadDocumentModal';
import { parseTags } from './TagsField';

vi.setConfig({ testTimeout: 15_000 });

function Opener({ onSaved }: { onSaved: (record: SavedRecord) => void }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('upload-document', { clientId: 7, onSaved })}>Upload</Button>;
}

async function open(handlers = documentHandlers([mockDocument({ tags: ['Consent', 'Letters'] })])) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener onSaved={onSaved} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { client, onSaved, dialog, input };
}

const pdf = (name: string) => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

describe('upload-document', () => {
  it('given a file, a name, tags and sharing, when uploaded, then the file goes to /api/files, the document is added and "Document uploaded." shows', async () => {
    const { client, onSaved, dialog, input } = await open();
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.upload(input, pdf('Consent form v2.pdf'));
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Consent form v2');
    await userEvent.clear(name);
    await userEvent.type(name, 'Signed consent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tag Letters' }));
    await userEvent.type(within(dialog).getByLabelText(/^Tags/), ', Intake');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Share with the client/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload document' }));

    expect(await screen.findByText(DOCUMENT_UPLOADED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.mock.calls.filter((c) => c.kind === 'upload').map((c) => c.path)).toEqual(['/api/files']);
    expect(client.mock.callsTo('createClientDocument')).toEqual([
      expect.objectContaining({
        path: '/api/clients/documents/upload/7',
        input: expect.objectContaining({
          body: {
            fileId: '00000000-0000-4000-8000-0000000000f1',
            name: 'Signed consent',
            tags: ['Letters', 'Intake'],
            sharedWithClient: true,
          },
        }),
      }),
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Signed consent' }));
  });

  it('given several files, then each becomes a document named after its file', async () => {
    const { client, dialog, input } = await open();
    await userEvent.upload(input, [pdf('Letter to GP.pdf'), pdf('Intake.pdf')]);
    expect(within(dialog).queryByLabelText(/^Name/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 documents' }));
    expect(await screen.findByText(DOCUMENT_UPLOADED_MESSAGE)).toBeInTheDocument();
    expect(
      client.mock.callsTo('createClientDocument').map((c) => (c.input as { body: { name: string } }).body.name),
    ).toEqual(['Letter to GP', 'Intake']);
  });

  it('given no file, when submitted, then it asks for one and nothing is sent', async () => {
    const { client, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload document' }));
    expect(await within(dialog).findByText('Choose at least one file to upload.')).toBeInTheDocument();
    expect(client.mock.calls.filter((c) => c.kind === 'upload')).toHaveLength(0);
  });

  it('given the server refuses the document, then the dialog stays open with its sentence and the chosen file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = {
      ...documentHandlers(),
      createClientDocument: {
        error: {
          status: 400,
          message: 'This file is already attached to another document. Upload it again to add it here.',
        },
      },
    };
    const { dialog, input } = await open(handlers);
    await userEvent.upload(input, pdf('notes.pdf'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload document' }));
    expect(
      await within(dialog).findByText(
        'This file is already attached to another document. Upload it again to add it here.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('notes.pdf')).toBeInTheDocument();
  });

  it('given tag text and file names, then they are read the way a person means them', () => {
    expect(parseTags(' Consent, consent ,, Letters ')).toEqual(['Consent', 'Letters']);
    expect(nameFromFile('Scan 3.jpeg')).toBe('Scan 3');
    expect(nameFromFile('README')).toBe('README');
  });
});
