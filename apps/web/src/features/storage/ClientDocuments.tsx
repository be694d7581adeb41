import type { StorageClient, StorageClientDocument } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Button, DataTable, EmptyState, Link, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FileText, Folder } from '../../app/icons';
import { addedAndActionsColumns, FileMenuItems, listPages, PAGE_SIZE, RowMenu } from './StorageList';
import { FilePreview, formatBytes, type ShownFile } from './StoragePieces';
import styles from './storage.module.css';

const shown = (document: StorageClientDocument): ShownFile => ({
  id: document.id,
  name: document.documentName,
  fileName: document.name,
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
      footer={listPages('Client pages', page, data, setPage)}
    />
  );
}

function DocumentList({ clientId, onBack }: { clientId: number; onBack: () => void }) {
  const modal = useModal();
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
      ...addedAndActionsColumns<StorageClientDocument>((document) => (
        <RowMenu
          name={document.documentName}
          onDelete={() =>
            modal.open('delete-item', {
              kind: 'document',
              route: 'deleteClientDocument',
              params: { id: document.documentId },
              name: document.documentName,
              onDeleted: () => setPreview((current) => (current?.id === document.id ? null : current)),
            })
          }
        >
          <FileMenuItems file={shown(document)} onPreview={setPreview} />
        </RowMenu>
      )),
    ],
    [modal],
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
        footer={listPages('Document pages', page, data, setPage)}
      />
    </div>
  );
}
