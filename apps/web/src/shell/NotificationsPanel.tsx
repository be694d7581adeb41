import { useRoute } from '@halcyon/api/swr';
import { Sensitive, SidePanel } from '@halcyon/design-system';
import { Link } from 'react-router-dom';
import { useEffect, useRef } from 'react';
import { BellOff, Info, TriangleAlert } from '../app/icons';
import type { Acknowledgements } from './useAcknowledgements';
import { NOTIFICATION_MESSAGES } from './messages';
import styles from './NotificationsPanel.module.css';

export interface NotificationsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Narrow screens: the panel floats over the page. */
  overlay?: boolean;
  acknowledgements: Acknowledgements;
  /** Shows a SPEC.md §8 alert as an error banner. */
  onError: (message: string) => void;
}

/** SPEC.md §2's heading word for word, "You have N new notifications", whatever N is (1 included). */
export function newNotificationsHeading(count: number): string {
  return `You have ${count} new notifications`;
}

/** The notifications side panel exactly as SPEC.md §2, §4 and §8 describe it. */
export function NotificationsPanel({
  open,
  onOpenChange,
  overlay = false,
  acknowledgements,
  onError,
}: NotificationsPanelProps) {
  const list = useRoute('shortNotifications', open ? undefined : null);
  const count = useRoute('notificationsCount', open ? undefined : null);
  const reloaders = useRef({ list: list.reload, count: count.reload });
  useEffect(() => {
    reloaders.current = { list: list.reload, count: count.reload };
  });
  const wasOpen = useRef(false);

  // Every opening after the first shows fresh notifications (the first load happens on its own).
  useEffect(() => {
    if (open && wasOpen.current) {
      void reloaders.current.list();
      void reloaders.current.count();
    }
    if (open) wasOpen.current = true;
  }, [open]);

  useEffect(() => {
    if (list.error) {
      console.warn('Could not load notifications.', list.error);
      onError(NOTIFICATION_MESSAGES.load);
    }
  }, [list.error, onError]);
  useEffect(() => {
    if (count.error) {
      console.warn('Could not load the notification count.', count.error);
      onError(NOTIFICATION_MESSAGES.count);
    }
  }, [count.error, onError]);

  const items = list.data ?? [];
  const isRead = (item: { id: number; read: boolean }) => item.read || acknowledgements.readIds.has(item.id);
  const unread = items.filter((item) => !isRead(item)).length;

  return (
    <SidePanel
      open={open}
      onOpenChange={onOpenChange}
      overlay={overlay}
      title={newNotificationsHeading(unread)}
      closeLabel="Close notifications"
    >
      {list.data === undefined && !list.error ? (
        <p role="status" className={styles.muted}>
          Loading notifications…
        </p>
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <BellOff className={styles.emptyIcon} data-testid="notifications-empty" />
          <p className={styles.muted}>No notifications.</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => {
            const read = isRead(item);
            const alert = item.category === 'warning' || item.severity !== 'info';
            const Icon = alert ? TriangleAlert : Info;
            const severity =
              item.severity !== 'info' ? item.severity : item.category === 'warning' ? 'warning' : 'info';
            const itemProps = {
              className: styles.item,
              'data-state': read ? 'read' : 'unread',
              'data-category': item.category === 'warning' ? 'warning' : 'info',
              'data-severity': severity,
            };
            const text = (
              <>
                <Icon
                  className={styles.icon}
                  data-icon={alert ? 'warning' : 'info'}
                  aria-label={severity === 'high' ? 'High priority warning' : alert ? 'Warning' : 'Information'}
                  role="img"
                />
                <span className={styles.text}>
                  <span className={styles.title}>{item.title}</span>
                  {/* The content can name a client: blurred with Privacy on (the control around it takes the focus). */}
                  <Sensitive focusable={false} className={styles.content}>
                    {item.content}
                  </Sensitive>
                  {!read && <span className={styles.unreadLabel}>Unread. Select to mark as read.</span>}
                </span>
              </>
            );
            return (
              <li key={item.id}>
                {item.link ? (
                  // A notification about a record opens it (and counts as read).
                  <Link
                    {...itemProps}
                    to={item.link}
                    onClick={() => {
                      if (!read) acknowledgements.acknowledge(item.id);
                      if (overlay) onOpenChange(false);
                    }}
                  >
                    {text}
                  </Link>
                ) : (
                  <button
                    type="button"
                    {...itemProps}
                    aria-pressed={read}
                    onClick={() => {
                      if (!read) acknowledgements.acknowledge(item.id);
                    }}
                  >
                    {text}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SidePanel>
  );
}
