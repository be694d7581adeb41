import {
  FILE_MESSAGES,
  STORAGE_MESSAGES,
  storageNameField,
  type StorageFile,
  type StorageItem,
  type StorageListing,
} from '@halcyon/api/contract';
import { isApiError, uploadFailureSentence } from '@halcyon/api/client';
import { useAfterWrite, useMutation, useRoute, useUpload } from '@halcyon/api/swr';
import {
  Button,
  DataTable,
  DropdownMenu,
  EmptyState,
  FileDrop,
  Sensitive,
  TextField,
  useBanners,
  type DataTableColumn,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FileText, Folder } from '../../app/icons';
import { addedAndActionsColumns, FileMenuItems, listPages, PAGE_SIZE, RowMenu } from './StorageList';
import { FilePreview, formatBytes, type ShownFile } from './StoragePieces';
import styles from './storage.module.css';

/** What a panel above the list is doing: making a folder, renaming or moving an item, or previewing a file. */
type Panel =
  | { kind: 'new-folder' }
  | { kind: 'rename'; item: StorageItem }
  | { kind: 'move'; item: StorageItem }
  | { kind: 'preview'; file: ShownFile };

const shown = (file: StorageFile): ShownFile => ({ id: file.id, name: file.name, previewable: file.previewable });

/** The first message of a name that the contract refuses, or null (the same rule the server applies). */
function nameProblem(name: string, missing: string): string | null {
  const result = storageNameField(missing).safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? missing);
}

/** The server's sentence for a failed write (it names what to fix), or a plain fallback. */
const sentence = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * The practice's own files (/Cloud-storage): one folder at a time, its folders then its files, a page at a time; the path
 * from the top as links; make a folder, upload files (drag and drop or "Choose files", with progress), and per item open,
 * preview, download, rename, move and delete. Every action is a button or a menu item, so the keyboard reaches each.
 */
