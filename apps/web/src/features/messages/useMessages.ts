import type { ConversationMessage } from '@halcyon/api/contract';
import { routeKey, useMutation, useRoute } from '@halcyon/api/swr';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

/**
 * How often an open Messages page asks for new messages. Polling (SWR's `refreshInterval`) rather than server-sent
 * events: it is simple (the same hooks, cache and Retry as every other read), it works through any proxy or load
 * balancer that buffers or cuts long-lived responses, and the reads are cheap (the member's inbox rows by one index, a
 * thread's newest page). SWR pauses it while the tab is hidden and asks again when the window gets focus.
 */
export const MESSAGES_REFRESH_MS = 5_000;
export const CONVERSATIONS_PAGE_SIZE = 25;

const POLLED = { refreshInterval: MESSAGES_REFRESH_MS, revalidateOnFocus: true } as const;

/**
 * Keeps the sidebar's unread count in step with a polled read: when what the page shows changes (a new message, an
 * unread count), the count key is asked again at once rather than at the sidebar's next minute.
 */
function useCountInStep(signature: string | undefined) {
  const { mutate } = useSWRConfig();
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (signature === undefined || signature === last.current) return;
    const first = last.current === undefined;
    last.current = signature;
    if (!first) void mutate(routeKey('messagesCount'));
  }, [signature, mutate]);
}

/** One page of the member's conversations (newest activity first), polled; searched and only unread ones if asked. */
export function useConversations(
  page: number,
  { search = '', unread = false }: { search?: string; unread?: boolean } = {},
) {
  const query = {
    page,
    pageSize: CONVERSATIONS_PAGE_SIZE,
    ...(search && { search }),
    ...(unread && { unread: 'true' as const }),
  };
  const list = useRoute('listConversations', { query }, { swr: POLLED });
  useCountInStep(list.data?.items.map((c) => `${c.id}:${c.unread}:${c.lastMessageAt}`).join(','));
  return list;
}

/**
 * A conversation the member reads, polled; it is marked read when opened and whenever a polled answer brings unread
 * messages, and the sidebar's count takes the answer of mark-as-read at once.
 */
export function useConversationThread(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const thread = useRoute('getConversation', valid ? { params: { id } } : null, { swr: POLLED });
  const { mutate } = useSWRConfig();
  const { trigger } = useMutation('markConversationRead');
  const reading = useRef(false);
  const unread = thread.data?.unread ?? 0;
  useEffect(() => {
    if (!valid || unread === 0 || reading.current) return;
    reading.current = true;
    trigger({ params: { id } })
      .then((answer) => mutate(routeKey('messagesCount'), answer, { revalidate: false }))
      // Left unread: the next poll tries again.
      .catch(() => undefined)
      .finally(() => {
        reading.current = false;
      });
  }, [valid, id, unread, trigger, mutate]);
  return thread;
}

/** The client's page for their link, polled. */
export function usePortalConversation(token: string) {
  return useRoute('portalConversation', token ? { params: { token } } : null, { swr: POLLED });
}

/**
 * Messages older than the newest page, loaded on request ("Show older messages") and kept above it. `key` names the
 * thread: another thread starts with none.
 */
export function useOlderMessages(
  key: string,
  fetchOlder: (before: number) => Promise<{ messages: ConversationMessage[]; hasOlder: boolean } | null>,
) {
  const [state, setState] = useState<{ key: string; messages: ConversationMessage[]; hasOlder: boolean | null }>({
    key,
    messages: [],
    hasOlder: null,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = state.key === key ? state : { key, messages: [], hasOlder: null };
  const load = useCallback(
    async (before: number) => {
      setLoading(true);
      setError(null);
      try {
        const page = await fetchOlder(before);
        if (page) {
          setState((was) => ({
            key,
            messages: [...page.messages, ...(was.key === key ? was.messages : [])],
            hasOlder: page.hasOlder,
          }));
        }
      } catch (caught) {
        setError(caught);
      } finally {
        setLoading(false);
      }
    },
    [fetchOlder, key],
  );
  return { messages: current.messages, hasOlder: current.hasOlder, load, loading, error };
}
