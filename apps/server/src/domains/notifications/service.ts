import { and, desc, eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_SEVERITIES,
  SHORT_NOTIFICATIONS_LIMIT,
  type Notification,
  type NotificationCategory,
  type NotificationSeverity,
} from '@halcyon/api/contract';
import { preparedOnce, type Db } from '../../platform/db';
import { notifications } from '../../schema';

export interface NewNotification {
  practiceId: number;
  userId: number;
  title: string;
  content: string;
  category?: NotificationCategory;
  /** Defaults to `warning` for the warning category, `info` otherwise. */
  severity?: NotificationSeverity;
  /** An app path the notification opens. */
  link?: string | null;
  /** Makes the notification once per event: a second one with the same key for the same member is not created. */
  dedupeKey?: string;
}

/** A notification's row values (shared by `create` and the jobs that insert many at once). */
export function notificationValues(notification: NewNotification): typeof notifications.$inferInsert {
  const category = notification.category ?? 'info';
  return {
    practiceId: notification.practiceId,
    userId: notification.userId,
    title: notification.title.slice(0, 200),
    content: notification.content.slice(0, 2000),
    category,
    severity: notification.severity ?? (category === 'warning' ? 'warning' : 'info'),
    link: notification.link ?? null,
    dedupeKey: notification.dedupeKey ?? null,
  };
}

type Row = typeof notifications.$inferSelect;

function toNotification(row: Row): Notification {
  const category = (NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)
    ? (row.category as NotificationCategory)
    : 'info';
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category,
    severity: (NOTIFICATION_SEVERITIES as readonly string[]).includes(row.severity)
      ? (row.severity as NotificationSeverity)
      : 'info',
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The member's unread count, prepared once (`preparedOnce`): the top bar asks for it on every page and every poll
 * (`notifications_user_unread_idx`).
 */
const unreadCountStatement = preparedOnce((db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.practiceId, sql.placeholder('practiceId')),
        eq(notifications.userId, sql.placeholder('userId')),
        // A literal, not a value: the generic plan of a prepared statement then matches the partial index's predicate.
        sql`${notifications.read} = false`,
      ),
    )
    .prepare('notifications_unread_count'),
);

/**
 * Notifications for one member. Other domains call `create` (reminders, expiring compliance, new messages); the panel reads
 * the newest ones, the sidebar the unread count. Every query is scoped by practice and user, which both come from the token.
 */
export class NotificationService {
  constructor(private readonly db: Db) {}

  async create(notification: NewNotification): Promise<Notification> {
    const [row] = await this.db.insert(notifications).values(notificationValues(notification)).returning();
    return toNotification(row!);
  }

  async recent(practiceId: number, userId: number, limit = SHORT_NOTIFICATIONS_LIMIT): Promise<Notification[]> {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.practiceId, practiceId), eq(notifications.userId, userId)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return rows.map(toNotification);
  }

  async unreadCount(practiceId: number, userId: number): Promise<number> {
    const [row] = await unreadCountStatement(this.db).execute({ practiceId, userId });
    return row?.count ?? 0;
  }

  /** Marks one of the member's notifications; null when it is not theirs (another member's or practice's ids alike). */
  async mark(practiceId: number, userId: number, id: number, read: boolean): Promise<Notification | null> {
    const [row] = await this.db
      .update(notifications)
      .set({ read, readAt: read ? sql`now()` : null })
      .where(and(eq(notifications.id, id), eq(notifications.practiceId, practiceId), eq(notifications.userId, userId)))
      .returning();
    return row ? toNotification(row) : null;
  }
}
