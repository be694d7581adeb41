import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import { idField, idParam, pageQueryField, pageSizeQueryField, requiredTextOf, text, tokenField } from './common';
import { storedFileSchema } from './files';

/**
 * Messages (CATALOG.md /Messages and /Messages/{id}; issue 16 item 1): secure conversations between members of the team,
 * and with a client through the client portal. A conversation has a subject and participants: members (Admins and
 * Therapists; SPEC.md §6 keeps the Assistant out of Messages, on the server too) and, for a client conversation, one
 * client whose portal access is active. Each participant has their own unread count.
 *
 * The client reads and replies from a page an e-mailed sign-in link opens (/Portal/Messages/{token}): each message the
 * practice sends to a client e-mails them a fresh link, and the e-mail never holds the message's words. A link works for
 * MESSAGE_LINK_TTL_DAYS days and only while the client's portal access is active (revoking the portal ends every link).
 *
 * Attachments are stored files (POST /api/files for members; the link's own upload for the client), checked by content
 * like every upload, at most MESSAGE_ATTACHMENTS_MAX a message.
 */

export const CONVERSATION_KINDS = ['team', 'client'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const MESSAGE_TEXT_MAX = 5000;
export const CONVERSATION_SUBJECT_MAX = 200;
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** Team members one conversation names besides its author. */
export const CONVERSATION_MEMBERS_MAX = 20;
/** How long a client's e-mailed link to a conversation works. */
export const MESSAGE_LINK_TTL_DAYS = 14;
/** Messages a thread answers at once (older ones page in with `before`). */
export const THREAD_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_SIZE_DEFAULT = 25;
export const CONVERSATION_PAGE_SIZE_MAX = 100;

/** What the server answers and the pages say about messages. */
export const CONVERSATION_MESSAGES = {
  empty: 'Write a message before sending it.',
  subject: 'Give the conversation a subject.',
  notFound: 'Conversation not found.',
  members: 'Choose at least one member of your practice to write to.',
  member: 'Choose members of your practice (Admins and Therapists) to write to.',
  client: 'Choose a client of your practice.',
  clientPortal:
    'This client has no active portal access, so they cannot read messages. Invite them to the client portal from their Portal tab first.',
  attachment: 'An attachment was not found. Attach the file again.',
  attachments: `Attach at most ${MESSAGE_ATTACHMENTS_MAX} files to one message.`,
  created: 'Conversation created.',
  sent: 'Message sent.',
  linkClosed:
    'This link no longer works: it has expired, or your portal access was ended. Ask your practice to write to you again for a new link.',
  linkUnknown: 'This link does not work. Open the newest message e-mail from your practice.',
} as const;

/** The notification a member gets for a new message (it names who wrote, never what). */
export const NEW_MESSAGE_NOTIFICATION = {
  title: 'New message',
  content: (from: string, subject: string) => `${from} wrote to you in “${subject}”.`,
} as const;

export const messageAttachmentSchema = storedFileSchema;
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const conversationMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** Who wrote it: a member (by user id) or the conversation's client. */
  sender: z.object({
    kind: z.enum(['member', 'client']),
    id: z.number().nullable(),
    name: z.string(),
  }),
  /** Whether the signed-in reader (member, or the client on their page) wrote it. */
  mine: z.boolean(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationParticipantSchema = z.object({
  kind: z.enum(['member', 'client']),
  id: z.number(),
  name: z.string(),
});
export type ConversationParticipant = z.infer<typeof conversationParticipantSchema>;

/** A row of the conversation list. */
export const conversationSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(CONVERSATION_KINDS),
  subject: z.string(),
  /** The client of a client conversation, or null. */
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  /** Everyone in it but the reader. */
  others: z.array(conversationParticipantSchema),
  /** The newest message's first words and who wrote it, or null before the first message. */
  lastMessage: z.object({ preview: z.string(), senderName: z.string(), createdAt: z.string() }).nullable(),
  /** Messages the reader has not read yet. */
  unread: z.number(),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** One page of the reader's conversations, newest activity first; `hasMore` says whether a next page exists. */
export const conversationListSchema = z.object({
  items: z.array(conversationSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** A conversation with its newest messages (oldest first) and whether older ones exist. */
export const conversationThreadSchema = conversationSummarySchema.extend({
  messages: z.array(conversationMessageSchema),
  hasOlder: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

export const messageCountSchema = z.object({ count: z.number().int().min(0) });
export type MessageCount = z.infer<typeof messageCountSchema>;

// ---- inputs -----------------------------------------------------------------------------------------------------------

const messageText = requiredTextOf(MESSAGE_TEXT_MAX, CONVERSATION_MESSAGES.empty);
const attachmentIds = z
  .array(z.uuid({ error: CONVERSATION_MESSAGES.attachment }), { error: CONVERSATION_MESSAGES.attachment })
  .max(MESSAGE_ATTACHMENTS_MAX, CONVERSATION_MESSAGES.attachments)
  .default([]);

/** A message: text (required, trimmed) and stored files to attach. */
export const sendMessageBodySchema = z.strictObject({ body: messageText, attachmentIds });
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/** POST /api/messages: a new conversation with its first message, with team members or with one client. */
export const createConversationBodySchema = z
  .strictObject({
    kind: z.enum(CONVERSATION_KINDS, { error: 'Choose a team or a client conversation.' }),
    subject: requiredTextOf(CONVERSATION_SUBJECT_MAX, CONVERSATION_MESSAGES.subject),
    memberIds: z
      .array(idField(CONVERSATION_MESSAGES.member), { error: CONVERSATION_MESSAGES.member })
      .max(CONVERSATION_MEMBERS_MAX, `Choose at most ${CONVERSATION_MEMBERS_MAX} members.`)
      .default([]),
    clientId: idField(CONVERSATION_MESSAGES.client)
      .nullish()
      .transform((value) => value ?? null),
    body: messageText,
    attachmentIds,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'team' && value.memberIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['memberIds'], message: CONVERSATION_MESSAGES.members });
    }
    if (value.kind === 'client' && value.clientId === null) {
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: CONVERSATION_MESSAGES.client });
    }
  });
export type CreateConversationBody = z.input<typeof createConversationBodySchema>;

/** The longest search of the conversation list. */
export const CONVERSATION_SEARCH_MAX = 100;

export const listConversationsQuerySchema = z.strictObject({
  page: pageQueryField,
  pageSize: pageSizeQueryField(CONVERSATION_PAGE_SIZE_DEFAULT, CONVERSATION_PAGE_SIZE_MAX),
  /** Only conversations with unread messages. */
  unread: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .optional()
    .transform((value) => value === 'true'),
  /** Every word (case-insensitive) in the subject, the names of who is in it, or one of its messages. */
  search: text({ error: 'Enter the search as text.' })
    .trim()
    .max(CONVERSATION_SEARCH_MAX, `Search with at most ${CONVERSATION_SEARCH_MAX} characters.`)
    .optional(),
});
export type ListConversationsQuery = z.input<typeof listConversationsQuerySchema>;

export const threadQuerySchema = z.strictObject({
  /** Messages older than this message id (the next older page). */
  before: idParam.optional(),
});
export type ThreadQuery = z.input<typeof threadQuerySchema>;

/** Whom a new conversation can be with: the practice's other members, and clients (with active portal) by name. */
export const messageRecipientsQuerySchema = z.strictObject({
  q: text({ error: 'Type a name.' }).trim().max(100, 'Use at most 100 characters.').optional(),
});
export const messageRecipientsSchema = z.object({
  members: z.array(z.object({ id: z.number(), name: z.string(), role: z.string() })),
  /** At most 20 clients whose portal access is active, matching `q`. */
  clients: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type MessageRecipients = z.infer<typeof messageRecipientsSchema>;

// ---- the client's page (by link) ---------------------------------------------------------------------------------------

/** What the client's page shows: the practice, the conversation and its newest messages. */
export const portalConversationSchema = z.object({
  practiceName: z.string(),
  clientFirstName: z.string(),
  subject: z.string(),
  messages: z.array(conversationMessageSchema),
  hasOlder: z.boolean(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type PortalConversation = z.infer<typeof portalConversationSchema>;

const linkParams = z.strictObject({ token: tokenField });

export const messagesRoutes = defineRoutes({
  messagesCount: {
    method: 'GET',
    path: '/api/messages/count',
    summary: 'How many messages the signed-in member has not read yet (SPEC.md §7; 0 when there are none)',
    access: CLINICAL_ROLES,
    response: messageCountSchema,
  },
  messageRecipients: {
    method: 'GET',
    path: '/api/messages/recipients',
    summary: 'Whom a new conversation can be with: the other members, and clients with active portal access by name',
    access: CLINICAL_ROLES,
    query: messageRecipientsQuerySchema,
    response: messageRecipientsSchema,
  },
  listConversations: {
    method: 'GET',
    path: '/api/messages',
    summary: "One page of the signed-in member's conversations, newest activity first, with their unread counts",
    access: CLINICAL_ROLES,
    query: listConversationsQuerySchema,
    response: conversationListSchema,
  },
  getConversation: {
    method: 'GET',
    path: '/api/messages/:id',
    summary: 'A conversation the member is in, with its newest messages (older ones with `before`)',
    access: CLINICAL_ROLES,
    params: z.strictObject({ id: idParam }),
    query: threadQuerySchema,
    response: conversationThreadSchema,
  },
  createConversation: {
    method: 'POST',
    path: '/api/messages',
    summary: 'Start a conversation with members or with a client, with its first message',
    access: CLINICAL_ROLES,
    body: createConversationBodySchema,
    response: conversationThreadSchema,
    created: true,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/messages/:id/messages',
    summary: 'Write in a conversation; the others are notified (and e-mailed without the words, if they chose so)',
    access: CLINICAL_ROLES,
    params: z.strictObject({ id: idParam }),
    body: sendMessageBodySchema,
    response: conversationMessageSchema,
    created: true,
  },
  markConversationRead: {
    method: 'POST',
    path: '/api/messages/:id/read',
    summary: "Mark a conversation's messages read for the signed-in member; answers their unread count",
    access: CLINICAL_ROLES,
    params: z.strictObject({ id: idParam }),
    response: messageCountSchema,
  },
  portalConversation: {
    method: 'GET',
    path: '/api/portal/messages/:token',
    summary: "The client's page: the conversation an e-mailed link opens, read by the client (no sign-in)",
    access: 'public',
    errors: [410],
    params: linkParams,
    query: threadQuerySchema,
    response: portalConversationSchema,
  },
  portalSendMessage: {
    method: 'POST',
    path: '/api/portal/messages/:token',
    summary: 'The client replies from the page the link opens; the members are notified',
    access: 'public',
    errors: [410, 429],
    params: linkParams,
    body: sendMessageBodySchema,
    response: conversationMessageSchema,
    created: true,
  },
  portalUploadAttachment: {
    method: 'POST',
    path: '/api/portal/messages/:token/files',
    summary: 'The client uploads a file to attach to their reply (checked by content, size-limited)',
    access: 'public',
    errors: [410, 429],
    params: linkParams,
    multipart: true,
    response: storedFileSchema,
  },
  portalDownloadAttachment: {
    method: 'GET',
    path: '/api/portal/messages/:token/files/:fileId',
    summary: 'The client downloads a file attached to their conversation',
    access: 'public',
    errors: [410],
    params: z.strictObject({ token: tokenField, fileId: z.uuid({ error: 'must be a file id' }) }),
    response: z.unknown(),
    raw: true,
  },
});
