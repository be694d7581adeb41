import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CLINICAL_ROLES,
  CONVERSATION_MESSAGES,
  MESSAGE_LINK_TTL_DAYS,
  NEW_MESSAGE_NOTIFICATION,
  THREAD_PAGE_SIZE,
  type ConversationKind,
  type ConversationList,
  type ConversationMessage,
  type ConversationParticipant,
  type ConversationSummary,
  type ConversationThread,
  type createConversationBodySchema,
  type listConversationsQuerySchema,
  type MessageAttachment,
  type MessageRecipients,
  type PortalConversation,
  type sendMessageBodySchema,
  type StoredFile,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { hashToken, randomToken } from '../../../platform/auth/tokens';
import type { Platform } from '../../../platform/context';
import { iso, preparedOnce, rowsOf, type Db } from '../../../platform/db';
import { searchConditions } from '../../../platform/db/paging';
import { HttpError, badRequest, notFound } from '../../../platform/errors';
import { renderMail } from '../../../platform/mail/templates';
import { notificationPreferences } from '../../account/schema';
import { clientPortalAccess } from '../../clients/schema';
import { FilesService } from '../../files/service';
import { storedFiles } from '../../files/schema';
import { NotificationService } from '../../notifications/service';
import { memberships, users } from '../../users/schema';
import { clientOfPractice } from '../../clients/access';
import {
  conversationAttachments,
  conversationLinks,
  conversationMessages,
  conversationParticipants,
  conversations,
} from './schema';

type CreateBody = z.output<typeof createConversationBodySchema>;
type SendBody = z.output<typeof sendMessageBodySchema>;
type ListQuery = z.output<typeof listConversationsQuerySchema>;

/** How often a conversation link's use is recorded while its page polls. */
const LINK_USE_RECORDED_EVERY_MS = 60_000;
/** Who is reading or writing: a member, or a client through their link. */
type Party =
  { kind: 'member'; practiceId: number; userId: number } | { kind: 'client'; practiceId: number; clientId: number };

/** The conversation a client's link opens. */
interface LinkContext {
  practiceId: number;
  conversationId: number;
  clientId: number;
  expiresAt: Date;
}

/** The words of a list row's preview. */
const PREVIEW_CHARS = 140;

const MEMBER_NAME = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);
const CLIENT_NAME = (alias: string) =>
  sql.raw(`trim(coalesce(nullif(${alias}.preferred_name, ''), ${alias}.first_name) || ' ' || ${alias}.last_name)`);

interface SummaryRow {
  id: number;
  kind: ConversationKind;
  subject: string;
  client_id: number | null;
  client_name: string | null;
  others: ConversationParticipant[] | string | null;
  preview: string | null;
  sender_name: string | null;
  last_created_at: unknown;
  unread: number;
  last_message_at: unknown;
}

interface MessageRow {
  id: number;
  body: string;
  sender_user_id: number | null;
  sender_client_id: number | null;
  sender_name: string | null;
  created_at: unknown;
}

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    clientId: row.client_id,
    clientName: row.client_name,
    others: parsed(row.others) ?? [],
    lastMessage:
      row.preview === null
        ? null
        : { preview: row.preview, senderName: row.sender_name ?? 'Someone', createdAt: iso(row.last_created_at) },
    unread: Number(row.unread),
    lastMessageAt: iso(row.last_message_at),
  };
}

/**
 * The conversation rows of one member's inbox: the conversation, its client, everyone else in it, the newest message's
 * first words and the member's unread count. `where` picks the member's participant rows (`p`).
 */
