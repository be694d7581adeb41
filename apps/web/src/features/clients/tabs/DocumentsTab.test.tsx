import type { ClientDocument } from '@halcyon/api/contract';
import { ApiError } from '@halcyon/api/client';
import type { MockHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderClientsRoute } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

afterEach(() => {
  vi.restoreAllMocks();
});

function doc(overrides: Partial<ClientDocument> = {}): ClientDocument {
  return {
    id: 31,
    clientId: 1,
    kind: 'upload',
    name: 'Consent form',
    tags: ['Consent'],
    file: { id: '00000000-0000-4000-8000-0000000000d1', name: 'consent.pdf', size: 4000, type: 'application/pdf' },
    templateId: null,
    category: null,
    sharedWithClient: false,
    sharedAt: null,
    signatureStatus: 'none',
    signature: null,
    version: 1,
    createdAt: '2026-01-12T10:15:00.000Z',
    updatedAt: '2026-01-12T10:15:00.000Z',
    ...overrides,
  };
}

const SIGNED = doc({
  id: 32,
  name: 'Therapy agreement',
  kind: 'template',
  category: 'Contract',
  tags: ['Contract'],
  sharedWithClient: true,
  signatureStatus: 'signed',
  signature: {
    requestId: 5,
    status: 'signed',
    signerName: 'Omar Doe',
    signerEmail: 'client1@example.org',
    dueDate: null,
    requestedAt: '2026-01-13T09:00:00.000Z',
    expiresAt: '2026-01-27T09:00:00.000Z',
    signedAt: '2026-01-14T09:00:00.000Z',
    signedFile: {
      id: '00000000-0000-4000-8000-0000000000d9',
      name: 'Therapy agreement (signed).pdf',
      size: 9000,
      type: 'application/pdf',
    },
  },
});

function handlers(documents: ClientDocument[]): MockHandlers {
  return {
    clientDocumentsRetrieve: ({ query }) => ({
      items: documents.filter((d) => !query?.tag || d.tags.includes(query.tag)),
    }),
    clientDocumentTagsRetrieve: () => ({
      items: [...new Set(documents.flatMap((d) => d.tags))].map((tag) => ({ tag, count: 1 })),
    }),
    documentTemplatesRetrieve: () => ({ items: [] }),
    getPracticeSettings: () => null,
    previewStorageFile: () => ({
      url: '/api/cloud-storage/previews/view/abc',
      type: 'application/pdf',
      expiresAt: '2026-01-12T10:20:00.000Z',
    }),
    clientSingleDocumentRetrieve: ({ params }) => {
      const found = documents.find((d) => d.id === Number(params.id));
      return found ? { ...found, signatureRequests: [] } : null;
    },
    updateClientDocument: ({ params, body }) => {
      const found = documents.find((d) => d.id === Number(params.id))!;
      Object.assign(found, {
        name: body.name ?? found.name,
        tags: body.tags ?? found.tags,
        sharedWithClient: body.sharedWithClient ?? found.sharedWithClient,
        version: found.version + 1,
      });
      return found;
    },
  };
}