export function PracticeFiles({
  folderId,
  onOpenFolder,
}: {
  folderId: number | null;
  onOpenFolder: (id: number | null) => void;
}) {
  const modal = useModal();
  const [page, setPage] = useState(1);
  const [panel, setPanel] = useState<Panel | null>(null);
  const createFolder = useMutation('createStorageFolder');
  const listing = useRoute('listStorageItems', {
    query: { page, pageSize: PAGE_SIZE, ...(folderId === null ? {} : { folderId }) },
  });
  const data: StorageListing | null | undefined = listing.data;
  const items = data?.items ?? [];

  const open = useCallback(
    (id: number | null) => {
      setPage(1);
      setPanel(null);
      onOpenFolder(id);
    },
    [onOpenFolder],
  );

  const columns = useMemo<DataTableColumn<StorageItem>[]>(() => {
    const remove = (item: StorageItem) =>
      item.kind === 'folder'
        ? modal.open('delete-item', {
            kind: 'folder',
            route: 'deleteStorageFolder',
            params: { id: item.id },
            name: item.name,
          })
        : modal.open('delete-item', {
            kind: 'file',
            route: 'deleteStorageFile',
            params: { id: item.id },
            name: item.name,
            onDeleted: () =>
              setPanel((current) => (current?.kind === 'preview' && current.file.id === item.id ? null : current)),
          });
    return [
      {
        id: 'name',
        header: 'Name',
        enableSorting: false,
        cell: ({ row }) => {
          const item = row.original;
          return item.kind === 'folder' ? (
            <Button variant="ghost" size="sm" onClick={() => open(item.id)} aria-label={`Open folder ${item.name}`}>
              <span className={styles.name}>
                <Folder aria-hidden="true" />
                {item.name}
              </span>
            </Button>
          ) : (
            <span className={styles.name}>
              <FileText aria-hidden="true" />
              <Sensitive>{item.name}</Sensitive>
            </span>
          );
        },
      },
      {
        id: 'size',
        header: 'Size',
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.noWrap}>
            {row.original.kind === 'file' ? formatBytes(row.original.size) : 'Folder'}
          </span>
        ),
      },
      ...addedAndActionsColumns<StorageItem>((item) => (
        <RowMenu name={item.name} onDelete={() => remove(item)}>
          {item.kind === 'folder' ? (
            <DropdownMenu.Item onSelectAfterClose={() => open(item.id)}>Open</DropdownMenu.Item>
          ) : (
            <FileMenuItems file={shown(item)} onPreview={(file) => setPanel({ kind: 'preview', file })} />
          )}
          <DropdownMenu.Item onSelectAfterClose={() => setPanel({ kind: 'rename', item })}>Rename</DropdownMenu.Item>
          <DropdownMenu.Item onSelectAfterClose={() => setPanel({ kind: 'move', item })}>Move to…</DropdownMenu.Item>
        </RowMenu>
      )),
    ];
  }, [modal, open]);

  return (
    <div className={styles.stack}>
      <nav aria-label="Folder path">
        <ol className={styles.crumbs}>
          <li>
            {folderId === null ? (
              <span aria-current="page">All files</span>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => open(null)}>
                All files
              </Button>
            )}
          </li>
          {(data?.path ?? []).map((step, index, all) => (
            <li key={step.id}>
              {index === all.length - 1 ? (
                <span aria-current="page">{step.name}</span>
              ) : (
                <Button variant="ghost" size="sm" onClick={() => open(step.id)}>
                  {step.name}
                </Button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.toolbar}>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setPanel({ kind: 'new-folder' })}>
            New folder
          </Button>
        </div>
      </div>
      <Uploader folderId={folderId} />
      {panel?.kind === 'new-folder' && (
        <NameForm
          title="New folder"
          label="Folder name"
          submitLabel="Create folder"
          initial=""
          missing={STORAGE_MESSAGES.folderName}
          onSave={(name) => createFolder.trigger({ body: { name, parentId: folderId } })}
          busy={createFolder.isMutating}
          done={STORAGE_MESSAGES.folderCreated}
          onClose={() => setPanel(null)}
        />
      )}
      {panel?.kind === 'rename' && <RenameForm item={panel.item} onClose={() => setPanel(null)} />}
      {panel?.kind === 'move' && <MoveForm item={panel.item} from={folderId} onClose={() => setPanel(null)} />}
      {panel?.kind === 'preview' && (
        <FilePreview key={panel.file.id} file={panel.file} onClose={() => setPanel(null)} />
      )}
      <DataTable
        caption={data?.folder ? `Files in ${data.folder.name}` : 'All files'}
        hideCaption
        data={items}
        columns={columns}
        getRowId={(item) => `${item.kind}-${item.id}`}
        getRowLabel={(item) => item.name}
        loading={listing.view === 'loading'}
        emptyState={
          listing.view === 'error' ? (
            <LoadError what="the files" error={listing.error} onRetry={listing.retry} />
          ) : (
            <EmptyState
              icon={<Folder />}
              title={folderId === null ? 'No files yet' : 'This folder is empty'}
              description="Drop files on the box above or choose them with “Choose files”, or make a folder to keep them in order."
            />
          )
        }
        footer={listPages('File pages', page, data, setPage)}
      />
    </div>
  );
}

/** A one-field form for a name: checked as the server checks it, the server's sentence shown if it still refuses. */
function NameForm({
  title,
  label,
  submitLabel,
  initial,
  missing,
  onSave,
  busy,
  done,
  onClose,
}: {
  title: string;
  label: string;
  submitLabel: string;
  initial: string;
  missing: string;
  onSave: (name: string) => Promise<unknown>;
  busy: boolean;
  done: string;
  onClose: () => void;
}) {
  const { notify } = useBanners();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  // The form opens from a button or a menu item: the focus goes to its field.
  useEffect(() => field.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name, missing);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await onSave(name);
      notify({ variant: 'success', message: done });
      onClose();
    } catch (caught) {
      // What was typed stays, with the server's reason (a name already used there).
      setError(sentence(caught, 'The name could not be saved. Please try again.'));
    }
  };
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      <form className={styles.inlineForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={label}
          ref={field}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </form>
    </section>
  );
}

function RenameForm({ item, onClose }: { item: StorageItem; onClose: () => void }) {
  const folder = useMutation('renameStorageFolder');
  const file = useMutation('renameStorageFile');
  return (
    <NameForm
      // A new item starts a new form (what was typed for another one is not kept).
      key={`${item.kind}-${item.id}`}
      title={item.kind === 'folder' ? `Rename folder “${item.name}”` : 'Rename file'}
      label="New name"
      submitLabel="Rename"
      initial={item.name}
      missing={item.kind === 'folder' ? STORAGE_MESSAGES.folderName : STORAGE_MESSAGES.fileName}
      onSave={(name) =>
        item.kind === 'folder'
          ? folder.trigger({ params: { id: item.id }, body: { name } })
          : file.trigger({ params: { id: item.id }, body: { name } })
      }
      busy={folder.isMutating || file.isMutating}
      done={item.kind === 'folder' ? STORAGE_MESSAGES.folderRenamed : STORAGE_MESSAGES.fileRenamed}
      onClose={onClose}
    />
  );
}

/**
 * Where to move an item: browse the folders from the top (open one, go up) and choose "Move here". A folder is never
 * offered as a place inside itself; the server refuses that too, in words.
 */
