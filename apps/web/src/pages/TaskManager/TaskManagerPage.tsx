import { Button, PageHeader, Tabs } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TaskBoard } from '../../features/tasks/TaskBoard';
import { TaskList } from '../../features/tasks/TaskList';
import styles from '../../features/tasks/tasks.module.css';

const VIEWS = { board: 'Board', list: 'List' } as const;
type View = keyof typeof VIEWS;

/**
 * /Task-manager (CATALOG.md): the practice's tasks as a board (To do, In progress, Done) or as a list with sorting and
 * filters; "Add task" and each task open the task modal. `?task=ID` (the dashboard's link) opens that task.
 */
export function TaskManagerPage() {
  const [params, setParams] = useSearchParams();
  const modal = useModal();
  const view: View = params.get('view') === 'list' ? 'list' : 'board';
  const taskId = Number(params.get('task'));
  // Opened once per link: opening re-renders the page before the address drops `task`.
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!Number.isInteger(taskId) || taskId <= 0 || opened.current === taskId) return;
    opened.current = taskId;
    modal.open('task', { id: taskId });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('task');
        return next;
      },
      { replace: true },
    );
  }, [taskId, modal, setParams]);
  return (
    <>
      <PageHeader
        title="Task manager"
        description="What the practice has to do, who does it and by when."
        actions={<Button onClick={() => modal.open('task')}>Add task</Button>}
      />
      <Tabs.Root
        value={view}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(value === 'list' ? current : undefined);
              if (value === 'list') next.set('view', 'list');
              return next;
            },
            { replace: true },
          )
        }
      >
        <div className={styles.toolbar}>
          <Tabs.List aria-label="Show the tasks as">
            {(Object.keys(VIEWS) as View[]).map((key) => (
              <Tabs.Trigger key={key} value={key}>
                {VIEWS[key]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        <Tabs.Content value="board">{view === 'board' && <TaskBoard />}</Tabs.Content>
        <Tabs.Content value="list">{view === 'list' && <TaskList />}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}
