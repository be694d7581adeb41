import { ApiError } from '../../client/errors';
import {
  CONVERSATION_MESSAGES,
  type ConversationList,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationThread,
  type PortalConversation,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

const STAMP = '2026-01-02T09:00:00.000Z';

/** The signed-in member of the mock practice (the Admin of the default fixtures). */
const ME = { kind: 'member', id: 1, name: 'Amara Okafor' } as const;

/** A message of a mock conversation (the signed-in member's unless `sender` says otherwise). */
export function makeConversationMessage(id: number, overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  const sender = overrides.sender ?? ME;
  return {
    id,
    body: `Message ${id}`,
    sender,
    mine: sender.kind === 'member' && sender.id === ME.id,
    attachments: [],
    createdAt: STAMP,
    ...overrides,
  };
}

/** A mock conversation with its messages (oldest first); the summary's preview follows the last message. */
export interface MockConversation extends ConversationSummary {
  messages: ConversationMessage[];
}

/** A team conversation (with Priya Shah) unless `kind: 'client'` (with Jane Doe, client 7). */
export function makeConversation(id: number, overrides: Partial<MockConversation> = {}): MockConversation {
  const kind = overrides.kind ?? 'team';
  const messages = overrides.messages ?? [makeConversationMessage(id * 100)];
  const client = kind === 'client';
  return {
    id,
    kind,
    subject: `Conversation ${id}`,
    clientId: client ? 7 : null,
    clientName: client ? 'Jane Doe' : null,
    others: [client ? { kind: 'client', id: 7, name: 'Jane Doe' } : { kind: 'member', id: 3, name: 'Priya Shah' }],
    lastMessage: null,
    unread: 0,
    lastMessageAt: messages.at(-1)?.createdAt ?? STAMP,
    ...overrides,
    messages,
  };
}

function summaryOf({ messages, ...conversation }: MockConversation): ConversationSummary {
  const last = messages.at(-1);
  return {
    ...conversation,
    lastMessage: last
      ? { preview: last.body.slice(0, 140), senderName: last.sender.name, createdAt: last.createdAt }
      : null,
    lastMessageAt: last?.createdAt ?? conversation.lastMessageAt,
  };
}

/** The mock member's conversations: a client conversation with an unread reply, and a team one. */
export function mockConversations(): MockConversation[] {
  return [
    makeConversation(1, {
      kind: 'client',
      subject: 'Moving our Thursday session',
      unread: 1,
      messages: [
        makeConversationMessage(11, { body: 'Could we meet at 3pm instead?', createdAt: '2026-01-05T10:00:00.000Z' }),
        makeConversationMessage(12, {
          body: 'Yes, 3pm works for me. Thank you.',
          sender: { kind: 'client', id: 7, name: 'Jane Doe' },
          createdAt: '2026-01-05T11:00:00.000Z',
        }),
      ],
    }),
    makeConversation(2, {
      subject: 'Supervision notes',
      messages: [
        makeConversationMessage(21, { body: 'Notes are in the shared folder.', createdAt: '2026-01-04T09:00:00.000Z' }),
      ],
    }),
  ];
}

/**
 * Stateful mock answers for the messages routes, like the server's: the member's conversations newest activity first a
 * page at a time, a thread with its messages, new conversations and messages (the text required, in the server's
 * words), mark-as-read and the unread count; and the client's page for the link `token`.
 */
export function messageHandlers(
  conversations: MockConversation[] = mockConversations(),
  token = 'link-token',
): MockHandlers {
  let nextId = 1000;
  const find = (id: unknown) =>
    conversations.find((c) => c.id === Number(id)) ?? fail(404, CONVERSATION_MESSAGES.notFound);
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const threadOf = (conversation: MockConversation): ConversationThread => ({
    ...summaryOf(conversation),
    messages: conversation.messages,
    hasOlder: false,
  });
  const write = (conversation: MockConversation, message: ConversationMessage) => {
    conversation.messages.push(message);
    conversation.lastMessageAt = message.createdAt;
    conversations.splice(conversations.indexOf(conversation), 1);
    conversations.unshift(conversation);
    return message;
  };
  const attachments = (ids: readonly string[] = []) =>
    ids.map((id) => ({ id, name: `${id}.pdf`, size: 1024, type: 'application/pdf' }));
  const portal = () => conversations.find((c) => c.kind === 'client') ?? fail(404, CONVERSATION_MESSAGES.linkUnknown);
  const checkToken = (value: unknown) => {
    if (value !== token) fail(404, CONVERSATION_MESSAGES.linkUnknown);
  };
  return {
    messagesCount: () => ({ count: conversations.reduce((sum, c) => sum + c.unread, 0) }),
    messageRecipients: ({ query }) => ({
      members: [
        { id: 2, name: 'Tomas Lindqvist', role: 'Therapist' },
        { id: 3, name: 'Priya Shah', role: 'Therapist' },
      ],
      clients: [
        { id: 7, name: 'Jane Doe' },
        { id: 8, name: 'Sam Patel' },
      ].filter((c) => !query?.q || c.name.toLowerCase().includes(query.q.toLowerCase())),
    }),
    listConversations: ({ query }): ConversationList => {
      const page = Number(query?.page ?? 1);
      const pageSize = Number(query?.pageSize ?? 25);
      // Every word of the search in the subject, the names of who is in it or a message, as the server searches.
      const words = String(query?.search ?? '')
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      const shown = conversations.filter((c) => {
        if (query?.unread && String(query.unread) !== 'false' && c.unread === 0) return false;
        const text = [c.subject, c.clientName ?? '', ...c.others.map((o) => o.name), ...c.messages.map((m) => m.body)]
          .join(' ')
          .toLowerCase();
        return words.every((word) => text.includes(word));
      });
      return {
        items: shown.slice((page - 1) * pageSize, page * pageSize).map(summaryOf),
        page,
        pageSize,
        hasMore: shown.length > page * pageSize,
      };
    },
    // A conversation the member is not in answers 404, which the client gives as null.
    getConversation: ({ params }) => {
      const found = conversations.find((c) => c.id === Number(params.id));
      return found ? threadOf(found) : null;
    },
    createConversation: ({ body }) => {
      const client = body.kind === 'client';
      const created = makeConversation((nextId += 1), {
        kind: body.kind,
        subject: body.subject.trim(),
        clientId: client ? (body.clientId ?? null) : null,
        clientName: client ? `Client ${body.clientId}` : null,
        others: client
          ? [{ kind: 'client', id: body.clientId ?? 0, name: `Client ${body.clientId}` }]
          : (body.memberIds ?? []).map((id) => ({ kind: 'member' as const, id, name: `Member ${id}` })),
        messages: [
          makeConversationMessage((nextId += 1), {
            body: body.body.trim(),
            attachments: attachments(body.attachmentIds),
            createdAt: new Date().toISOString(),
          }),
        ],
      });
      conversations.unshift(created);
      return threadOf(created);
    },
    sendMessage: ({ params, body }) =>
      write(
        find(params.id),
        makeConversationMessage((nextId += 1), {
          body: body.body.trim(),
          attachments: attachments(body.attachmentIds),
          createdAt: new Date().toISOString(),
        }),
      ),
    markConversationRead: ({ params }) => {
      find(params.id).unread = 0;
      return { count: conversations.reduce((sum, c) => sum + c.unread, 0) };
    },
    portalConversation: ({ params }): PortalConversation => {
      checkToken(params.token);
      const conversation = portal();
      return {
        practiceName: 'Okafor Therapy',
        clientFirstName: 'Jane',
        subject: conversation.subject,
        messages: conversation.messages.map((m) => ({ ...m, mine: m.sender.kind === 'client' })),
        hasOlder: false,
        expiresAt: '2026-02-01T09:00:00.000Z',
      };
    },
    portalSendMessage: ({ params, body }) => {
      checkToken(params.token);
      const conversation = portal();
      conversation.unread += 1;
      return write(
        conversation,
        makeConversationMessage((nextId += 1), {
          body: body.body.trim(),
          sender: { kind: 'client', id: conversation.clientId, name: conversation.clientName ?? 'Client' },
          mine: true,
          attachments: attachments(body.attachmentIds),
          createdAt: new Date().toISOString(),
        }),
      );
    },
    portalUploadAttachment: ({ params, body }) => {
      checkToken(params.token);
      const file = body instanceof FormData ? body.get('file') : body;
      return {
        id: '00000000-0000-4000-8000-0000000000f2',
        name: file instanceof File ? file.name : 'file',
        size: file instanceof Blob ? file.size : 0,
        type: file instanceof Blob ? file.type : '',
      };
    },
    portalDownloadAttachment: () => new Blob(['mock file'], { type: 'application/pdf' }),
  };
}
