import type { Role, TaskPriority, TaskStatus } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { DAY, insertRows, isoDay, weighted, type Rng } from '../../../platform/db/generate-helpers';
import { priorityRank } from './service';
import { tasks } from './schema';

export interface TaskGeneration {
  db: Db;
  rng: Rng;
  practiceId: number;
  /** UTC midnight of the day the records lead up to (today in the demo). */
  base: number;
  /** Every member: tasks go to Assistants too. */
  members: readonly { userId: number; role: Role }[];
  clientIds: readonly number[];
}

/** Tasks per client: the large practice's 5,000 clients make QUALITY.md's 20,000 tasks. */
const TASKS_PER_CLIENT = 4;
const TASKS_MIN = 12;

const CLIENT_TASKS = [
  'Write to the GP with an update',
  'Send the intake forms',
  'Chase the insurance authorisation',
  'Prepare the discharge summary',
  'Review the outcome measures',
  'Return the call about rescheduling',
  'Book the review session',
  'Send the safety plan copy',
] as const;
const PRACTICE_TASKS = [
  'Book clinical supervision',
  'Renew professional indemnity insurance',
  'Update the waiting list',
  'Order new appointment cards',
  'Reply to the new enquiries',
  'Check the room booking for next month',
  'Send the invoice reminders',
  'Update the practice privacy notice',
] as const;
const DESCRIPTIONS = [
  '',
  '',
  'Keep it short; copy the letter into the client’s documents.',
  'Ask reception if the usual slot is free first.',
  'Use the template in the library and check the dates before sending.',
] as const;

const pickPriority = weighted<TaskPriority>([
  ['low', 25],
  ['normal', 55],
  ['high', 20],
]);

/** The column of a task due `days` from the base day: long past ones are done, near ones open. */
function statusFor(days: number | null, random: () => number): TaskStatus {
  const roll = random();
  if (days !== null && days < -14) return roll < 0.92 ? 'done' : 'in progress';
  if (days !== null && days < 0) return roll < 0.5 ? 'done' : roll < 0.8 ? 'to do' : 'in progress';
  return roll < 0.6 ? 'to do' : roll < 0.9 ? 'in progress' : 'done';
}

/**
 * The tasks of a generated (and the demo) practice: four per client (at least a dozen), due from four months back to six
 * weeks ahead (some without a date), assigned to every member, Assistants included, half about a client. Past ones are
 * mostly done, some left overdue; every member, each Assistant too, has an overdue task and one due today, so each
 * dashboard's tasks-due card has something to show.
 */
export async function generateTasks({ db, rng, practiceId, base, members, clientIds }: TaskGeneration): Promise<void> {
  if (members.length === 0) return;
  const rows: (typeof tasks.$inferInsert)[] = [];
  const add = (assigneeId: number, days: number | null, status: TaskStatus, clientId: number | null) => {
    const due = days === null ? null : base + days * DAY;
    const created = (due ?? base) - rng.int(3, 21) * DAY;
    rows.push({
      practiceId,
      title: clientId === null ? rng.pick(PRACTICE_TASKS) : rng.pick(CLIENT_TASKS),
      description: rng.pick(DESCRIPTIONS),
      dueDate: due === null ? null : isoDay(due),
      priority: priorityRank(pickPriority(rng.random)),
      status,
      position: rows.length,
      assigneeId,
      clientId,
      completedAt: status === 'done' ? new Date(Math.min(due ?? base, base) - rng.int(0, 2) * DAY) : null,
      createdBy: members[0]!.userId,
      createdAt: new Date(created),
      updatedAt: new Date(created),
    });
  };
  const aClient = () => (clientIds.length > 0 && rng.chance(0.5) ? rng.pick(clientIds) : null);
  for (const member of members) {
    add(member.userId, -rng.int(1, 5), 'to do', aClient());
    add(member.userId, 0, rng.chance(0.5) ? 'to do' : 'in progress', aClient());
  }
  const count = Math.max(TASKS_MIN, clientIds.length * TASKS_PER_CLIENT) - rows.length;
  for (let i = 0; i < count; i += 1) {
    const days = rng.chance(0.15) ? null : rng.int(-120, 42);
    add(rng.pick(members).userId, days, statusFor(days, rng.random), aClient());
  }
  await insertRows(db, tasks, rows);
}