function MoveForm({ item, from, onClose }: { item: StorageItem; from: number | null; onClose: () => void }) {
  const { notify } = useBanners();
  const moveFolder = useMutation('moveStorageFolder');
  const moveFile = useMutation('moveStorageFile');
  const [at, setAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const place = useRoute('listStorageItems', { query: { pageSize: 100, ...(at === null ? {} : { folderId: at }) } });
  const folders = (place.data?.items ?? []).filter(
    (entry): entry is Extract<StorageItem, { kind: 'folder' }> =>
      entry.kind === 'folder' && !(item.kind === 'folder' && entry.id === item.id),
  );
  const path = place.data?.path ?? [];
  const here = path.length > 0 ? path[path.length - 1]!.name : 'All files';
  const parent = path.length > 1 ? path[path.length - 2]!.id : null;
  const move = async () => {
    setError(null);
    try {
      if (item.kind === 'folder') {
        await moveFolder.trigger({ params: { id: item.id }, body: { parentId: at } });
        notify({ variant: 'success', message: STORAGE_MESSAGES.folderMoved });
      } else {
        await moveFile.trigger({ params: { id: item.id }, body: { folderId: at } });
        notify({ variant: 'success', message: STORAGE_MESSAGES.fileMoved });
      }
      onClose();
    } catch (caught) {
      setError(sentence(caught, 'It could not be moved. Please try again.'));
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="storage-move-title">
      <h2 id="storage-move-title" className={styles.panelTitle}>
        Move {item.kind === 'folder' ? `folder “${item.name}”` : 'file'} to: {here}
      </h2>
      {place.view === 'error' ? (
        <LoadError what="the folders" error={place.error} onRetry={place.retry} />
      ) : (
        <ul className={styles.crumbs} aria-label="Folders here">
          {at !== null && (
            <li>
              <Button variant="ghost" size="sm" onClick={() => setAt(parent)}>
                Up to {path.length > 1 ? path[path.length - 2]!.name : 'All files'}
              </Button>
            </li>
          )}
          {folders.map((folder) => (
            <li key={folder.id}>
              <Button variant="ghost" size="sm" onClick={() => setAt(folder.id)}>
                <span className={styles.name}>
                  <Folder aria-hidden="true" />
                  {folder.name}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className={styles.muted}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button onClick={() => void move()} disabled={at === from || moveFolder.isMutating || moveFile.isMutating}>
          Move here
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

/**
 * Uploads into the folder shown: files dropped on the box or chosen with "Choose files" (the design system's FileDrop,
 * which the keyboard reaches), one after another with progress (XHR upload events, as the expense receipt does). Each file
 * is checked first against the largest upload and what is left of the storage allowance; the server checks the type by
 * content and says why it refuses one.
 */
function Uploader({ folderId }: { folderId: number | null }) {
  const usage = useRoute('getStorageUsage');
  const afterWrite = useAfterWrite();
  const { notify } = useBanners();
  const upload = useUpload<StorageFile>(
    `/api/cloud-storage/files${folderId === null ? '' : `?folderId=${encodeURIComponent(folderId)}`}`,
  );
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | undefined>();
  const maxBytes = usage.data?.maxUploadBytes;

  const send = async (chosen: File[]) => {
    setFiles(chosen);
    setError(undefined);
    if (chosen.length === 0) return;
    const problems: string[] = [];
    let left = usage.data ? usage.data.limitBytes - usage.data.usedBytes : Number.POSITIVE_INFINITY;
    let sent = 0;
    for (const file of chosen) {
      if (file.size === 0) {
        problems.push(`${file.name}: ${FILE_MESSAGES.empty}`);
        continue;
      }
      if (maxBytes !== undefined && file.size > maxBytes) {
        problems.push(`${file.name}: ${FILE_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024))}`);
        continue;
      }
      if (file.size > left) {
        problems.push(`${file.name}: ${FILE_MESSAGES.overQuota}`);
        continue;
      }
      const body = new FormData();
      body.append('file', file);
      setProgress((current) => ({ ...current, [file.name]: 0 }));
      try {
        const stored = await upload.upload(body);
        left -= stored.size;
        sent += 1;
        setProgress((current) => ({ ...current, [file.name]: 100 }));
      } catch (caught) {
        setProgress((current) => {
          const next = { ...current };
          delete next[file.name];
          return next;
        });
        problems.push(`${file.name}: ${uploadFailureSentence(caught)}`);
      }
    }
    if (sent > 0) {
      await afterWrite('uploadStorageFile');
      notify({ variant: 'success', message: STORAGE_MESSAGES.fileUploaded });
    }
    if (problems.length > 0) setError(problems.join(' '));
    else {
      setFiles([]);
      setProgress({});
    }
  };

  const live = upload.isUploading ? Math.round((upload.progress ?? 0) * 99) : null;
  const current = files.find((file) => progress[file.name] === 0);
  return (
    <FileDrop
      label="Upload files"
      hint="Drop files here, or choose them. PDFs, images, Word and Excel files, plain text and CSV."
      multiple
      files={files}
      progress={current && live !== null ? { ...progress, [current.name]: live } : progress}
      error={error}
      disabled={upload.isUploading}
      onFilesChange={(chosen) => void send(chosen)}
    />
  );
}
