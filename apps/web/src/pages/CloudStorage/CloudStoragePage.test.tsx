import { ApiError, uploadFailedMessage } from '@halcyon/api/client';
import { FILE_MESSAGES, STORAGE_MESSAGES, type StorageItem, type StorageListing } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockClient, type MockHandlers } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CloudStoragePage } from './CloudStoragePage';

vi.setConfig({ testTimeout: 20_000 });

const AT = '2026-11-20T10:00:00.000Z';
const ITEMS: StorageItem[] = [
  { kind: 'folder', id: 4, name: 'Policies', parentId: null, createdAt: AT, updatedAt: AT },
  {
    kind: 'file',
    id: '2b7c1d2e-1111-4a4a-8a8a-000000000001',
    name: 'Fees 2026.pdf',
    size: 2048,
    type: 'application/pdf',
    folderId: null,
    previewable: true,
    uploadedByName: 'Maya Patel',
    createdAt: AT,
  },
];

function listing(items: StorageItem[]): StorageListing {
  return { items, total: items.length, totalCapped: false, page: 1, pageSize: 50, folder: null, path: [] };
}

function handlers(extra: MockHandlers = {}): MockHandlers {
  return {
    getStorageUsage: {
      response: { usedBytes: 1.5 * 1024 ** 3, limitBytes: 20 * 1024 ** 3, maxUploadBytes: 25 * 1024 ** 2 },
    },
    listStorageItems: { response: listing(ITEMS) },
    listStorageClients: {
      response: {
        items: [{ clientId: 7, clientName: 'Jane Doe', documentCount: 2 }],
        total: 1,
        totalCapped: false,
        page: 1,
        pageSize: 50,
      },
    },
    ...extra,
  };
}

function renderPage(client: MockClient = createMockClient({ handlers: handlers() }), privacy = false) {
  const router = createMemoryRouter([{ path: '/Cloud-storage', element: <CloudStoragePage /> }], {
    initialEntries: ['/Cloud-storage'],
  });
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <ModalProvider>
            <BannerRegion />
            <RouterProvider router={router} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { ...view, client, router };
}

describe('/Cloud-storage', () => {
  it('given folders and files, then folders come first, the storage used shows as on the Subscription page, and the page has no axe violations', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('button', { name: 'Open folder Policies' })).toBeInTheDocument();
    expect(screen.getByText('Fees 2026.pdf')).toBeInTheDocument();
    expect(await screen.findByText('1.5 GB of 20 GB used')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a folder name that is empty or holds a control character, then the form says what to fix and nothing is sent', async () => {
    const client = createMockClient({ handlers: handlers() });
    renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const field = screen.getByRole('textbox', { name: 'Folder name' });
    expect(field).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText(STORAGE_MESSAGES.folderName)).toBeInTheDocument();
    await userEvent.type(field, 'a/b');
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText(STORAGE_MESSAGES.nameSlash)).toBeInTheDocument();
    expect(client.mock.callsTo('createStorageFolder')).toHaveLength(0);
  });

  it('given a name already used there, then the server’s sentence shows and what was typed stays', async () => {
    const client = createMockClient({
      handlers: handlers({
        createStorageFolder: { error: { status: 409, message: STORAGE_MESSAGES.folderExists } },
      }),
    });
    renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Folder name' }), 'Policies');
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText(STORAGE_MESSAGES.folderExists)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Folder name' })).toHaveValue('Policies');
  });

  it('given a file the server refuses, then SPEC.md’s upload message is followed by the server’s sentence of what to fix', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({ handlers: handlers() });
    client.upload = () =>
      Promise.reject(new ApiError(415, uploadFailedMessage(415), { detail: FILE_MESSAGES.forbiddenType }));
    const { container } = renderPage(client);
    await screen.findByText('Fees 2026.pdf');
    const file = new File(['\x89PNG'], 'scan.png', { type: 'image/png' });
    await userEvent.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(
      await screen.findByText(`scan.png: ${uploadFailedMessage(415)} ${FILE_MESSAGES.forbiddenType}`),
    ).toBeInTheDocument();
  });

  it('given a file, when Delete is chosen from its actions with the keyboard, then the confirmation names it', async () => {
    renderPage();
    const actions = await screen.findByRole('button', { name: 'Actions for Fees 2026.pdf' });
    actions.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Preview' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete file “Fees 2026.pdf”?' })).toBeInTheDocument();
  });

  it('given the files cannot be loaded, then the page says so with a way to try again', async () => {
    renderPage(
      createMockClient({
        handlers: handlers({
          listStorageItems: {
            error: { status: 500, message: 'Failed to fetch /api/cloud-storage/items. Status: 500' },
          },
        }),
      }),
    );
    expect(await screen.findByText('The files could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('given a client’s document, when Download is chosen from its actions, then the file is saved under its own name; Preview shows its document name', async () => {
    const client = createMockClient({
      handlers: handlers({
        listStorageClientDocuments: {
          response: {
            items: [
              {
                id: '2b7c1d2e-1111-4a4a-8a8a-000000000002',
                name: 'consent-scan.pdf',
                size: 4096,
                type: 'application/pdf',
                documentId: 31,
                documentName: 'Consent form',
                previewable: true,
                version: 1,
                createdAt: AT,
              },
            ],
            total: 1,
            totalCapped: false,
            page: 1,
            pageSize: 50,
            clientId: 7,
            clientName: 'Jane Doe',
          },
        },
        previewStorageFile: { response: { url: '/files/preview/abc', type: 'image/png', expiresAt: AT } },
      }),
    });
    renderPage(client);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:consent'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Client documents' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open the documents of Jane Doe' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Consent form' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download' }));
    await vi.waitFor(() => expect(saved).toEqual(['consent-scan.pdf']));
    click.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Consent form' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByRole('img', { name: 'Preview of Consent form' })).toHaveAttribute(
      'src',
      '/files/preview/abc',
    );
  });

  it('given Privacy is on, then client names in the Client documents view are blurred', async () => {
    renderPage(createMockClient({ handlers: handlers() }), true);
    await userEvent.click(await screen.findByRole('tab', { name: 'Client documents' }));
    const name = await screen.findByText('Jane Doe');
    expect(name.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });
});
