import { z } from 'zod';
import { ALL_ROLES, defineRoutes } from '../route';
import { idParam } from './common';

/** SPEC.md §3: a notification's category; the panel shows a warning icon for `warning` and an info icon otherwise. */
export const NOTIFICATION_CATEGORIES = ['warning', 'info', 'reminder', 'message', 'billing'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How urgent a notification is: the panel styles `warning` and `high` apart from plain information. */
export const NOTIFICATION_SEVERITIES = ['info', 'warning', 'high'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

/** The notification the server creates once for each overdue risk review (the risk job). */
export const RISK_REVIEW_NOTIFICATION = {
  title: 'Risk review overdue',
  content: (clientName: string, due: string) => `${clientName}'s risk assessment was due for review on ${due}.`,
} as const;

export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  severity: z.enum(NOTIFICATION_SEVERITIES),
  /** An app path the notification opens (for example the risk assessment it is about), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** How many notifications `GET /api/new-notifications/short` answers at most: the newest first. */
export const SHORT_NOTIFICATIONS_LIMIT = 20;

export const notificationCountSchema = z.object({ count: z.number().int().min(0) });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

export const markNotificationBodySchema = z.strictObject({
  read: z.boolean({ error: 'Choose read or unread.' }),
});
export type MarkNotificationBody = z.input<typeof markNotificationBodySchema>;

/** SPEC.md §7 Notifications and Counts. Every signed-in role sees its own notifications (the panel is in the shell). */
export const notificationsRoutes = defineRoutes({
  shortNotifications: {
    method: 'GET',
    path: '/api/new-notifications/short',
    summary: "The signed-in member's recent notifications, newest first",
    access: ALL_ROLES,
    response: z.array(notificationSchema),
  },
  notificationsCount: {
    method: 'GET',
    path: '/api/notifications/count',
    summary: "How many of the signed-in member's notifications are unread",
    access: ALL_ROLES,
    response: notificationCountSchema,
  },
  notificationsCsrfToken: {
    method: 'GET',
    path: '/api/messages-notifications/csrf-token',
    summary: 'A CSRF token for marking notifications read (send it as X-CSRF-Token)',
    access: ALL_ROLES,
    response: z.object({ csrfToken: z.string() }),
  },
  markNotificationRead: {
    method: 'POST',
    path: '/api/notifications/mark-as-read/:id',
    summary: 'Mark one of your notifications read or unread (header X-CSRF-Token)',
    access: ALL_ROLES,
    params: z.strictObject({ id: idParam }),
    body: markNotificationBodySchema,
    response: notificationSchema,
  },
});
