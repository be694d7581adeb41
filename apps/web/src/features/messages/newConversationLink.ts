/** Who a new conversation opened from elsewhere (a client's "Message" action) is with. */
export interface NewConversationWith {
  id: number;
  name: string;
}

/** /Messages with its new-conversation form open. */
export const newConversationPath = '/Messages?new=1';

/** The router state that names the client (kept out of the address, which browsers and proxies record). */
export const newConversationState = (client: NewConversationWith) => ({ messageClient: client });

/** The client a new conversation starts with, from the router state `newConversationState` made, if any. */
export function newConversationClient(state: unknown): NewConversationWith | null {
  const client = (state as { messageClient?: unknown } | null)?.messageClient as
    Partial<NewConversationWith> | undefined;
  return client && typeof client.id === 'number' && typeof client.name === 'string'
    ? { id: client.id, name: client.name }
    : null;
}
