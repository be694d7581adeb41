import { CONVERSATION_MESSAGES } from '@halcyon/api/contract';
import { useApiClient, useMutation, usePracticeTimeZone } from '@halcyon/api/swr';
import { EmptyState, PageHeader, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { renderRouterLink } from '../../app/renderRouterLink';
import { TextLink } from '../../app/TextLink';
import { Composer } from '../../features/messages/Composer';
import { WithWhom } from '../../features/messages/ConversationList';
import { MessageList } from '../../features/messages/MessageList';
import { useMemberFiles } from '../../features/messages/memberFiles';
import { draftKeyOf } from '../../features/messages/useDraft';
import { useConversationThread, useOlderMessages } from '../../features/messages/useMessages';
import styles from '../../features/messages/messages.module.css';

/**
 * /Messages/{id} (CATALOG.md): one conversation, marked read when opened, its messages (new ones come in by polling,
 * see `MESSAGES_REFRESH_MS`), and the composer with the draft kept on this device.
 */
export function ConversationPage() {
  const id = Number(useParams().id);
  const client = useApiClient();
  const thread = useConversationThread(id);
  const timeZone = usePracticeTimeZone();
  const files = useMemberFiles();
  const { trigger } = useMutation('sendMessage');
  const fetchOlder = useCallback(
    (before: number) => client.call('getConversation', { params: { id }, query: { before } }),
    [client, id],
  );
  const older = useOlderMessages(`member:${id}`, fetchOlder);

  if (thread.view === 'error') {
    return (
      <>
        <PageHeader
          title="Conversation"
          breadcrumbs={[{ label: 'Messages', href: '/Messages' }, { label: 'Conversation' }]}
          renderLink={renderRouterLink}
        />
        <LoadError what="this conversation" error={thread.error} onRetry={thread.retry} headingLevel={2} />
      </>
    );
  }
  if (!(Number.isInteger(id) && id > 0) || thread.data === null) {
    return (
      <>
        <PageHeader title="Conversation" />
        <EmptyState
          headingLevel={2}
          title={CONVERSATION_MESSAGES.notFound}
          description="It may have been deleted, or you are not in it."
          action={<TextLink to="/Messages">Back to your messages</TextLink>}
        />
      </>
    );
  }
  const data = thread.data;
  const messages = data ? [...older.messages, ...data.messages] : [];
  const first = messages[0]?.id;
  return (
    <>
      <PageHeader
        title={data ? <Sensitive>{data.subject}</Sensitive> : 'Conversation'}
        description={data ? <WithWhom conversation={data} /> : undefined}
        breadcrumbs={[{ label: 'Messages', href: '/Messages' }, { label: 'Conversation' }]}
        renderLink={renderRouterLink}
      />
      <div className={styles.page}>
        {!data ? (
          <Skeleton shape="rect" height="12rem" />
        ) : (
          <MessageList
            messages={messages}
            hasOlder={older.hasOlder ?? data.hasOlder}
            onOlder={() => first !== undefined && void older.load(first)}
            loadingOlder={older.loading}
            onDownload={(file) => void files.download(file)}
            timeZone={timeZone}
          />
        )}
        {older.error !== null && (
          <LoadError
            what="the older messages"
            error={older.error}
            onRetry={() => first !== undefined && older.load(first)}
          />
        )}
        <Composer
          draftKey={draftKeyOf(id)}
          upload={files.upload}
          send={(message) => trigger({ params: { id }, body: message })}
        />
      </div>
    </>
  );
}
