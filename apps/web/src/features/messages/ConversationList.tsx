import type { ConversationSummary } from '@halcyon/api/contract';
import { formatDateTime } from '@halcyon/api/time';
import { Badge, CountBadge, Sensitive, Skeleton } from '@halcyon/design-system';
import { Link } from 'react-router-dom';
import styles from './messages.module.css';

/** Who a conversation is with: the client (blurred with Privacy on) or the team members. */
export function WithWhom({ conversation }: { conversation: ConversationSummary }) {
  if (conversation.kind === 'client') {
    return (
      <>
        {'With '}
        <Sensitive focusable={false}>{conversation.clientName ?? 'a client'}</Sensitive>
      </>
    );
  }
  const names = conversation.others.map((other) => other.name);
  return <>{names.length > 0 ? `With ${names.join(', ')}` : 'Only you'}</>;
}

/**
 * The member's conversations, newest activity first: each row links to its thread and shows the subject, whom it is
 * with, the last message's first words and when, and how many messages are unread (in words for screen readers).
 */
export function ConversationList({ items, timeZone }: { items: readonly ConversationSummary[]; timeZone?: string }) {
  return (
    <ul className={styles.list} aria-label="Conversations">
      {items.map((conversation) => {
        const unread = conversation.unread > 0;
        return (
          <li key={conversation.id} className={styles.row} data-unread={unread ? 'true' : 'false'}>
            <Link to={`/Messages/${conversation.id}`} className={styles.rowLink}>
              <span className={styles.rowTop}>
                <Sensitive focusable={false} className={styles.subject}>
                  {conversation.subject}
                </Sensitive>
                {unread && <CountBadge count={conversation.unread} label={(n) => `${n} unread`} />}
              </span>
              <span className={styles.rowWith}>
                <Badge variant="neutral">{conversation.kind === 'client' ? 'Client' : 'Team'}</Badge>
                <span>
                  <WithWhom conversation={conversation} />
                </span>
              </span>
              {conversation.lastMessage && (
                <Sensitive focusable={false} className={styles.preview}>
                  {`${conversation.lastMessage.senderName}: ${conversation.lastMessage.preview}`}
                </Sensitive>
              )}
              <time className={styles.when} dateTime={conversation.lastMessageAt}>
                {formatDateTime(conversation.lastMessageAt, timeZone)}
              </time>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The list's shape while the first page loads. */
export function ConversationListSkeleton() {
  return (
    <div className={styles.list} aria-busy="true" aria-label="Loading your conversations">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} shape="rect" height="4.5rem" />
      ))}
    </div>
  );
}
