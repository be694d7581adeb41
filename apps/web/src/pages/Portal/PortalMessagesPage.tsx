import type { MessageAttachment, StoredFile } from '@halcyon/api/contract';
import { loadErrorMessage, useApiClient } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { PrivacyProvider } from '@halcyon/design-system';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { TextLink } from '../../app/TextLink';
import { downloadFailedMessage, saveBlob } from '../../app/saveBlob';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { PublicReadFailed } from '../../features/public/publicAnswers';
import { Composer } from '../../features/messages/Composer';
import { MessageList } from '../../features/messages/MessageList';
import { draftKeyOf } from '../../features/messages/useDraft';
import { useOlderMessages, usePortalConversation } from '../../features/messages/useMessages';

/**
 * /Portal/Messages/{token}: the page a client's e-mailed link opens (no sign-in). They read the conversation (new
 * messages come in by polling, see `MESSAGES_REFRESH_MS`) and reply, with files, from a phone as well as a computer.
 * An expired or ended link says so in the server's words. Privacy mode is the practice's: nothing is blurred here.
 */
export function PortalMessagesPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const conversation = usePortalConversation(token);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const fetchOlder = useCallback(
    (before: number) => client.call('portalConversation', { params: { token }, query: { before } }),
    [client, token],
  );
  const older = useOlderMessages(`portal:${token}`, fetchOlder);
  const upload = useCallback(
    (file: File): Promise<StoredFile | null> =>
      client.call('portalUploadAttachment', { params: { token }, body: file }),
    [client, token],
  );
  const download = async (file: MessageAttachment) => {
    setDownloadError(null);
    try {
      saveBlob(await client.call('portalDownloadAttachment', { params: { token, fileId: file.id } }), file.name);
    } catch (error) {
      setDownloadError(downloadFailedMessage(error));
    }
  };
  const send = async (message: { body: string; attachmentIds: string[] }) => {
    await client.call('portalSendMessage', { params: { token }, body: message });
    await conversation.reload();
  };

  const { data } = conversation;
  if (!data) {
    if (conversation.view === 'loading') return <PageLoading label="Opening your messages…" />;
    return (
      <PublicReadFailed
        error={conversation.view === 'error' ? conversation.error : null}
        title="Your messages could not be opened"
        onRetry={() => void conversation.retry()}
      />
    );
  }
  const messages = [...older.messages, ...data.messages];
  const first = messages[0]?.id;
  return (
    <PrivacyProvider enabled={false}>
      <PublicLayout
        wide
        title={data.subject}
        description={`Your secure conversation with ${data.practiceName}. This link works until ${formatDate(data.expiresAt)}.`}
        footer={<TextLink to="/Portal">Sign in to your portal for everything else from your practice</TextLink>}
      >
        <MessageList
          messages={messages}
          hasOlder={older.hasOlder ?? data.hasOlder}
          onOlder={() => first !== undefined && void older.load(first)}
          loadingOlder={older.loading}
          onDownload={(file) => void download(file)}
        />
        {older.error !== null && <FormMessage tone="error">{loadErrorMessage(older.error)}</FormMessage>}
        {downloadError && <FormMessage tone="error">{downloadError}</FormMessage>}
        <Composer draftKey={draftKeyOf(`portal:${token}`)} upload={upload} send={send} label="Your reply" />
      </PublicLayout>
    </PrivacyProvider>
  );
}
