import { CONVERSATION_SEARCH_MAX } from '@halcyon/api/contract';
import { usePracticeTimeZone } from '@halcyon/api/swr';
import { Button, Checkbox, EmptyState, PageHeader } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ConversationList, ConversationListSkeleton } from '../../features/messages/ConversationList';
import { NewConversation } from '../../features/messages/NewConversation';
import { newConversationClient } from '../../features/messages/newConversationLink';
import { useMemberFiles } from '../../features/messages/memberFiles';
import { useConversations } from '../../features/messages/useMessages';
import styles from '../../features/messages/messages.module.css';
import { ListSearchField, useListSearchText } from '../../app/ListSearch';

/**
 * /Messages (CATALOG.md): the member's conversations with clients and with the team, newest activity first, a page at a
 * time as the server pages them (no count over every row: "Next page" while the server says there is more), unread ones
 * marked; "New conversation" starts one. New messages come in by polling (see `MESSAGES_REFRESH_MS`).
 */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  // The search stays on the page (it may hold a client's name, which the address never does).
  const { typed, setTyped, search } = useListSearchText();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const narrowed = search !== '' || unreadOnly;
  const list = useConversations(page, { search, unread: unreadOnly });
  const timeZone = usePracticeTimeZone();
  const files = useMemberFiles();
  const [composing, setComposing] = useState(params.get('new') === '1');
  const withClient = newConversationClient(useLocation().state);
  const opener = useRef<HTMLButtonElement>(null);
  const goTo = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: false },
    );
  const close = () => {
    setComposing(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <>
      <PageHeader
        title="Messages"
        description="Secure conversations with your clients (through their portal) and with your team."
        actions={
          <Button ref={opener} onClick={() => setComposing(true)} aria-expanded={composing}>
            New conversation
          </Button>
        }
      />
      <div className={styles.page}>
        {composing && <NewConversation onClose={close} upload={files.upload} withClient={withClient} />}
        <div className={styles.toolbar} role="group" aria-label="Find conversations">
          <ListSearchField
            label="Search conversations"
            placeholder="Subject, name or words"
            maxLength={CONVERSATION_SEARCH_MAX}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              if (page > 1) goTo(1);
            }}
          />
          <Checkbox
            label="Unread only"
            checked={unreadOnly}
            onCheckedChange={(checked) => {
              setUnreadOnly(checked === true);
              if (page > 1) goTo(1);
            }}
          />
        </div>
        {list.view === 'error' ? (
          <LoadError what="your conversations" error={list.error} onRetry={list.retry} headingLevel={2} />
        ) : list.view === 'loading' ? (
          <ConversationListSkeleton />
        ) : list.view === 'empty' ? (
          <EmptyState
            headingLevel={2}
            title={narrowed ? 'No conversation matches' : page > 1 ? 'No more conversations' : 'No conversations yet'}
            description={
              narrowed
                ? 'Change the search, or clear it to see every conversation.'
                : page > 1
                  ? 'There is nothing on this page.'
                  : 'Write to a client through their portal, or to a member of your team.'
            }
            action={
              narrowed ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setTyped('');
                    setUnreadOnly(false);
                  }}
                >
                  Clear the search
                </Button>
              ) : page > 1 ? (
                <Button variant="secondary" onClick={() => goTo(1)}>
                  Back to the first page
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ConversationList items={list.data?.items ?? []} timeZone={timeZone} />
        )}
        {(page > 1 || list.data?.hasMore) && (
          <nav className={styles.pages} aria-label="Pages of conversations">
            <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous page
            </Button>
            <span>{`Page ${page}`}</span>
            <Button variant="secondary" disabled={!list.data?.hasMore} onClick={() => goTo(page + 1)}>
              Next page
            </Button>
          </nav>
        )}
      </div>
    </>
  );
}