const SELECT_SUMMARY = (userId: number, where: SQL) => sql`
  select c.id, c.kind, c.subject, c.client_id,
         case when cl.id is null then null else ${CLIENT_NAME('cl')} end as client_name,
         (select coalesce(json_agg(json_build_object(
                    'kind', case when o.user_id is null then 'client' else 'member' end,
                    'id', coalesce(o.user_id, o.client_id),
                    'name', coalesce(${MEMBER_NAME('ou')}, ${CLIENT_NAME('oc')}, 'Someone')) order by o.id), '[]'::json)
            from conversation_participants o
            left join users ou on ou.id = o.user_id
            left join clients oc on oc.id = o.client_id
           where o.conversation_id = c.id and o.user_id is distinct from ${userId}) as others,
         last.preview, last.sender_name, last.created_at as last_created_at,
         p.unread, p.last_message_at
    from conversation_participants p
    join conversations c on c.id = p.conversation_id
    left join clients cl on cl.id = c.client_id
    left join lateral (
      select left(m.body, ${PREVIEW_CHARS}) as preview, m.created_at,
             coalesce(${MEMBER_NAME('mu')}, ${CLIENT_NAME('mc')}, 'Someone') as sender_name
        from conversation_messages m
        left join users mu on mu.id = m.sender_user_id
        left join clients mc on mc.id = m.sender_client_id
       where m.conversation_id = c.id
       order by m.id desc limit 1) last on true
   where ${where}`;

/**
 * The member's unread count, prepared once (`preparedOnce`): the sidebar's badge and the /Dashboard card ask for it on
 * every page and every poll.
 */
const unreadCountStatement = preparedOnce((db) =>
  db
    .select({ count: sql<number>`coalesce(sum(${conversationParticipants.unread}), 0)::int` })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.practiceId, sql.placeholder('practiceId')),
        eq(conversationParticipants.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('messages_unread_count'),
);

/**
 * Messages (/Messages, /Messages/{id} and the client's page at /Portal/Messages/{token}). Members reach only the
 * conversations they are in (any other id answers 404, as another practice's does); a client reaches only the
 * conversation of their link, while it works and their portal access is active.
 *
 * New messages reach the open pages by polling (SWR, every few seconds while the page is visible): see the web hooks.
 */
