import type { ConversationMessage, MessageAttachment } from '@halcyon/api/contract';
import { formatDateTime } from '@halcyon/api/time';
import { Button, Sensitive } from '@halcyon/design-system';
import { useEffect, useRef } from 'react';
import styles from './messages.module.css';

export interface MessageListProps {
  messages: readonly ConversationMessage[];
  /** Whether older messages exist above these; "Show older messages" then calls `onOlder`. */
  hasOlder: boolean;
  onOlder: () => void;
  loadingOlder?: boolean;
  onDownload: (file: MessageAttachment) => void;
  timeZone?: string;
}

/** What a message says of who wrote it: "You", a member's name, or the client's (blurred with Privacy on). */
function Sender({ message }: { message: ConversationMessage }) {
  if (message.mine) return <>You</>;
  if (message.sender.kind === 'client') return <Sensitive>{message.sender.name}</Sensitive>;
  return <>{message.sender.name}</>;
}

/**
 * A conversation's messages, oldest first, in a log region (a message that arrives by polling is announced), with their
 * attachments to download. The newest message scrolls into view when one arrives.
 */
export function MessageList({ messages, hasOlder, onOlder, loadingOlder, onDownload, timeZone }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest !== undefined) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);
  return (
    <div className={styles.thread}>
      {hasOlder && (
        <Button variant="ghost" onClick={onOlder} loading={loadingOlder} className={styles.older}>
          Show older messages
        </Button>
      )}
      <div role="log" aria-label="Messages" aria-relevant="additions">
        <ol className={styles.messages}>
          {messages.map((message) => (
            <li key={message.id} className={styles.message} data-mine={message.mine ? 'true' : 'false'}>
              <p className={styles.meta}>
                <span className={styles.sender}>
                  <Sender message={message} />
                </span>
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, timeZone)}</time>
              </p>
              <Sensitive as="div" className={styles.body}>
                {message.body}
              </Sensitive>
              {message.attachments.length > 0 && (
                <ul className={styles.attachments} aria-label="Attachments">
                  {message.attachments.map((file) => (
                    <li key={file.id}>
                      <Sensitive className={styles.fileName}>{file.name}</Sensitive>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Download ${file.name}`}
                        onClick={() => onDownload(file)}
                      >
                        Download
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </div>
      <div ref={end} />
    </div>
  );
}
