import {
  SIGNATURE_STATUS_LABELS,
  isPreviewable,
  type ClientDocument,
  type SignatureStatus,
} from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useApiClient, useClientRoute, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  DataTable,
  DropdownMenu,
  EmptyState,
  Select,
  Sensitive,
  useBanners,
  type BadgeVariant,
  type DataTableColumn,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo, useState } from 'react';
import { formatDate, formatDateTime } from '@halcyon/api/time';
import { ChevronDown, NotebookPen } from '../../../app/icons';
import { downloadFailedMessage, saveBlob } from '../../../app/saveBlob';
import { FilePreview, type ShownFile } from '../../storage/StoragePieces';
import { fullName } from '../format';
import styles from '../clients.module.css';
import own from './DocumentsTab.module.css';
import type { ClientTabProps } from './types';

const ALL_TAGS = '__all__';
export const DOCUMENT_CREATED_MESSAGE = 'Document created.';

const SIGNATURE_VARIANTS: Readonly<Record<SignatureStatus, BadgeVariant>> = {
  none: 'neutral',
  pending: 'info',
  signed: 'success',
  expired: 'warning',
};

/**
 * The Documents tab of /Clients/{id} (CATALOG.md): the client's uploads and documents made from templates, with tags,
 * e-signature status and whether the client can see them; filter by tag; upload, add from a template, request a signature,
 * share, download the original or the signed PDF, delete. Every piece of client data is wrapped in `<Sensitive>`.
 */
