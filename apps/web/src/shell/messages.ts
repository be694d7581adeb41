/** SPEC.md §8, notification panel alerts, word for word. */
export const NOTIFICATION_MESSAGES = {
  csrf: 'Security token retrieval failed. Please reload the page.',
  load: 'Failed to load notifications. Please try again later.',
  count: 'Failed to load notification count. Please try again later.',
  markRead: 'Failed to mark notification as read. Please refresh page and try again.',
} as const;

/** SPEC.md §9: the server is told a notification was read 900000 ms (15 minutes) after the click. */
export const ACK_DELAY_MS = 900_000;
/** Pending acknowledgements survive a reload here (ids and due times only). */
export const ACK_STORAGE_KEY = 'halcyon.notification-acks';
/** Sidebar counts refresh on focus and every 60 s. */
export const COUNT_REFRESH_MS = 60_000;
