import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { documentHandlers } from '../UploadDocument/documentMocks';
import { TEMPLATE_UPLOADED_MESSAGE } from './UploadDocumentTemplateModal';

vi.setConfig({ testTimeout: 15_000 });

function Opener({ onSaved }: { onSaved: () => void }) {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('upload-document-template', { defaults: { category: 'Contract' }, onSaved })}>
      New template
    </Button>
  );
}

async function open(handlers = documentHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener onSaved={onSaved} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'New template' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload a document template' });
  return { client, onSaved, dialog, input: document.querySelector<HTMLInputElement>('input[type="file"]')! };
}

describe('upload-document-template', () => {
  it('given a file, a name and a category, when uploaded, then the template is saved and "Template uploaded." shows', async () => {
    const { client, onSaved, dialog, input } = await open();
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.upload(input, new File(['%PDF-1.7'], 'Therapy agreement.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Therapy agreement');
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveTextContent('Contract');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload template' }));
    expect(await screen.findByText(TEMPLATE_UPLOADED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.mock.callsTo('createDocumentTemplate')).toEqual([
      expect.objectContaining({
        input: {
          body: { fileId: '00000000-0000-4000-8000-0000000000f1', name: 'Therapy agreement', category: 'Contract' },
        },
      }),
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('given no file, then it asks for one; given a failed upload, then the sentence of SPEC.md §8 shows and nothing is saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog, input } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload template' }));
    expect(await within(dialog).findByText('Choose the template file to upload.')).toBeInTheDocument();

    const { ApiError } = await import('@halcyon/api/client');
    vi.spyOn(client, 'upload').mockRejectedValue(
      new ApiError(415, 'Failed to upload file. Status: 415', { detail: 'This kind of file is not accepted.' }),
    );
    await userEvent.upload(input, new File(['MZ'], 'tool.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload template' }));
    expect(
      await within(dialog).findByText('Failed to upload file. Status: 415 This kind of file is not accepted.'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('createDocumentTemplate')).toHaveLength(0);
  });
});
