import { humanDate, shiftDate } from '@halcyon/api/contract';

/**
 * When a task is due, as the board, the list and the dashboard say it: "Overdue: due 3 Nov 2026", "Due today"; `today`
 * is the practice's (usePracticeToday).
 */
export function dueText(task: { dueDate: string | null; overdue: boolean }, today: string): string {
  if (!task.dueDate) return 'No due date';
  if (task.overdue) return `Overdue: due ${humanDate(task.dueDate)}`;
  if (task.dueDate === today) return 'Due today';
  if (task.dueDate === shiftDate(today, { days: 1 })) return 'Due tomorrow';
  return `Due ${humanDate(task.dueDate)}`;
}