export function DocumentsTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const client = useApiClient();
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const [tag, setTag] = useState<string>(ALL_TAGS);
  const [preview, setPreview] = useState<ShownFile | null>(null);
  const update = useMutation('updateClientDocument');
  const filter = tag === ALL_TAGS ? undefined : tag;
  const documents = useClientRoute('clientDocumentsRetrieve', clientId, (id) => ({
    params: { clientId: id },
    ...(filter ? { query: { tag: filter } } : {}),
  }));
  const tags = useClientRoute('clientDocumentTagsRetrieve', clientId, (id) => ({ params: { clientId: id } }));
  const templates = useRoute('documentTemplatesRetrieve');
  const person = useClientRoute('getClient', clientId, (id) => ({ params: { id } }));
  const fromTemplate = useMutation('createClientDocumentFromTemplate');
  const items = documents.data?.items ?? [];

  // Every write here (in a modal or not) reloads the documents, tags and templates shown by itself (the writes' reads,
  // from the contract).
  const upload = () => modal.open('upload-document', { clientId });
  const uploadTemplate = () => modal.open('upload-document-template', {});
  // A form of the template library (or a measure) to fill in on an e-mailed link; a completed form lands in this list.
  const sendToClient = () => modal.open('send-to-client', { clientId, offer: 'form' });

  const addFromTemplate = async (templateId: number) => {
    try {
      await fromTemplate.trigger({ params: { clientId }, body: { templateId: templateId } });
      notify({ variant: 'success', message: DOCUMENT_CREATED_MESSAGE });
    } catch (error) {
      notify({
        variant: 'error',
        message: isApiError(error) ? error.message : 'The document could not be added. Please try again.',
      });
    }
  };

  const clientName = person.data ? fullName({ firstName: person.data.firstName, lastName: person.data.lastName }) : '';
  const clientEmail = person.data?.email ?? '';

  const columns = useMemo<DataTableColumn<ClientDocument>[]>(() => {
    const download = async (fileId: string, name: string) => {
      try {
        const blob = await client.call('downloadFile', { params: { id: fileId } });
        saveBlob(blob, name);
      } catch (error) {
        // SPEC.md §8: "Failed to retrieve file. Status: {code}".
        notify({ variant: 'error', message: downloadFailedMessage(error) });
      }
    };
    const requestSignature = (document: ClientDocument) =>
      modal.open('request-e-signature', {
        documentId: document.id,
        clientId,
        documentName: document.name,
        defaults: { signerName: clientName, signerEmail: clientEmail },
      });
    const share = (document: ClientDocument) =>
      modal.open('send-to-client', {
        clientId,
        item: { kind: 'document', id: document.id },
        itemName: document.name,
      });
    const remove = (document: ClientDocument) =>
      modal.open('delete-item', {
        kind: 'document',
        route: 'deleteClientDocument',
        params: { id: document.id },
        name: document.name,
        onDeleted: () => setPreview((current) => (current?.id === document.file.id ? null : current)),
      });
    // The client no longer sees it in their portal; their link to it stops working.
    const stopSharing = async (document: ClientDocument) => {
      try {
        await update.trigger({
          params: { id: document.id },
          body: { sharedWithClient: false, version: document.version },
        });
        notify({ variant: 'success', message: `“${document.name}” is no longer shared with the client.` });
      } catch (error) {
        notify({
          variant: 'error',
          message: isApiError(error) ? error.message : 'Sharing could not be stopped. Please try again.',
        });
      }
    };

    return [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <span className={styles.fact}>
            <Sensitive>{row.original.name}</Sensitive>
            <Sensitive className={styles.muted}>{row.original.file.name}</Sensitive>
          </span>
        ),
      },
      {
        id: 'kind',
        header: 'Type',
        accessorKey: 'kind',
        cell: ({ row }) =>
          row.original.kind === 'template' ? (
            <Badge variant="accent">Template{row.original.category ? ` · ${row.original.category}` : ''}</Badge>
          ) : row.original.kind === 'form' ? (
            <Badge variant="success">Completed form{row.original.category ? ` · ${row.original.category}` : ''}</Badge>
          ) : (
            <Badge>Upload</Badge>
          ),
      },
      {
        id: 'tags',
        header: 'Tags',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.tags.length ? (
            <Sensitive className={styles.inline}>
              {row.original.tags.map((t) => (
                <Badge key={t}>{t}</Badge>
              ))}
            </Sensitive>
          ) : (
            <span className={styles.muted}>None</span>
          ),
      },
      {
        id: 'signature',
        header: 'E-signature',
        accessorKey: 'signatureStatus',
        cell: ({ row }) => {
          const signature = row.original.signature;
          return (
            <span className={own.cell}>
              <Badge variant={SIGNATURE_VARIANTS[row.original.signatureStatus]}>
                {SIGNATURE_STATUS_LABELS[row.original.signatureStatus]}
              </Badge>
              {signature && (
                <Sensitive className={styles.muted}>
                  {signature.status === 'signed'
                    ? `${signature.signerName}, ${formatDateTime(signature.signedAt, timeZone)}`
                    : `${signature.signerName}${signature.dueDate ? `, due ${formatDate(signature.dueDate)}` : ''}`}
                </Sensitive>
              )}
            </span>
          );
        },
      },
      {
        id: 'shared',
        header: 'Shared with client',
        accessorKey: 'sharedWithClient',
        cell: ({ row }) =>
          row.original.sharedWithClient ? (
            <Badge variant="success">Shared</Badge>
          ) : (
            <Badge variant="neutral">Not shared</Badge>
          ),
      },
      {
        id: 'date',
        header: 'Added',
        accessorKey: 'createdAt',
        cell: ({ row }) => <Sensitive>{formatDate(row.original.createdAt, timeZone)}</Sensitive>,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const document = row.original;
          const signed = document.signature?.signedFile ?? null;
          return (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button variant="ghost" size="sm" aria-label={`Actions for ${document.name}`}>
                  Actions <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                {isPreviewable(document.file.type) && (
                  <DropdownMenu.Item
                    onSelectAfterClose={() =>
                      setPreview({
                        id: document.file.id,
                        name: document.name,
                        fileName: document.file.name,
                        previewable: true,
                      })
                    }
                  >
                    Preview
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item onSelect={() => void download(document.file.id, document.file.name)}>
                  Download
                </DropdownMenu.Item>
                {signed && (
                  <DropdownMenu.Item onSelect={() => void download(signed.id, signed.name)}>
                    Download signed PDF
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item onSelectAfterClose={() => requestSignature(document)}>
                  Request signature
                </DropdownMenu.Item>
                <DropdownMenu.Item onSelectAfterClose={() => share(document)}>Share with client</DropdownMenu.Item>
                {document.sharedWithClient && (
                  <DropdownMenu.Item onSelect={() => void stopSharing(document)}>
                    Stop sharing with client
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Item
                  onSelectAfterClose={() => modal.open('upload-document', { clientId, id: document.id })}
                >
                  Rename or change tags
                </DropdownMenu.Item>
                <DropdownMenu.Separator />
                <DropdownMenu.Item variant="danger" onSelectAfterClose={() => remove(document)}>
                  Delete
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          );
        },
      },
    ];
  }, [client, clientId, clientName, clientEmail, modal, notify, timeZone, update]);

  const tagOptions = [
    { value: ALL_TAGS, label: 'All tags' },
    ...(tags.data?.items ?? []).map((item) => ({ value: item.tag, label: `${item.tag} (${item.count})` })),
  ];
  const templateItems = templates.data?.items ?? [];

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.text}>
          Consent forms, letters, completed forms and other files of this client. Ask for an e-signature, share a
          document with the client, or send them a form to fill in.
        </p>
        <span className={styles.inline}>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <Button variant="secondary">
                Add from template <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              {templateItems.map((template) => (
                <DropdownMenu.Item key={template.id} onSelect={() => void addFromTemplate(template.id)}>
                  {template.name} ({template.category})
                </DropdownMenu.Item>
              ))}
              {templateItems.length > 0 && <DropdownMenu.Separator />}
              <DropdownMenu.Item onSelectAfterClose={uploadTemplate}>Upload a new template…</DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
          <Button variant="secondary" onClick={sendToClient}>
            Send a form…
          </Button>
          <Button onClick={upload}>Upload documents</Button>
        </span>
      </div>
      {(tags.data?.items.length ?? 0) > 0 && (
        <Sensitive as="div" className={own.filter}>
          <Select label="Filter by tag" options={tagOptions} value={tag} onValueChange={setTag} />
        </Sensitive>
      )}
      {preview && <FilePreview key={preview.id} file={preview} onClose={() => setPreview(null)} />}
      <DataTable
        caption="Documents"
        hideCaption
        data={items}
        columns={columns}
        getRowId={(document) => String(document.id)}
        getRowLabel={(document) => document.name}
        loading={documents.view === 'loading'}
        emptyState={
          documents.view === 'error' ? (
            <LoadError what="the documents" error={documents.error} onRetry={documents.retry} />
          ) : filter ? (
            <EmptyState
              icon={<NotebookPen />}
              title="No documents with this tag"
              description="Choose another tag, or show all tags."
              action={<Button onClick={() => setTag(ALL_TAGS)}>Show all documents</Button>}
            />
          ) : (
            <EmptyState
              icon={<NotebookPen />}
              title="No documents yet"
              description="Upload a consent form, a letter or any other file with “Upload documents”, or add one from a practice template. You can then ask the client to sign it."
              action={<Button onClick={upload}>Upload documents</Button>}
            />
          )
        }
      />
    </div>
  );
}
