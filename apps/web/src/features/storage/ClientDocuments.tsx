import type { StorageClient, StorageClientDocument } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import {
  Button,
  DataTable,
  DropdownMenu,
  EmptyState,
  Link,
  Pagination,
  Sensitive,
  type DataTableColumn,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronDown, FileText, Folder } from '../../app/icons';
import { FilePreview, formatBytes, useDownload, type ShownFile } from './StoragePieces';
import styles from './storage.module.css';

const PAGE_SIZE = 50;

const shown = (document: StorageClientDocument): ShownFile => ({
  id: document.id,
  name: document.documentName,
  previewable: document.previewable,
});

/**
 * The clients' documents in cloud storage: each client who has documents, then that client's documents, read where the
 * documents domain keeps them (one file store, no copies). Preview, download and delete here; the rest (tags, signing,
 * sharing) on the client's Documents tab, which each client links to. Client and document names are blurred by Privacy.
 */
export function ClientDocuments({
  clientId,
  onOpenClient,
}: {
  clientId: number | null;
  onOpenClient: (id: number | null) => void;
}) {
  return clientId === null ? (
    <ClientList onOpenClient={onOpenClient} />
  ) : (
    <DocumentList clientId={clientId} onBack={() => onOpenClient(null)} />
  );
}

function ClientList({ onOpenClient }: { onOpenClient: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useRoute('listStorageClients', { query: { page, pageSize: PAGE_SIZE } });
  const columns = useMemo<DataTableColumn<StorageClient>[]>(
    () => [
      {
        id: 'client',
        header: 'Client',
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onOpenClient(row.original.clientId)}
            aria-label={`Open the documents of ${row.original.clientName}`}
          >
            <span className={styles.name}>
              <Folder aria-hidden="true" />
              <Sensitive>{row.original.clientName}</Sensitive>
            </span>
          </Button>
        ),
      },
      {
        id: 'documents',
        header: 'Documents',
        enableSorting: false,
        cell: ({ row }) => row.original.documentCount,
      },
    ],
    [onOpenClient],
  );
  const data = list.data;
  return (
    <DataTable
      caption="Clients with documents"
      hideCaption
      data={data?.items ?? []}
      columns={columns}
      getRowId={(client) => String(client.clientId)}
      getRowLabel={(client) => client.clientName}
      loading={list.view === 'loading'}
      emptyState={
        list.view === 'error' ? (
          <LoadError what="the clients' documents" error={list.error} onRetry={list.retry} />
        ) : (
          <EmptyState
            icon={<Folder />}
            title="No client documents yet"
            description="Documents uploaded on a client's Documents tab show here, under their client."
          />
        )
      }
      footer={
        data && (data.total > PAGE_SIZE || page > 1) ? (
          <Pagination
            label="Client pages"
            page={page}
            total={data.total}
            atLeast={data.totalCapped}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null
      }
    />
  );
}

function DocumentList({ clientId, onBack }: { clientId: number; onBack: () => void }) {
  const modal = useModal();
  const download = useDownload();
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<ShownFile | null>(null);
  const list = useRoute('listStorageClientDocuments', {
    params: { id: clientId },
    query: { page, pageSize: PAGE_SIZE },
  });
  const data = list.data;
  const columns = useMemo<DataTableColumn<StorageClientDocument>[]>(
    () => [
      {
        id: 'name',
        header: 'Document',
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.name}>
            <FileText aria-hidden="true" />
            <Sensitive>{row.original.documentName}</Sensitive>
          </span>
        ),
      },
      {
        id: 'size',
        header: 'Size',
        enableSorting: false,
        cell: ({ row }) => <span className={styles.noWrap}>{formatBytes(row.original.size)}</span>,
      },
      {
        id: 'added',
        header: 'Added',
        enableSorting: false,
        cell: ({ row }) => <span className={styles.noWrap}>{formatDate(row.original.createdAt)}</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const document = row.original;
          return (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button variant="ghost" size="sm" aria-label={`Actions for ${document.documentName}`}>
                  Actions <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                {document.previewable && (
                  <DropdownMenu.Item onSelectAfterClose={() => setPreview(shown(document))}>Preview</DropdownMenu.Item>
                )}
                <DropdownMenu.Item onSelect={() => void download({ ...shown(document), name: document.name })}>
                  Download
                </DropdownMenu.Item>
                <DropdownMenu.Separator />
                <DropdownMenu.Item
                  variant="danger"
                  onSelectAfterClose={() =>
                    modal.open('delete-item', {
                      kind: 'document',
                      route: 'deleteClientDocument',
                      params: { id: document.documentId },
                      name: document.documentName,
                      onDeleted: () => setPreview((current) => (current?.id === document.id ? null : current)),
                    })
                  }
                >
                  Delete
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          );
        },
      },
    ],
    [download, modal],
  );
  return (
    <div className={styles.stack}>
      <nav aria-label="Folder path">
        <ol className={styles.crumbs}>
          <li>
            <Button variant="ghost" size="sm" onClick={onBack}>
              All clients
            </Button>
          </li>
          <li>
            <Sensitive aria-current="page">{data?.clientName ?? '…'}</Sensitive>
          </li>
        </ol>
      </nav>
      <p className={styles.muted}>
        Tags, signatures and sharing are on the{' '}
        <Link asChild>
          <RouterLink to={`/Clients/${clientId}?tab=documents`}>client&apos;s Documents tab</RouterLink>
        </Link>
        .
      </p>
      {preview && <FilePreview key={preview.id} file={preview} onClose={() => setPreview(null)} />}
      <DataTable
        caption="Documents of the client"
        hideCaption
        data={data?.items ?? []}
        columns={columns}
        getRowId={(document) => String(document.documentId)}
        getRowLabel={(document) => document.documentName}
        loading={list.view === 'loading'}
        emptyState={
          list.view === 'error' ? (
            <LoadError what="the client's documents" error={list.error} onRetry={list.retry} />
          ) : (
            <EmptyState icon={<FileText />} title="No documents" description="This client has no documents now." />
          )
        }
        footer={
          data && (data.total > PAGE_SIZE || page > 1) ? (
            <Pagination
              label="Document pages"
              page={page}
              total={data.total}
              atLeast={data.totalCapped}
              pageSize={PAGE_SIZE}
              onPageChange={setPage}
            />
          ) : null
        }
      />
    </div>
  );
}
