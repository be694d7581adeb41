import { PageHeader, Tabs } from '@halcyon/design-system';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ClientDocuments } from '../../features/storage/ClientDocuments';
import { PracticeFiles } from '../../features/storage/PracticeFiles';
import { StorageUsageCard } from '../../features/storage/StoragePieces';
import styles from '../../features/storage/storage.module.css';

const VIEWS = { files: 'Practice files', clients: 'Client documents' } as const;
type View = keyof typeof VIEWS;

/** A positive whole number from the address, or null. */
function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /Cloud-storage (CATALOG.md): the practice's files in folders and its clients' documents under each client, one file
 * store; the storage used against the allowance (the Subscription page's figure). The address keeps the view, the open
 * folder (`?folder=`) and the open client (`?client=`), so Back and a reload land where the member was.
 */
export function CloudStoragePage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'clients' ? 'clients' : 'files';
  const go = useCallback(
    (next: { view: View; folder?: number | null; client?: number | null }) =>
      setParams(() => {
        const search = new URLSearchParams();
        if (next.view === 'clients') search.set('view', 'clients');
        if (next.folder) search.set('folder', String(next.folder));
        if (next.client) search.set('client', String(next.client));
        return search;
      }),
    [setParams],
  );
  const openFolder = useCallback((folder: number | null) => go({ view: 'files', folder }), [go]);
  const openClient = useCallback((client: number | null) => go({ view: 'clients', client }), [go]);
  return (
    <div className={styles.stack}>
      <PageHeader
        title="Cloud storage"
        description="The practice's files in folders, and each client's documents under their client."
      />
      <StorageUsageCard />
      <Tabs.Root value={view} onValueChange={(value) => go({ view: value === 'clients' ? 'clients' : 'files' })}>
        <Tabs.List aria-label="Show">
          {(Object.keys(VIEWS) as View[]).map((key) => (
            <Tabs.Trigger key={key} value={key}>
              {VIEWS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="files">
          {view === 'files' && <PracticeFiles folderId={idFrom(params.get('folder'))} onOpenFolder={openFolder} />}
        </Tabs.Content>
        <Tabs.Content value="clients">
          {view === 'clients' && <ClientDocuments clientId={idFrom(params.get('client'))} onOpenClient={openClient} />}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
