import {
  CLIENT_ACTIVITY_KIND_LABELS,
  CLIENT_ACTIVITY_KINDS,
  type ClientActivityEntry,
  type ClientActivityKind,
} from '@halcyon/api/contract';
import { useClientRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  Pagination,
  Select,
  Sensitive,
  type DataTableColumn,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '@halcyon/api/time';
import { ListChecks } from '../../../app/icons';
import styles from '../clients.module.css';
import type { ClientTabProps } from './types';

export const ACTIVITY_PAGE_SIZE = 25;
const ALL = 'all';
const KIND_OPTIONS = [
  { value: ALL, label: 'Everything' },
  { value: 'contact', label: 'Calls, e-mails, letters and meetings' },
  ...CLIENT_ACTIVITY_KINDS.map((kind) => ({ value: kind, label: CLIENT_ACTIVITY_KIND_LABELS[kind] })),
];
const CONTACT_KINDS: ClientActivityKind[] = ['call', 'email', 'letter', 'meeting'];

function kindsFor(choice: string): ClientActivityKind[] | undefined {
  if (choice === ALL) return undefined;
  if (choice === 'contact') return CONTACT_KINDS;
  return [choice as ClientActivityKind];
}

/**
 * The Activity log tab of /Clients/{id} (CATALOG.md): every change and contact, newest first, filterable by kind, a page
 * at a time; "Add entry" records a call, e-mail, letter, meeting or note; an entry opens in the activity-log modal.
 */
export function ActivityLogTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const timeZone = usePracticeTimeZone();
  const [choice, setChoice] = useState(ALL);
  const [page, setPage] = useState(1);
  const log = useClientRoute(
    'listClientActivity',
    clientId,
    (id) => ({ params: { clientId: id }, query: { page, pageSize: ACTIVITY_PAGE_SIZE, kind: kindsFor(choice) } }),
    { swr: { keepPreviousData: true } },
  );
  const items = log.data?.items ?? [];
  const total = log.data?.total ?? 0;

  // The new entry shows first: back to the first page, which the save reloaded (the write's reads, from the contract).
  const add = () => modal.open('activity-log', { clientId, onSaved: () => setPage(1) });
  const view = useCallback(
    (entry: ClientActivityEntry) =>
      modal.open('activity-log', { clientId, id: entry.id, source: entry.source, readOnly: true }),
    [clientId, modal],
  );

  const columns = useMemo<DataTableColumn<ClientActivityEntry>[]>(
    () => [
      {
        id: 'at',
        header: 'When',
        accessorKey: 'at',
        enableSorting: false,
        cell: ({ row }) => (
          <Sensitive>
            <span className={styles.noWrap}>{formatDateTime(row.original.at, timeZone)}</span>
          </Sensitive>
        ),
      },
      {
        id: 'kind',
        header: 'Kind',
        accessorKey: 'kind',
        enableSorting: false,
        cell: ({ row }) => (
          <Badge variant={row.original.source === 'manual' ? 'accent' : 'neutral'}>
            {CLIENT_ACTIVITY_KIND_LABELS[row.original.kind]}
          </Badge>
        ),
      },
      {
        id: 'summary',
        header: 'What happened',
        accessorKey: 'summary',
        enableSorting: false,
        cell: ({ row }) => (
          <Button variant="ghost" size="sm" onClick={() => view(row.original)}>
            <span className={styles.activitySentence}>
              <Sensitive>{row.original.summary}</Sensitive>
            </span>
          </Button>
        ),
      },
      {
        id: 'actor',
        header: 'By',
        accessorKey: 'actorName',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.actorName ? (
            <span className={styles.noWrap}>{row.original.actorName}</span>
          ) : (
            <span className={`${styles.muted} ${styles.noWrap}`}>The system</span>
          ),
      },
    ],
    [timeZone, view],
  );

  const filtered = choice !== ALL;
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Select
          label="Show"
          options={KIND_OPTIONS}
          value={choice}
          onValueChange={(value) => {
            setChoice(value);
            setPage(1);
          }}
        />
        <Button onClick={add}>Add entry</Button>
      </div>
      <DataTable
        caption="Activity log"
        hideCaption
        data={items}
        columns={columns}
        getRowId={(entry) => `${entry.source}-${entry.id}`}
        loading={log.view === 'loading'}
        totalRowCount={total}
        emptyState={
          log.view === 'error' ? (
            <LoadError what="the activity log" error={log.error} onRetry={log.retry} />
          ) : (
            <EmptyState
              icon={<ListChecks />}
              title={filtered ? 'Nothing of this kind yet' : 'No activity yet'}
              description={
                filtered
                  ? 'Choose “Everything” to see the whole log, or add an entry.'
                  : 'Changes to this client appear here by themselves. Record a call, e-mail, letter or meeting with “Add entry”.'
              }
              action={<Button onClick={add}>Add entry</Button>}
            />
          )
        }
        footer={
          total > ACTIVITY_PAGE_SIZE ? (
            <Pagination
              label="Activity log pages"
              page={page}
              total={total}
              pageSize={ACTIVITY_PAGE_SIZE}
              onPageChange={setPage}
            />
          ) : null
        }
      />
    </div>
  );
}
