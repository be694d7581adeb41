import { CLIENT_SORTS, type Client, type ClientSort, type ListClientsQuery } from '@halcyon/api/contract';
import { SEARCH_MAX_LENGTH, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  countOf,
  DataTable,
  type DataTableColumn,
  EmptyState,
  PageHeader,
  Pagination,
  Sensitive,
  TextField,
} from '@halcyon/design-system';
import { clientFilterFields, countActiveFilters, LoadError, useModal, type FilterValues } from '@halcyon/modals';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@halcyon/api/time';
import { Search, Users } from '../../app/icons';
import { formatMoney, fullName } from '../../features/clients/format';
import { ClientStatusSelect, RiskBadge, RiskReviewFlag } from '../../features/clients/status';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { useTherapistOptions } from '../../features/clients/useTherapistOptions';
import styles from './Clients.module.css';

export const CLIENTS_PAGE_SIZE = 25;
/** Short enough that results follow the typing (QUALITY.md: search answers in 100 ms); the rows on screen narrow at once. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 40;

const SORTABLE = ['name', 'status', 'nextSession', 'lastSession'] as const;
const LIST_FILTERS = ['status', 'therapistId', 'tag', 'riskLevel', 'riskReviewOverdue', 'kind'] as const;
const MULTI_FILTERS = new Set<string>(['status', 'riskLevel', 'kind']);
/** Yes/no filters: `?name=true` in the address. */
const FLAG_FILTERS = new Set<string>(['riskReviewOverdue']);

