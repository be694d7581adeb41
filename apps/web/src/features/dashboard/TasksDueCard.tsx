import { TASK_MESSAGES, TASK_PRIORITY_LABELS, type DueTask, type Role } from '@halcyon/api/contract';
import { useMutation, usePracticeToday, useRoute } from '@halcyon/api/swr';
import { Button, Sensitive, useBanners } from '@halcyon/design-system';
import { useId, useState } from 'react';
import { TextLink } from '../../app/TextLink';
import { canOpen } from '../../app/access';
import { dueText } from '../tasks/due';
import { CardList } from './CardList';
import styles from './CardList.module.css';

function MarkDone({ task }: { task: DueTask }) {
  const move = useMutation('moveTask');
  const { notify } = useBanners();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={move.isMutating}
      aria-label={`Mark done: ${task.title}`}
      onClick={async () => {
        try {
          await move.trigger({ params: { id: task.id }, body: { status: 'done' } });
          notify({ variant: 'success', message: TASK_MESSAGES.moved(task.title, 'done') });
        } catch (error) {
          notify({ variant: 'error', message: error instanceof Error ? error.message : String(error) });
        }
      }}
    >
      Mark done
    </Button>
  );
}

/**
 * For members who cannot open the task manager (the Assistant): the task's description, read when they ask for it, so a
 * task assigned to them can be read in full where they see it.
 */
function TaskDetails({ task }: { task: DueTask }) {
  const [open, setOpen] = useState(false);
  const detail = useRoute('getTask', open ? { params: { id: task.id } } : null);
  const regionId = useId();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={regionId}
        aria-label={`${open ? 'Hide details' : 'Details'} of ${task.title}`}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide details' : 'Details'}
      </Button>
      <div id={regionId} hidden={!open} className={styles.details}>
        {open &&
          (detail.error !== undefined ? (
            <p className={styles.meta}>The task could not be loaded. Please try again.</p>
          ) : detail.data ? (
            <Sensitive as="div" className={styles.description}>
              {detail.data.description || 'No description.'}
            </Sensitive>
          ) : (
            <p className={styles.meta}>Loading…</p>
          ))}
      </div>
    </>
  );
}

/**
 * The signed-in member's open tasks overdue or due within a week, by due date: every role's own, the Assistant's too
 * (SPEC.md §6 keeps the task manager from them, not their tasks). Each can be marked done here; members who may open
 * the task manager follow the title there, the others read its details here.
 */
export function TasksDueCard({ userRole: role }: { userRole: Role }) {
  const due = useRoute('dashboardTasksDue');
  const manager = canOpen('/Task-manager', role);
  const today = usePracticeToday();
  return (
    <CardList resource={due} what="tasks due" empty="No task of yours is due this week." getKey={(t) => t.id}>
      {(task) => (
        <>
          <span className={styles.main}>
            {manager ? (
              <TextLink to={`/Task-manager?task=${task.id}`}>{task.title}</TextLink>
            ) : (
              <span>{task.title}</span>
            )}
            <span className={styles.meta} data-state={task.overdue ? 'overdue' : undefined}>
              {dueText(task, today)}
              {task.priority === 'high' ? ` · ${TASK_PRIORITY_LABELS.high} priority` : ''}
              {task.clientName && (
                <>
                  {' · '}
                  <Sensitive>{task.clientName}</Sensitive>
                </>
              )}
            </span>
          </span>
          {!manager && <TaskDetails task={task} />}
          <MarkDone task={task} />
        </>
      )}
    </CardList>
  );
}
