import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../../clients/schema';
import { storedFiles } from '../../files/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });

/**
 * A conversation (/Messages): `kind` 'team' (members only) or 'client' (members and one client, `client_id`).
 * `last_message_at` orders the list (newest activity first).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_practice_client_idx').on(t.practiceId, t.clientId)],
);

/**
 * Who is in a conversation: a member (`user_id`) or its client (`client_id`), each with their own unread count (kept
 * as a counter, so the sidebar's count is a sum over the reader's own rows, never a count of messages).
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** The conversation's `last_message_at`, copied here so a member's list reads one index in order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_participants_member_idx')
      .on(t.conversationId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('conversation_participants_client_idx')
      .on(t.conversationId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    // A member's list (newest first) and unread count.
    index('conversation_participants_inbox_idx').on(t.practiceId, t.userId, t.lastMessageAt.desc(), t.conversationId),
  ],
);

/** One message: written by a member (`sender_user_id`) or by the conversation's client (`sender_client_id`). */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderClientId: integer('sender_client_id').references(() => clients.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_thread_idx').on(t.conversationId, t.id)],
);

/** A stored file attached to a message (one file store: the bytes are the files domain's). */
export const conversationAttachments = pgTable(
  'conversation_attachments',
  {
    practiceId: practiceId(),
    messageId: integer('message_id')
      .notNull()
      .references(() => conversationMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), index('conversation_attachments_file_idx').on(t.fileId)],
);

/**
 * A client's e-mailed sign-in link to one conversation: the token's hash, until when it works. Each message the practice
 * sends to the client makes a new link; a link also stops when the client's portal access is no longer active.
 */
export const conversationLinks = pgTable(
  'conversation_links',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_links_token_idx').on(t.tokenHash),
    index('conversation_links_conversation_idx').on(t.conversationId),
  ],
);