function readSort(value: string | null): ClientSort {
  return (CLIENT_SORTS as readonly string[]).includes(value ?? '') ? (value as ClientSort) : 'name';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The applied filters, from the address (filters are practice vocabulary, never client data). */
function readFilters(params: URLSearchParams): FilterValues {
  const values: Record<string, string | string[] | boolean> = {};
  for (const name of LIST_FILTERS) {
    if (FLAG_FILTERS.has(name)) {
      if (params.get(name) === 'true') values[name] = true;
    } else if (MULTI_FILTERS.has(name)) {
      const all = params.getAll(name).filter(Boolean);
      if (all.length) values[name] = all;
    } else {
      const one = params.get(name);
      if (one) values[name] = one;
    }
  }
  return values;
}

function filterQuery(filters: FilterValues): Partial<ListClientsQuery> {
  const list = (name: string) => {
    const value = filters[name];
    return Array.isArray(value) && value.length ? (value as string[]) : undefined;
  };
  const text = (name: string) => {
    const value = filters[name];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const therapist = Number(text('therapistId'));
  return {
    status: list('status'),
    riskLevel: list('riskLevel'),
    riskReviewOverdue: filters.riskReviewOverdue === true ? 'true' : undefined,
    kind: list('kind'),
    tag: text('tag'),
    therapistId: Number.isInteger(therapist) && therapist > 0 ? therapist : undefined,
  };
}

/** Does a client match every word typed (names and e-mail)? Used to narrow the rows on screen while the server answers. */
function matchesTyped(client: Client, words: string[]): boolean {
  const haystack = [client.firstName, client.lastName, client.preferredName, client.email]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

function clientName(client: Pick<Client, 'firstName' | 'lastName'>): string {
  return fullName({ firstName: client.firstName, lastName: client.lastName });
}

/** /Clients (CATALOG.md): the practice's clients, searched, filtered, sorted and paged by the server. */
export function ClientsPage() {
  return <ClientsList />;
}

function ClientsList() {
  const navigate = useNavigate();
  const modal = useModal();
  const timeZone = usePracticeTimeZone();
  const therapists = useTherapistOptions();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), CLIENT_SEARCH_DEBOUNCE_MS);

  const page = readPage(params.get('page'));
  const sort = readSort(params.get('sort'));
  const filters = useMemo(() => readFilters(params), [params]);
  const filterFields = useMemo(() => clientFilterFields(therapists), [therapists]);
  const activeFilters = countActiveFilters(filters, filterFields);

  const query: ListClientsQuery = useMemo(
    () => ({ page, pageSize: CLIENTS_PAGE_SIZE, sort, search: search || undefined, ...filterQuery(filters) }),
    [page, sort, search, filters],
  );
  const list = useRoute('listClients', { query }, { swr: { keepPreviousData: true } });

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onSearch = (value: string) => {
    setTyped(value);
    if (page !== 1) update((next) => next.delete('page'));
  };

  // While the server answers a longer search, the rows already on screen narrow at once.
  const typedWords = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const narrowing = typed.trim() !== search && typed.trim().toLowerCase().startsWith(search.toLowerCase());
  const failed = list.view === 'error';
  const items = failed ? [] : (list.data?.items ?? []);
  const rows = narrowing ? items.filter((client) => matchesTyped(client, typedWords)) : items;
  const total = failed ? 0 : (list.data?.total ?? 0);
  // With a therapist, tag or search filter the server counts only so far past the page: then there are more.
  const capped = list.data?.totalCapped ?? false;

  const sorting = useMemo(() => [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }], [sort]);

  const openFilters = () =>
    modal.open('filter', {
      title: 'Filter clients',
      description: 'Show only the clients that match.',
      fields: filterFields,
      values: filters,
      onApply: (chosen) =>
        update((next) => {
          next.delete('page');
          for (const name of LIST_FILTERS) {
            next.delete(name);
            const value = chosen[name];
            if (Array.isArray(value)) for (const one of value as string[]) next.append(name, one);
            else if (value === true) next.set(name, 'true');
            else if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
          }
        }),
    });

  const addClient = () =>
    modal.open('client-onboarding', { onSaved: (record) => void navigate(`/Clients/${record.id}`) });

  const clearAll = () => {
    setTyped('');
    update((next) => {
      next.delete('page');
      for (const name of LIST_FILTERS) next.delete(name);
    });
  };

  const columns = useMemo<DataTableColumn<Client>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: clientName,
        cell: ({ row }) => {
          const client = row.original;
          const extra = [
            client.preferredName ? `Prefers ${client.preferredName}` : null,
            client.pronouns,
            client.kind !== 'individual' ? client.kind : null,
          ].filter(Boolean);
          return (
            <span className={styles.nameCell}>
              <RouterLink to={`/Clients/${client.id}`}>
                <Sensitive>{clientName(client)}</Sensitive>
              </RouterLink>
              {extra.length > 0 && <Sensitive className={styles.muted}>{extra.join(' · ')}</Sensitive>}
            </span>
          );
        },
      },
      {
        id: 'status',
        header: 'Status',
        accessorKey: 'status',
        cell: ({ row }) => (
          <div className={styles.statusCell}>
            <ClientStatusSelect client={row.original} label={`Status of ${clientName(row.original)}`} />
          </div>
        ),
      },
      {
        id: 'nextSession',
        header: 'Next session',
        accessorKey: 'nextSessionAt',
        // Soonest first on the first press, whatever the first row holds (no date would make the table guess "desc").
        sortDescFirst: false,
        cell: ({ row }) =>
          row.original.nextSessionAt ? (
            <Sensitive>{formatDateTime(row.original.nextSessionAt, timeZone)}</Sensitive>
          ) : (
            <span className={styles.muted}>None booked</span>
          ),
      },
      {
        id: 'lastSession',
        header: 'Last session',
        accessorKey: 'lastSessionAt',
        sortDescFirst: false,
        cell: ({ row }) =>
          row.original.lastSessionAt ? (
            <Sensitive>{formatDateTime(row.original.lastSessionAt, timeZone)}</Sensitive>
          ) : (
            <span className={styles.muted}>None yet</span>
          ),
      },
      {
        id: 'therapist',
        header: 'Therapist',
        accessorKey: 'therapistName',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.therapistName ? (
            <Sensitive>{row.original.therapistName}</Sensitive>
          ) : (
            <span className={styles.muted}>Unassigned</span>
          ),
      },
      {
        id: 'balance',
        header: 'Balance',
        accessorKey: 'balanceMinor',
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => <Sensitive>{formatMoney(row.original.balanceMinor, row.original.currency)}</Sensitive>,
      },
      {
        id: 'riskLevel',
        header: 'Risk level',
        accessorKey: 'riskLevel',
        enableSorting: false,
        cell: ({ row }) => (
          <Sensitive className={styles.tags}>
            <RiskBadge level={row.original.riskLevel} />
            <RiskReviewFlag client={row.original} />
          </Sensitive>
        ),
      },
      {
        id: 'tags',
        header: 'Tags',
        accessorKey: 'tags',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.tags.length ? (
            <Sensitive className={styles.tags}>
              {row.original.tags.map((tag) => (
                <Badge key={tag} variant="accent">
                  {tag}
                </Badge>
              ))}
            </Sensitive>
          ) : null,
      },
    ],
    [timeZone],
  );

  const nothingAtAll = !list.isLoading && list.data && total === 0 && !search && activeFilters === 0;
  const emptyState = failed ? (
    <LoadError what="the clients" error={list.error} onRetry={list.retry} />
  ) : nothingAtAll ? (
    <EmptyState
      icon={<Users />}
      title="No clients yet"
      description="Add your first client with “Add client”: their name, contact details, status and therapist. You can send them a portal invitation at the same time."
      action={<Button onClick={addClient}>Add client</Button>}
    />
  ) : (
    <EmptyState
      icon={<Search />}
      title="No clients match"
      description="Check the spelling of the name, or clear the search and filters to see every client."
      action={
        <Button variant="secondary" onClick={clearAll}>
          Clear search and filters
        </Button>
      }
    />
  );

  const first = total === 0 ? 0 : (page - 1) * CLIENTS_PAGE_SIZE + 1;
  const last = Math.min(total, page * CLIENTS_PAGE_SIZE);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Clients"
        description="Your clients, their status, sessions and records."
        actions={<Button onClick={addClient}>Add client</Button>}
      />
      <DataTable
        caption="Clients"
        hideCaption
        data={rows}
        columns={columns}
        getRowId={(client) => String(client.id)}
        manualSorting
        sorting={sorting}
        onSortingChange={(next) => {
          const chosen = next[0];
          update((params) => {
            params.delete('page');
            if (!chosen || !(SORTABLE as readonly string[]).includes(chosen.id)) params.delete('sort');
            else params.set('sort', `${chosen.desc ? '-' : ''}${chosen.id}`);
          });
        }}
        loading={list.view === 'loading'}
        loadingRowCount={8}
        emptyState={emptyState}
        onRowClick={(client) => void navigate(`/Clients/${client.id}`)}
        totalRowCount={total}
        toolbar={
          <div className={styles.toolbar}>
            <TextField
              className={styles.search}
              label="Search clients"
              type="search"
              placeholder="Name or e-mail"
              maxLength={SEARCH_MAX_LENGTH}
              value={typed}
              onChange={(event) => onSearch(event.target.value)}
              startAdornment={<Search />}
              autoComplete="off"
            />
            <Button variant="secondary" onClick={openFilters}>
              {activeFilters > 0 ? `Filter (${activeFilters})` : 'Filter'}
            </Button>
            {activeFilters > 0 && (
              <Button variant="ghost" onClick={clearAll}>
                Clear filters
              </Button>
            )}
          </div>
        }
        footer={
          total > 0 ? (
            <>
              <p className={styles.summary} aria-live="polite">
                {capped
                  ? `Showing ${first}–${last} of more than ${total.toLocaleString('en-GB')} clients`
                  : `Showing ${first}–${last} of ${countOf(total, { one: 'client', other: 'clients' })}`}
              </p>
              <Pagination
                label="Clients pages"
                page={page}
                total={total}
                atLeast={capped}
                pageSize={CLIENTS_PAGE_SIZE}
                onPageChange={(next) =>
                  update((params) => (next === 1 ? params.delete('page') : params.set('page', String(next))))
                }
              />
            </>
          ) : null
        }
      />
    </div>
  );
}