describe('Documents tab', () => {
  it('given documents, then each row shows name, type, tags, e-signature and shared status, and axe finds nothing', async () => {
    const { container } = renderClientsRoute('/Clients/1?tab=documents', { handlers: handlers([doc(), SIGNED]) });
    const table = await screen.findByRole('grid', {}, SLOW);
    const rows = await within(table).findAllByRole('row', {}, SLOW);
    expect(rows).toHaveLength(3);
    expect(within(table).getByText('Consent form')).toBeInTheDocument();
    expect(within(table).getByText('Upload')).toBeInTheDocument();
    expect(within(table).getByText('Template · Contract')).toBeInTheDocument();
    expect(within(table).getByText('Signed')).toBeInTheDocument();
    expect(within(table).getByText('Not requested')).toBeInTheDocument();
    expect(within(table).getByText('Shared')).toBeInTheDocument();
    // Client data is blurred by Privacy.
    expect(within(table).getByText('Consent form').closest('[data-privacy]')).not.toBeNull();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given no documents, then the empty state says what to do next and opens upload-document', async () => {
    const user = userEvent.setup();
    renderClientsRoute('/Clients/1?tab=documents', { handlers: handlers([]) });
    expect(await screen.findByText('No documents yet', {}, SLOW)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Upload documents' });
    await user.click(buttons.at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Upload documents' }, SLOW)).toBeInTheDocument();
  });

  it('given a signed document, when its signed PDF is downloaded, then the file route is called; a failed download shows SPEC.md §8 words', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients/1?tab=documents', { handlers: handlers([SIGNED]) });
    const created = vi.fn(() => 'blob:signed');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Actions for Therapy agreement' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Download signed PDF' }));
    await waitFor(() =>
      expect(client.mock.callsTo('downloadFile')).toEqual([
        expect.objectContaining({ path: '/api/files/00000000-0000-4000-8000-0000000000d9' }),
      ]),
    );
    expect(created).toHaveBeenCalled();

    client.mock.set('downloadFile', { error: new ApiError(404, 'Failed to retrieve file. Status: 404') });
    await user.click(screen.getByRole('button', { name: 'Actions for Therapy agreement' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }));
    expect(await screen.findByText(/Failed to retrieve file\. Status: 404/)).toBeInTheDocument();
  });

  it('given a document, when a signature is requested, then request-e-signature opens for it with the client as signer', async () => {
    const user = userEvent.setup();
    renderClientsRoute('/Clients/1?tab=documents', { handlers: handlers([doc()]) });
    await user.click(await screen.findByRole('button', { name: 'Actions for Consent form' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Request signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an e-signature' }, SLOW);
    expect(dialog).toHaveAccessibleDescription(/“Consent form”/);
    expect(within(dialog).getByLabelText(/^Signer's e-mail/)).toHaveValue('client1@example.org');
  });

  it('given a PDF, when Preview is chosen, then it shows in the page; given a shared document, then sharing can be stopped', async () => {
    const user = userEvent.setup();
    const shared = structuredClone(SIGNED);
    const { client } = renderClientsRoute('/Clients/1?tab=documents', { handlers: handlers([doc(), shared]) });
    await user.click(await screen.findByRole('button', { name: 'Actions for Consent form' }, SLOW));
    expect(screen.queryByRole('menuitem', { name: 'Stop sharing with client' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { name: 'Preview: Consent form' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTitle('Preview of Consent form', undefined, SLOW)).toHaveAttribute(
      'src',
      '/api/cloud-storage/previews/view/abc',
    );
    await user.click(screen.getByRole('button', { name: 'Close preview' }));

    await user.click(screen.getByRole('button', { name: 'Actions for Therapy agreement' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stop sharing with client' }));
    expect(await screen.findByText('“Therapy agreement” is no longer shared with the client.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientDocument')[0]?.input).toEqual({
      params: { id: 32 },
      body: { sharedWithClient: false, version: 1 },
    });
  });
  it('given a document, when renamed and re-tagged from its menu, then the new name and tags are saved with its version', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients/1?tab=documents', { handlers: handlers([doc(), SIGNED]) });
    await user.click(await screen.findByRole('button', { name: 'Actions for Consent form' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename or change tags' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit document' }, SLOW));
    const name = await dialog.findByRole('textbox', { name: /^Name/ }, SLOW);
    await user.clear(name);
    await user.type(name, 'Consent form 2026');
    const tags = dialog.getByRole('textbox', { name: /^Tags/ });
    await user.clear(tags);
    await user.type(tags, 'Consent, Signed 2026');
    await user.click(dialog.getByRole('button', { name: 'Save document' }));
    expect(await screen.findByText('Document updated.', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientDocument')[0]?.input).toMatchObject({
      params: { id: doc().id },
      body: { name: 'Consent form 2026', tags: ['Consent', 'Signed 2026'], version: 1 },
    });
    expect(await screen.findByText('Consent form 2026', {}, SLOW)).toBeInTheDocument();
  });
});
