import {
  TASK_DUE_FILTERS,
  TASK_DUE_FILTER_LABELS,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type ListTasksQuery,
  type Task,
  type TaskSort,
  TASK_SEARCH_MAX,
} from '@halcyon/api/contract';
import { usePracticeToday, useRoute } from '@halcyon/api/swr';
import { Button, DataTable, EmptyState, Select, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useSearchParams } from 'react-router-dom';
import { ListSearchField, useListSearchText } from '../../app/ListSearch';
import { dueText } from './due';
import styles from './tasks.module.css';

const ALL = 'all';
const PAGE_SIZE = 25;

/** The list's columns a person can sort by, and the contract's sort for each. */
const SORTABLE: Readonly<Record<string, TaskSort>> = {
  title: 'title',
  status: 'status',
  dueDate: 'dueDate',
  priority: 'priority',
};

function useAssigneeFilterOptions() {
  const members = useRoute('listMembers');
  return [
    { value: ALL, label: 'Anyone' },
    { value: 'none', label: 'Nobody yet' },
    ...(members.data?.items ?? []).map((m) => ({ value: String(m.id), label: `${m.firstName} ${m.lastName}` })),
  ];
}

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>, all: string) => [
  { value: ALL, label: all },
  ...values.map((value) => ({ value, label: labels[value] })),
];

const FILTER_KEYS = ['status', 'priority', 'due', 'assigneeId', 'clientId'] as const;

/**
 * The tasks as a table, a page at a time, sorted by a column heading and filtered by status, assignee, priority, due
 * date and client; the filters and sort live in the address, so a filtered list can be bookmarked or shared. Overdue
 * rows say so in words and colour.
 */
export function TaskList() {
  const [params, setParams] = useSearchParams();
  const modal = useModal();
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === ALL) next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const sort = (params.get('sort') ?? 'dueDate') as TaskSort;
  const page = Number(params.get('page') ?? '1') || 1;
  const query: ListTasksQuery = {
    page,
    pageSize: PAGE_SIZE,
    sort,
    ...(params.get('status') && { status: params.get('status') }),
    ...(params.get('priority') && { priority: params.get('priority') }),
    ...(params.get('due') && { due: params.get('due') as ListTasksQuery['due'] }),
    ...(params.get('assigneeId') && { assigneeId: params.get('assigneeId')! }),
    ...(params.get('clientId') && { clientId: params.get('clientId')! }),
  };
  // The search stays on the page (a task's words may name a client, which the address never holds).
  const { typed, setTyped, search } = useListSearchText();
  const tasks = useRoute('listTasks', { query: search ? { ...query, search } : query });
  // Any filter in the address (status, priority, due, assignee, client) or a later page: "none match", not "none yet".
  const filtered = FILTER_KEYS.some((key) => params.has(key)) || page > 1 || search !== '';
  const assignees = useAssigneeFilterOptions();
  const clientId = params.get('clientId');
  const today = usePracticeToday();
  const columns: DataTableColumn<Task>[] = [
    {
      id: 'title',
      header: 'Task',
      cell: ({ row }) => (
        <button type="button" className={styles.cardTitle} onClick={() => modal.open('task', { id: row.original.id })}>
          {row.original.title}
        </button>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => TASK_STATUS_LABELS[row.original.status] },
    {
      id: 'dueDate',
      header: 'Due',
      cell: ({ row }) => (
        <span className={row.original.overdue ? styles.overdueCell : undefined}>{dueText(row.original, today)}</span>
      ),
    },
    { id: 'priority', header: 'Priority', cell: ({ row }) => TASK_PRIORITY_LABELS[row.original.priority] },
    {
      id: 'assignee',
      header: 'Assigned to',
      enableSorting: false,
      cell: ({ row }) => row.original.assigneeName ?? 'Nobody yet',
    },
    {
      id: 'client',
      header: 'Client',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.clientId ? (
          <button
            type="button"
            className={styles.cardTitle}
            aria-label={`Show only the tasks about ${row.original.clientName ?? 'this client'}`}
            onClick={() => set('clientId', String(row.original.clientId))}
          >
            <Sensitive focusable={false}>{row.original.clientName}</Sensitive>
          </button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <div className={styles.filters} role="group" aria-label="Filter tasks">
        <ListSearchField
          label="Search tasks"
          placeholder="Title or description"
          maxLength={TASK_SEARCH_MAX}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (page > 1) set('page', null);
          }}
        />
        <Select
          label="Status"
          options={options(TASK_STATUSES, TASK_STATUS_LABELS, 'Any status')}
          value={params.get('status') ?? ALL}
          onValueChange={(value) => set('status', value)}
        />
        <Select
          label="Assigned to"
          options={assignees}
          value={params.get('assigneeId') ?? ALL}
          onValueChange={(value) => set('assigneeId', value)}
        />
        <Select
          label="Priority"
          options={options(TASK_PRIORITIES, TASK_PRIORITY_LABELS, 'Any priority')}
          value={params.get('priority') ?? ALL}
          onValueChange={(value) => set('priority', value)}
        />
        <Select
          label="Due"
          options={options(TASK_DUE_FILTERS, TASK_DUE_FILTER_LABELS, 'Any time')}
          value={params.get('due') ?? ALL}
          onValueChange={(value) => set('due', value)}
        />
        {clientId && (
          <Button variant="secondary" onClick={() => set('clientId', null)}>
            Show every client’s tasks
          </Button>
        )}
      </div>
      {tasks.view === 'error' ? (
        <LoadError what="the tasks" error={tasks.error} onRetry={tasks.retry} />
      ) : (
        <DataTable
          caption={clientId ? 'Tasks about one client' : 'Tasks'}
          hideCaption
          data={tasks.data?.items ?? []}
          columns={columns}
          getRowId={(task) => String(task.id)}
          loading={!tasks.data}
          manualSorting
          sorting={[{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }]}
          onSortingChange={(sorting) => {
            const [first] = sorting;
            const column = first ? SORTABLE[first.id] : undefined;
            const next = column ? `${first!.desc ? '-' : ''}${column}` : 'dueDate';
            if (next !== sort) set('sort', next);
          }}
          emptyState={
            filtered ? (
              'No task matches these filters.'
            ) : (
              <EmptyState
                title="No tasks yet"
                description="Add what the practice has to do: a call to return, a letter to write, a form to send. Give it a due date and someone to do it."
                action={<Button onClick={() => modal.open('task')}>Add task</Button>}
              />
            )
          }
        />
      )}
      {(page > 1 || tasks.data?.hasMore) && (
        <nav className={styles.pages} aria-label="Pages of tasks">
          <Button variant="secondary" disabled={page <= 1} onClick={() => set('page', String(page - 1))}>
            Previous page
          </Button>
          <span>{`Page ${page}`}</span>
          <Button variant="secondary" disabled={!tasks.data?.hasMore} onClick={() => set('page', String(page + 1))}>
            Next page
          </Button>
        </nav>
      )}
    </>
  );
}