export class MessagesService {
  private readonly db: Db;
  private readonly files: FilesService;
  private readonly notifications: NotificationService;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
    this.files = new FilesService(p);
    this.notifications = new NotificationService(this.db);
  }

  // ---- members ------------------------------------------------------------------------------------------------------

  /** The member's unread messages over their own participant rows (a sum of counters, never a count of messages). */
  async count(auth: AuthContext): Promise<{ count: number }> {
    const [row] = await unreadCountStatement(this.db).execute({ practiceId: auth.practiceId, userId: auth.userId });
    return { count: Number(row?.count ?? 0) };
  }

  async list(auth: AuthContext, query: ListQuery): Promise<ConversationList> {
    const words = searchConditions(query.search, [
      sql`c.subject`,
      sql`(select string_agg(coalesce(${MEMBER_NAME('su')}, ${CLIENT_NAME('sc')}, ''), ' ')
             from conversation_participants s
             left join users su on su.id = s.user_id
             left join clients sc on sc.id = s.client_id
            where s.conversation_id = c.id)`,
      sql`(select string_agg(m.body, ' ') from conversation_messages m where m.conversation_id = c.id)`,
    ]);
    const where = sql.join(
      [
        sql`p.practice_id = ${auth.practiceId} and p.user_id = ${auth.userId}`,
        ...(query.unread ? [sql`p.unread > 0`] : []),
        ...words,
      ],
      sql` and `,
    );
    const rows = await rowsOf<SummaryRow>(
      this.db,
      sql`${SELECT_SUMMARY(auth.userId, where)}
          order by p.last_message_at desc, p.conversation_id desc
          limit ${query.pageSize + 1} offset ${(query.page - 1) * query.pageSize}`,
    );
    return {
      items: rows.slice(0, query.pageSize).map(toSummary),
      page: query.page,
      pageSize: query.pageSize,
      hasMore: rows.length > query.pageSize,
    };
  }

  private async summary(auth: AuthContext, id: number): Promise<ConversationSummary> {
    const [row] = await rowsOf<SummaryRow>(
      this.db,
      SELECT_SUMMARY(
        auth.userId,
        sql`p.practice_id = ${auth.practiceId} and p.user_id = ${auth.userId} and p.conversation_id = ${id}`,
      ),
    );
    if (!row) throw notFound(CONVERSATION_MESSAGES.notFound);
    return toSummary(row);
  }

  async thread(auth: AuthContext, id: number, before?: number): Promise<ConversationThread> {
    const summary = await this.summary(auth, id);
    const page = await this.messages(id, { kind: 'member', practiceId: auth.practiceId, userId: auth.userId }, before);
    return { ...summary, ...page };
  }

  async markRead(auth: AuthContext, id: number): Promise<{ count: number }> {
    const updated = await this.db
      .update(conversationParticipants)
      .set({ unread: 0, lastReadAt: new Date() })
      .where(
        and(
          eq(conversationParticipants.practiceId, auth.practiceId),
          eq(conversationParticipants.userId, auth.userId),
          eq(conversationParticipants.conversationId, id),
        ),
      )
      .returning({ id: conversationParticipants.id });
    if (updated.length === 0) throw notFound(CONVERSATION_MESSAGES.notFound);
    return this.count(auth);
  }

  async recipients(auth: AuthContext, q: string | undefined): Promise<MessageRecipients> {
    const members = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: memberships.role,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.practiceId, auth.practiceId),
          eq(memberships.status, 'active'),
          inArray(memberships.role, [...CLINICAL_ROLES]),
          sql`${memberships.userId} <> ${auth.userId}`,
        ),
      )
      .orderBy(users.firstName, users.lastName, users.id);
    const search = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const clients = await rowsOf<{ id: number; name: string }>(
      this.db,
      sql`select c.id, ${CLIENT_NAME('c')} as name
            from client_portal_access a join clients c on c.id = a.client_id
           where a.practice_id = ${auth.practiceId} and a.status = 'active'
             ${search ? sql`and (${CLIENT_NAME('c')} ilike ${search} or c.first_name || ' ' || c.last_name ilike ${search})` : sql``}
           order by lower(c.last_name), lower(c.first_name), c.id
           limit 20`,
    );
    return {
      members: members.map((m) => ({
        id: m.id,
        name: [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email,
        role: m.role,
      })),
      clients,
    };
  }

  async create(request: FastifyRequest, auth: AuthContext, body: CreateBody): Promise<ConversationThread> {
    const memberIds = [...new Set(body.memberIds)].filter((id) => id !== auth.userId);
    let clientId: number | null = null;
    if (body.kind === 'team') {
      if (memberIds.length === 0)
        throw badRequest(CONVERSATION_MESSAGES.members, { memberIds: CONVERSATION_MESSAGES.members });
      const found = await this.db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.practiceId, auth.practiceId),
            eq(memberships.status, 'active'),
            inArray(memberships.role, [...CLINICAL_ROLES]),
            inArray(memberships.userId, memberIds),
          ),
        );
      if (found.length !== memberIds.length) {
        throw badRequest(CONVERSATION_MESSAGES.member, { memberIds: CONVERSATION_MESSAGES.member });
      }
    } else {
      const client = await clientOfPractice(this.db, auth, body.clientId ?? 0).catch(() => {
        throw badRequest(CONVERSATION_MESSAGES.client, { clientId: CONVERSATION_MESSAGES.client });
      });
      const [portal] = await this.db
        .select({ status: clientPortalAccess.status })
        .from(clientPortalAccess)
        .where(and(eq(clientPortalAccess.clientId, client.id), eq(clientPortalAccess.practiceId, auth.practiceId)))
        .limit(1);
      if (portal?.status !== 'active') {
        throw badRequest(CONVERSATION_MESSAGES.clientPortal, { clientId: CONVERSATION_MESSAGES.clientPortal });
      }
      clientId = client.id;
    }
    const sender: Party = { kind: 'member', practiceId: auth.practiceId, userId: auth.userId };
    await this.checkAttachments(sender, body.attachmentIds);
    const id = await this.db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(conversations)
        .values({
          practiceId: auth.practiceId,
          kind: body.kind,
          subject: body.subject,
          clientId,
          createdBy: auth.userId,
        })
        .returning({ id: conversations.id });
      const conversationId = conversation!.id;
      await tx
        .insert(conversationParticipants)
        .values([
          { practiceId: auth.practiceId, conversationId, userId: auth.userId },
          ...memberIds.map((userId) => ({ practiceId: auth.practiceId, conversationId, userId })),
          ...(clientId === null ? [] : [{ practiceId: auth.practiceId, conversationId, clientId }]),
        ]);
      return conversationId;
    });
    await this.post(request, id, sender, body);
    return this.thread(auth, id);
  }

  async send(request: FastifyRequest, auth: AuthContext, id: number, body: SendBody): Promise<ConversationMessage> {
    await this.summary(auth, id);
    return this.post(request, id, { kind: 'member', practiceId: auth.practiceId, userId: auth.userId }, body);
  }

  // ---- the client's page --------------------------------------------------------------------------------------------

  /**
   * A new link for the client to one of their conversations (/Portal/Messages/{token}), beside the others: each message
   * the practice sends e-mails one, and the portal home makes one when the client opens the conversation there.
   */
  async clientLink(client: { practiceId: number; clientId: number }, conversationId: number): Promise<string> {
    const token = randomToken();
    await this.db.insert(conversationLinks).values({
      practiceId: client.practiceId,
      conversationId,
      clientId: client.clientId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + MESSAGE_LINK_TTL_DAYS * 86_400_000),
    });
    return token;
  }

  /**
   * A client writes first, from their portal home: a client conversation with their therapist (the practice's Admins
   * when they have none), who are told as for any message. The caller has checked that the client's portal access is
   * active. Answers the conversation's id.
   */
  async clientStart(
    request: FastifyRequest,
    client: { practiceId: number; clientId: number },
    body: { subject: string; body: string },
  ): Promise<number> {
    const { practiceId, clientId } = client;
    const readers = await rowsOf<{ user_id: number }>(
      this.db,
      sql`select m.user_id from clients c join memberships m on m.practice_id = c.practice_id and m.status = 'active'
          where c.id = ${clientId} and c.practice_id = ${practiceId}
            and (m.user_id = c.therapist_id or (m.role = 'Admin' and not exists (
              select 1 from memberships t where t.practice_id = c.practice_id and t.user_id = c.therapist_id
                and t.status = 'active' and t.role in ('Admin', 'Therapist'))))`,
    );
    const id = await this.db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(conversations)
        .values({ practiceId, kind: 'client', subject: body.subject, clientId, createdBy: null })
        .returning({ id: conversations.id });
      const conversationId = conversation!.id;
      await tx
        .insert(conversationParticipants)
        .values([
          ...readers.map((reader) => ({ practiceId, conversationId, userId: Number(reader.user_id) })),
          { practiceId, conversationId, clientId },
        ]);
      return conversationId;
    });
    await this.post(request, id, { kind: 'client', practiceId, clientId }, { body: body.body, attachmentIds: [] });
    return id;
  }

  /** The link's conversation, while the link works and the client's portal access is active; 404 or 410 otherwise. */
  private async link(token: string): Promise<LinkContext> {
    const [row] = await this.db
      .select({
        id: conversationLinks.id,
        practiceId: conversationLinks.practiceId,
        conversationId: conversationLinks.conversationId,
        clientId: conversationLinks.clientId,
        expiresAt: conversationLinks.expiresAt,
        lastUsedAt: conversationLinks.lastUsedAt,
        portal: clientPortalAccess.status,
      })
      .from(conversationLinks)
      .leftJoin(
        clientPortalAccess,
        and(
          eq(clientPortalAccess.clientId, conversationLinks.clientId),
          eq(clientPortalAccess.practiceId, conversationLinks.practiceId),
        ),
      )
      .where(eq(conversationLinks.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw notFound(CONVERSATION_MESSAGES.linkUnknown);
    if (row.expiresAt.getTime() <= Date.now() || row.portal !== 'active') {
      throw new HttpError(410, CONVERSATION_MESSAGES.linkClosed);
    }
    // The open page polls every few seconds: its use (and the client's last sign-in) is recorded once a minute at most,
    // not as two writes per poll.
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LINK_USE_RECORDED_EVERY_MS) {
      await this.db.update(conversationLinks).set({ lastUsedAt: now }).where(eq(conversationLinks.id, row.id));
      await this.db
        .update(clientPortalAccess)
        .set({ lastSignInAt: now })
        .where(and(eq(clientPortalAccess.clientId, row.clientId), eq(clientPortalAccess.practiceId, row.practiceId)));
    }
    return row;
  }

  async portalThread(token: string, before?: number): Promise<PortalConversation> {
    const link = await this.link(token);
    const [head] = await rowsOf<{ practice_name: string; first_name: string; subject: string }>(
      this.db,
      sql`select p.name as practice_name, coalesce(nullif(cl.preferred_name, ''), cl.first_name) as first_name, c.subject
            from conversations c join practices p on p.id = c.practice_id join clients cl on cl.id = ${link.clientId}
           where c.id = ${link.conversationId} and c.practice_id = ${link.practiceId}`,
    );
    if (!head) throw notFound(CONVERSATION_MESSAGES.linkUnknown);
    const party: Party = { kind: 'client', practiceId: link.practiceId, clientId: link.clientId };
    const page = await this.messages(link.conversationId, party, before);
    await this.db
      .update(conversationParticipants)
      .set({ unread: 0, lastReadAt: new Date() })
      .where(
        and(
          eq(conversationParticipants.conversationId, link.conversationId),
          eq(conversationParticipants.clientId, link.clientId),
        ),
      );
    return {
      practiceName: head.practice_name,
      clientFirstName: head.first_name,
      subject: head.subject,
      ...page,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  async portalSend(request: FastifyRequest, token: string, body: SendBody): Promise<ConversationMessage> {
    const link = await this.link(token);
    return this.post(
      request,
      link.conversationId,
      {
        kind: 'client',
        practiceId: link.practiceId,
        clientId: link.clientId,
      },
      body,
    );
  }

  async portalUpload(request: FastifyRequest, token: string): Promise<StoredFile> {
    const link = await this.link(token);
    return this.files.upload({ practiceId: link.practiceId, userId: null }, request);
  }

  /** A file attached to a message of the link's conversation (any other id answers 404). */
  async portalDownload(token: string, fileId: string, request: FastifyRequest, reply: FastifyReply) {
    const link = await this.link(token);
    const [attached] = await this.db
      .select({ fileId: conversationAttachments.fileId })
      .from(conversationAttachments)
      .innerJoin(conversationMessages, eq(conversationMessages.id, conversationAttachments.messageId))
      .where(
        and(
          eq(conversationAttachments.fileId, fileId),
          eq(conversationMessages.conversationId, link.conversationId),
          eq(conversationAttachments.practiceId, link.practiceId),
        ),
      )
      .limit(1);
    if (!attached) throw notFound('That file was not found.');
    return this.files.send(link.practiceId, fileId, request, reply);
  }

  // ---- shared -------------------------------------------------------------------------------------------------------

  /** The newest messages of a conversation (older than `before`), oldest first, with their attachments. */
  private async messages(
    conversationId: number,
    reader: Party,
    before?: number,
  ): Promise<{ messages: ConversationMessage[]; hasOlder: boolean }> {
    const rows = await rowsOf<MessageRow>(
      this.db,
      sql`select m.id, m.body, m.sender_user_id, m.sender_client_id, m.created_at,
                 coalesce(${MEMBER_NAME('u')}, ${CLIENT_NAME('c')}, 'Someone') as sender_name
            from conversation_messages m
            left join users u on u.id = m.sender_user_id
            left join clients c on c.id = m.sender_client_id
           where m.conversation_id = ${conversationId} and m.practice_id = ${reader.practiceId}
             ${before === undefined ? sql`` : sql`and m.id < ${before}`}
           order by m.id desc
           limit ${THREAD_PAGE_SIZE + 1}`,
    );
    const page = rows.slice(0, THREAD_PAGE_SIZE).reverse();
    const files = await this.attachmentsOf(page.map((row) => row.id));
    return {
      messages: page.map((row) => ({
        id: row.id,
        body: row.body,
        sender:
          row.sender_client_id !== null
            ? { kind: 'client', id: row.sender_client_id, name: row.sender_name ?? 'Someone' }
            : { kind: 'member', id: row.sender_user_id, name: row.sender_name ?? 'Someone' },
        mine:
          reader.kind === 'member' ? row.sender_user_id === reader.userId : row.sender_client_id === reader.clientId,
        attachments: files.get(row.id) ?? [],
        createdAt: iso(row.created_at),
      })),
      hasOlder: rows.length > THREAD_PAGE_SIZE,
    };
  }

  private async attachmentsOf(messageIds: number[]): Promise<Map<number, MessageAttachment[]>> {
    const out = new Map<number, MessageAttachment[]>();
    if (messageIds.length === 0) return out;
    const rows = await this.db
      .select({
        messageId: conversationAttachments.messageId,
        id: storedFiles.id,
        name: storedFiles.name,
        size: storedFiles.size,
        type: storedFiles.type,
      })
      .from(conversationAttachments)
      .innerJoin(storedFiles, eq(storedFiles.id, conversationAttachments.fileId))
      .where(inArray(conversationAttachments.messageId, messageIds))
      .orderBy(conversationAttachments.messageId, conversationAttachments.position);
    for (const { messageId, ...file } of rows) out.set(messageId, [...(out.get(messageId) ?? []), file]);
    return out;
  }

  /**
   * Files a writer may attach: stored files of the practice that they uploaded themselves (a member) or that came
   * through a client's link (a client), not attached to any message yet.
   */
  private async checkAttachments(sender: Party, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const unique = [...new Set(ids)];
    const found = await this.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .leftJoin(conversationAttachments, eq(conversationAttachments.fileId, storedFiles.id))
      .where(
        and(
          inArray(storedFiles.id, unique),
          eq(storedFiles.practiceId, sender.practiceId),
          sender.kind === 'member' ? eq(storedFiles.uploadedBy, sender.userId) : isNull(storedFiles.uploadedBy),
          isNull(conversationAttachments.fileId),
        ),
      );
    if (found.length !== unique.length) {
      throw badRequest(CONVERSATION_MESSAGES.attachment, { attachmentIds: CONVERSATION_MESSAGES.attachment });
    }
  }

  /**
   * Writes a message: stores it with its attachments, raises everyone else's unread count, then tells them: members by
   * notification (and by e-mail if their "New messages" preference is on), the client by an e-mail with a fresh link.
   * No e-mail holds the message's words: they stay behind the sign-in or the link.
   */
  private async post(request: FastifyRequest, conversationId: number, sender: Party, body: SendBody) {
    await this.checkAttachments(sender, body.attachmentIds);
    const now = new Date();
    const isSender =
      sender.kind === 'member'
        ? sql`${conversationParticipants.userId} is not distinct from ${sender.userId}`
        : sql`${conversationParticipants.clientId} is not distinct from ${sender.clientId}`;
    const id = await this.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(conversationMessages)
        .values({
          practiceId: sender.practiceId,
          conversationId,
          senderUserId: sender.kind === 'member' ? sender.userId : null,
          senderClientId: sender.kind === 'client' ? sender.clientId : null,
          body: body.body,
          createdAt: now,
        })
        .returning({ id: conversationMessages.id });
      const messageId = message!.id;
      if (body.attachmentIds.length > 0) {
        await tx.insert(conversationAttachments).values(
          [...new Set(body.attachmentIds)].map((fileId, position) => ({
            practiceId: sender.practiceId,
            messageId,
            fileId,
            position,
          })),
        );
      }
      await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
      await tx
        .update(conversationParticipants)
        .set({
          lastMessageAt: now,
          unread: sql`case when ${isSender} then 0 else ${conversationParticipants.unread} + 1 end`,
          lastReadAt: sql`case when ${isSender} then ${now.toISOString()}::timestamptz else ${conversationParticipants.lastReadAt} end`,
        })
        .where(eq(conversationParticipants.conversationId, conversationId));
      return messageId;
    });
    await this.tell(conversationId, sender);
    const [conversation] = await this.db
      .select({ clientId: conversations.clientId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    await this.p.audit.record(request, {
      action: 'send',
      entity: 'message',
      entityId: id,
      practiceId: sender.practiceId,
      ...(conversation?.clientId ? { clientId: conversation.clientId } : {}),
      ...(sender.kind === 'client' ? { role: 'client' } : {}),
    });
    const { messages } = await this.messages(conversationId, sender, id + 1);
    const sent = messages.at(-1);
    if (!sent) throw notFound(CONVERSATION_MESSAGES.notFound);
    return sent;
  }

  /** Notifies everyone in the conversation but the writer (see `post`). */
  private async tell(conversationId: number, sender: Party): Promise<void> {
    const [head] = await rowsOf<{
      subject: string;
      practice_name: string;
      logo_url: string | null;
      sender_name: string;
    }>(
      this.db,
      sql`select c.subject, p.name as practice_name, p.logo_url,
                 ${
                   sender.kind === 'member'
                     ? sql`(select coalesce(${MEMBER_NAME('u')}, 'A colleague') from users u where u.id = ${sender.userId})`
                     : sql`(select ${CLIENT_NAME('cl')} from clients cl where cl.id = ${sender.clientId})`
                 } as sender_name
            from conversations c join practices p on p.id = c.practice_id
           where c.id = ${conversationId}`,
    );
    if (!head) return;
    const brand = { name: head.practice_name, logoUrl: head.logo_url };
    const base = (this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`).replace(/\/$/, '');
    const others = await this.db
      .select({
        userId: conversationParticipants.userId,
        clientId: conversationParticipants.clientId,
        email: users.email,
        firstName: users.firstName,
        wanted: notificationPreferences.messages,
        clientEmail: clientPortalAccess.email,
        clientFirstName: sql<
          string | null
        >`(select coalesce(nullif(c.preferred_name, ''), c.first_name) from clients c where c.id = ${conversationParticipants.clientId})`,
        clientOwnEmail: sql<
          string | null
        >`(select c.email from clients c where c.id = ${conversationParticipants.clientId})`,
      })
      .from(conversationParticipants)
      .leftJoin(users, eq(users.id, conversationParticipants.userId))
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, conversationParticipants.userId))
      .leftJoin(
        clientPortalAccess,
        and(
          eq(clientPortalAccess.clientId, conversationParticipants.clientId),
          eq(clientPortalAccess.status, 'active'),
        ),
      )
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          sender.kind === 'member'
            ? sql`${conversationParticipants.userId} is distinct from ${sender.userId}`
            : sql`${conversationParticipants.clientId} is distinct from ${sender.clientId}`,
        ),
      );
    for (const other of others) {
      if (other.userId !== null) {
        await this.notifications.create({
          practiceId: sender.practiceId,
          userId: other.userId,
          title: NEW_MESSAGE_NOTIFICATION.title,
          content: NEW_MESSAGE_NOTIFICATION.content(head.sender_name, head.subject),
          category: 'message',
          link: `/Messages/${conversationId}`,
        });
        if (other.wanted !== false && other.email) {
          await this.p.mailer.send(
            renderMail(brand, {
              to: other.email,
              subject: `New message from ${head.sender_name}`,
              greeting: `Hello ${other.firstName ?? ''}`.trim() + ',',
              paragraphs: [
                `${head.sender_name} wrote to you in Halcyon. Sign in to read it: the message itself is not sent by e-mail.`,
              ],
              action: { label: 'Read the message', url: `${base}/Messages/${conversationId}` },
              after: ['You can turn these e-mails off under Settings > Profile & security > Notifications.'],
            }),
          );
        }
      } else if (other.clientId !== null && sender.kind === 'member') {
        const to = other.clientEmail ?? other.clientOwnEmail;
        if (!to) continue;
        const token = await this.clientLink(
          { practiceId: sender.practiceId, clientId: other.clientId },
          conversationId,
        );
        await this.p.mailer.send(
          renderMail(brand, {
            to,
            subject: `You have a new secure message from ${head.practice_name}`,
            greeting: `Hello ${other.clientFirstName ?? ''}`.trim() + ',',
            paragraphs: [
              `${head.sender_name} at ${head.practice_name} sent you a secure message. For your privacy it is not included in this e-mail: open it with the button below, where you can also reply.`,
            ],
            action: { label: 'Read your message', url: `${base}/Portal/Messages/${encodeURIComponent(token)}` },
            after: [
              `The link works for ${MESSAGE_LINK_TTL_DAYS} days. If you were not expecting this message, you can ignore it.`,
            ],
          }),
        );
      }
    }
  }
}
