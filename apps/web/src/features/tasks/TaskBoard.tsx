import {
  TASK_MESSAGES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type Task,
  type TaskStatus,
} from '@halcyon/api/contract';
import { useMutation, usePracticeToday, useRoute } from '@halcyon/api/swr';
import { Badge, Button, DropdownMenu, Sensitive, Skeleton, useBanners } from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useState, type DragEvent } from 'react';
import { dueText } from './due';
import styles from './tasks.module.css';

/** The most tasks a column shows; the list view pages through the rest. */
export const BOARD_COLUMN_SIZE = 100;

/** Where a move puts a task: its column, and the task of that column it goes right after (null: first). */
interface Move {
  task: Pick<Task, 'id' | 'title'>;
  status: TaskStatus;
  afterId: number | null;
}

/** What a dragged card carries: its id and title. */
const DRAG_TYPE = 'application/x-halcyon-task';

function useMoveTask(announce: (message: string) => void) {
  const move = useMutation('moveTask');
  const { notify } = useBanners();
  return async ({ task, status, afterId }: Move) => {
    try {
      await move.trigger({ params: { id: task.id }, body: { status, afterId } });
      announce(TASK_MESSAGES.moved(task.title, status));
    } catch (error) {
      notify({ variant: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
}

function TaskCard({
  task,
  column,
  index,
  onMove,
}: {
  task: Task;
  column: readonly Task[];
  index: number;
  onMove: (move: Move) => void;
}) {
  const modal = useModal();
  const today = usePracticeToday();
  const others = TASK_STATUSES.filter((status) => status !== task.status);
  return (
    <li
      className={styles.card}
      data-state={task.overdue ? 'overdue' : undefined}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: task.id, title: task.title }));
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      <button type="button" className={styles.cardTitle} onClick={() => modal.open('task', { id: task.id })}>
        {task.title}
      </button>
      <span className={styles.cardMeta}>
        <span className={styles.due} data-state={task.overdue ? 'overdue' : undefined}>
          {dueText(task, today)}
        </span>
        {task.priority !== 'normal' && (
          <Badge variant={task.priority === 'high' ? 'warning' : 'neutral'}>
            {`${TASK_PRIORITY_LABELS[task.priority]} priority`}
          </Badge>
        )}
      </span>
      <span className={styles.cardMeta}>
        {task.assigneeName ?? 'Nobody yet'}
        {task.clientName && (
          <>
            {' · '}
            <Sensitive>{task.clientName}</Sensitive>
          </>
        )}
      </span>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" variant="ghost" className={styles.moveButton} aria-label={`Move “${task.title}”`}>
            Move…
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="start">
          {others.map((status) => (
            <DropdownMenu.Item key={status} onSelect={() => onMove({ task, status, afterId: null })}>
              {`Move to ${TASK_STATUS_LABELS[status]}`}
            </DropdownMenu.Item>
          ))}
          {index > 0 && (
            <DropdownMenu.Item
              onSelect={() => onMove({ task, status: task.status, afterId: index > 1 ? column[index - 2]!.id : null })}
            >
              Move up
            </DropdownMenu.Item>
          )}
          {index < column.length - 1 && (
            <DropdownMenu.Item onSelect={() => onMove({ task, status: task.status, afterId: column[index + 1]!.id })}>
              Move down
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </li>
  );
}

/** The task a drop at `y` goes after: the last card whose middle is above the pointer (null: first). */
function afterIdAt(list: HTMLElement, y: number, column: readonly Task[], moving: number): number | null {
  const cards = [...list.querySelectorAll<HTMLElement>(':scope > li')];
  let after: number | null = null;
  cards.forEach((card, i) => {
    const box = card.getBoundingClientRect();
    const task = column[i];
    if (task && task.id !== moving && box.top + box.height / 2 < y) after = task.id;
  });
  return after;
}

function draggedTask(event: DragEvent): Pick<Task, 'id' | 'title'> | null {
  try {
    const value: unknown = JSON.parse(event.dataTransfer.getData(DRAG_TYPE));
    if (value && typeof value === 'object' && 'id' in value && 'title' in value) {
      return { id: Number(value.id), title: String(value.title) };
    }
  } catch {
    // Not one of our cards (a file, some text): nothing to move.
  }
  return null;
}

function Column({ status, onMove }: { status: TaskStatus; onMove: (move: Move) => void }) {
  const tasks = useRoute('listTasks', { query: { status, sort: 'position', pageSize: BOARD_COLUMN_SIZE } });
  const [over, setOver] = useState(false);
  const column = tasks.data?.items ?? [];
  const headingId = `tasks-column-${status.replace(' ', '-')}`;
  const onDrop = (event: DragEvent<HTMLUListElement>) => {
    event.preventDefault();
    setOver(false);
    const task = draggedTask(event);
    if (task) onMove({ task, status, afterId: afterIdAt(event.currentTarget, event.clientY, column, task.id) });
  };
  return (
    <section className={styles.column} aria-labelledby={headingId} data-state={over ? 'over' : undefined}>
      <h2 id={headingId} className={styles.columnTitle}>
        {TASK_STATUS_LABELS[status]}
        {tasks.data && <span className={styles.count}>{` (${column.length}${tasks.data.hasMore ? '+' : ''})`}</span>}
      </h2>
      {tasks.view === 'error' ? (
        <LoadError what={`the ${TASK_STATUS_LABELS[status]} tasks`} error={tasks.error} onRetry={tasks.retry} />
      ) : !tasks.data ? (
        <Skeleton
          shape="rect"
          height="var(--hds-space-12)"
          aria-label={`Loading the ${TASK_STATUS_LABELS[status]} tasks`}
        />
      ) : (
        <ul
          className={styles.cards}
          aria-labelledby={headingId}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          {column.map((task, index) => (
            <TaskCard key={task.id} task={task} column={column} index={index} onMove={onMove} />
          ))}
          {column.length === 0 && <li className={styles.empty}>No tasks here.</li>}
        </ul>
      )}
    </section>
  );
}

/**
 * The board: To do, In progress and Done, each in its own order. A card moves by dragging it with a pointer to a place
 * in a column, or from the keyboard with its "Move…" menu (to another column, first; up or down in its own); each move
 * is announced to screen readers. Overdue cards are marked in words and colour.
 */
export function TaskBoard() {
  const [announcement, setAnnouncement] = useState('');
  const move = useMoveTask(setAnnouncement);
  return (
    <>
      <div className={styles.board}>
        {TASK_STATUSES.map((status) => (
          <Column key={status} status={status} onMove={move} />
        ))}
      </div>
      <p role="status" aria-live="polite" className={styles.announcement}>
        {announcement}
      </p>
    </>
  );
}
