import { DOCUMENT_MESSAGES, type ClientDocument, type DocumentTemplate } from '@halcyon/api/contract';
import type { MockHandlers } from '@halcyon/api/testing';

/** A client document as the server answers it, for tests and stories of the documents modals and tab. */
export function mockDocument(overrides: Partial<ClientDocument> = {}): ClientDocument {
  return {
    id: 31,
    clientId: 7,
    kind: 'upload',
    name: 'Consent form',
    tags: ['Consent'],
    file: { id: '00000000-0000-4000-8000-0000000000d1', name: 'consent.pdf', size: 48_213, type: 'application/pdf' },
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

export function mockTemplate(overrides: Partial<DocumentTemplate> = {}): DocumentTemplate {
  return {
    id: 4,
    name: 'Therapy agreement',
    category: 'Contract',
    file: { id: '00000000-0000-4000-8000-0000000000e1', name: 'agreement.pdf', size: 30_112, type: 'application/pdf' },
    createdAt: '2026-01-02T09:00:00.000Z',
    ...overrides,
  };
}

/** Handlers answering the documents routes from an in-memory list (writes change it). */
export function documentHandlers(documents: ClientDocument[] = [mockDocument()]): MockHandlers {
  let nextId = 100;
  return {
    clientDocumentsRetrieve: ({ query }) => ({
      items: documents.filter((d) => !query?.tag || d.tags.some((t) => t.toLowerCase() === query.tag!.toLowerCase())),
    }),
    clientDocumentTagsRetrieve: () => {
      const counts = new Map<string, number>();
      for (const d of documents) for (const tag of d.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return { items: [...counts].map(([tag, count]) => ({ tag, count })) };
    },
    documentTemplatesRetrieve: () => ({ items: [mockTemplate()] }),
    createClientDocument: ({ params, body }) => {
      const document = mockDocument({
        id: (nextId += 1),
        clientId: Number(params.clientId),
        name: body.name,
        tags: body.tags ?? [],
        sharedWithClient: body.sharedWithClient ?? false,
        file: { id: body.fileId, name: `${body.name}.pdf`, size: 1000, type: 'application/pdf' },
      });
      documents.unshift(document);
      return document;
    },
    clientSingleDocumentRetrieve: ({ params }) => {
      const found = documents.find((d) => d.id === Number(params.id));
      return found ? { ...found, signatureRequests: [] } : null;
    },
    createDocumentTemplate: ({ body }) => mockTemplate({ id: (nextId += 1), name: body.name, category: body.category }),
    updateClientDocument: ({ params, body }) => {
      const document = documents.find((d) => d.id === Number(params.id));
      if (!document) return null;
      Object.assign(document, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.tags !== undefined ? { tags: body.tags } : {}),
        ...(body.sharedWithClient !== undefined ? { sharedWithClient: body.sharedWithClient } : {}),
        version: document.version + 1,
      });
      return document;
    },
    deleteClientDocument: ({ params }) => {
      const index = documents.findIndex((d) => d.id === Number(params.id));
      if (index >= 0) documents.splice(index, 1);
      return { detail: DOCUMENT_MESSAGES.deleted };
    },
    requestESignature: ({ params, body }) => ({
      requestId: (nextId += 1),
      documentId: Number(params.id),
      status: 'pending',
      signerName: body.signerName,
      signerEmail: body.signerEmail,
      dueDate: body.dueDate ?? null,
      requestedAt: '2026-01-15T09:00:00.000Z',
      expiresAt: '2026-01-29T09:00:00.000Z',
      signedAt: null,
      signedFile: null,
    }),
    sendToClient: ({ body }) => ({
      id: (nextId += 1),
      itemKind: body.item.kind,
      itemId: body.item.kind === 'measure' ? 901 : body.item.kind === 'form' ? 902 : body.item.id,
      channel: body.channel ?? 'portal',
      emailed: true,
      sentAt: '2026-01-15T09:00:00.000Z',
    }),
  };
}
