import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MEASURES,
  PORTAL_HOME_CONVERSATIONS_MAX,
  PORTAL_HOME_DOCUMENTS_MAX,
  PORTAL_HOME_MESSAGES,
  PORTAL_HOME_SESSIONS_MAX,
  PORTAL_SIGN_IN_TTL_HOURS,
  SESSION_LOCATION_KIND_LABELS,
  humanDate,
  type PortalHome,
  type PortalOpen,
  type PortalOpenBody,
  type PortalStartConversationBody,
  type PortalWaitingItem,
  type SessionLocationKind,
} from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { publicBaseUrl } from '../../platform/config';
import type { Platform } from '../../platform/context';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import { iso, isoOrNull, rowsOf, type Db } from '../../platform/db';
import { conflict, HttpError, notFound } from '../../platform/errors';
import { renderMail } from '../../platform/mail/templates';
import { portalSignInLinks } from '../../schema';
import { MessagesService } from '../workspace/messages/service';
import { CREDITED_SQL, OPEN_SQL, PAID_SQL, type PayLinks } from '../billing/ledger';

const HOUR = 3_600_000;
/** A home that is open and reloaded records its use (and the client's last sign-in) once a minute at most. */
const USE_RECORDED_EVERY_MS = 60_000;

/**
 * The items whose own link the home replaces when the client opens one: the table holding the link's token, what makes
 * the item still open, and the page (or download) the new token opens.
 */
const ROTATED = {
  measure: { table: 'measure_links', open: 'used_at is null', page: '/Measure/' },
  form: { table: 'form_links', open: 'used_at is null', page: '/Form/' },
  signature: { table: 'signature_requests', open: "status = 'pending'", page: '/Sign/' },
  document: { table: 'client_shares', open: 'token_hash is not null', page: '/api/shared-documents/' },
} as const;

interface Link {
  id: number;
  practiceId: number;
  clientId: number;
  expiresAt: Date;
  practiceName: string;
  timeZone: string;
  firstName: string;
}

/**
 * The client portal's home (contract/domains/portal.ts): the sign-in link e-mailed on request, the page it opens, and
 * each item opened from it with a fresh link of the item's own. A client is known here only by a link's token: every
 * read and write is of that client in that practice.
 */
export class PortalService {
  private readonly db: Db;
  private readonly messages: MessagesService;

  constructor(
    private readonly p: Platform,
    private readonly payLinks: PayLinks,
  ) {
    this.db = p.database.db;
    this.messages = new MessagesService(p);
  }

  /**
   * E-mails a sign-in link to each practice where the address has active portal access (a client may be seen by two
   * practices); the answer is the same whether or not it has any, so the page tells no one who is a client.
   */
  async requestSignIn(email: string): Promise<{ detail: string }> {
    const found = await rowsOf<{
      client_id: number;
      practice_id: number;
      first_name: string;
      practice_name: string;
      logo_url: string | null;
      to: string;
    }>(
      this.db,
      sql`select c.id as client_id, c.practice_id, coalesce(nullif(c.preferred_name, ''), c.first_name) as first_name,
            p.name as practice_name, p.logo_url, coalesce(nullif(a.email, ''), c.email) as to
          from client_portal_access a
          join clients c on c.id = a.client_id and c.practice_id = a.practice_id
          join practices p on p.id = a.practice_id
          where a.status = 'active' and lower(coalesce(nullif(a.email, ''), c.email)) = lower(${email.trim()})`,
    );
    for (const row of found) {
      const token = randomToken();
      await this.db.insert(portalSignInLinks).values({
        practiceId: row.practice_id,
        clientId: row.client_id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + PORTAL_SIGN_IN_TTL_HOURS * HOUR),
      });
      await this.p.mailer.send(
        renderMail(
          { name: row.practice_name, logoUrl: row.logo_url },
          {
            to: row.to,
            subject: `Sign in to your client portal at ${row.practice_name}`,
            greeting: `Hello ${row.first_name},`,
            paragraphs: [
              `Here is the sign-in link you asked for. It opens your portal at ${row.practice_name}: your upcoming sessions, your secure messages, and anything waiting for you to fill in, sign or pay.`,
            ],
            action: {
              label: 'Open your portal',
              url: `${publicBaseUrl(this.p.config)}/Portal/Home/${encodeURIComponent(token)}`,
            },
            after: [
              `The link works for ${PORTAL_SIGN_IN_TTL_HOURS} hours. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.`,
            ],
          },
        ),
      );
    }
    return { detail: PORTAL_HOME_MESSAGES.signInSent };
  }

  /** The link's client, while it works and their portal access is active; 404 or 410 otherwise. */
  private async link(token: string): Promise<Link> {
    const [row] = await rowsOf<{
      id: number;
      practice_id: number;
      client_id: number;
      expires_at: unknown;
      last_used_at: unknown;
      portal: string | null;
      practice_name: string;
      time_zone: string | null;
      first_name: string;
    }>(
      this.db,
      sql`select l.id, l.practice_id, l.client_id, l.expires_at, l.last_used_at, a.status as portal,
            p.name as practice_name, d.time_zone, coalesce(nullif(c.preferred_name, ''), c.first_name) as first_name
          from portal_sign_in_links l
          join clients c on c.id = l.client_id and c.practice_id = l.practice_id
          join practices p on p.id = l.practice_id
          left join practice_details d on d.practice_id = l.practice_id
          left join client_portal_access a on a.client_id = l.client_id and a.practice_id = l.practice_id
          where l.token_hash = ${hashToken(token)}`,
    );
    if (!row) throw notFound(PORTAL_HOME_MESSAGES.linkUnknown);
    const expiresAt = new Date(iso(row.expires_at));
    if (row.portal !== 'active') throw new HttpError(410, PORTAL_HOME_MESSAGES.accessEnded);
    if (expiresAt.getTime() <= Date.now()) throw new HttpError(410, PORTAL_HOME_MESSAGES.linkExpired);
    const lastUsed = isoOrNull(row.last_used_at);
    if (!lastUsed || Date.now() - new Date(lastUsed).getTime() >= USE_RECORDED_EVERY_MS) {
      await this.db.execute(sql`update portal_sign_in_links set last_used_at = now() where id = ${row.id}`);
      await this.db.execute(sql`update client_portal_access set last_sign_in_at = now()
        where client_id = ${row.client_id} and practice_id = ${row.practice_id}`);
    }
    return {
      id: row.id,
      practiceId: row.practice_id,
      clientId: row.client_id,
      expiresAt,
      practiceName: row.practice_name,
      timeZone: row.time_zone ?? 'Europe/London',
      firstName: row.first_name,
    };
  }

  async home(token: string): Promise<PortalHome> {
    const link = await this.link(token);
    const [sessions, conversations, waiting, documents] = [
      await this.sessions(link),
      await this.conversations(link),
      await this.waiting(link),
      await this.documents(link),
    ];
    return {
      practiceName: link.practiceName,
      clientFirstName: link.firstName,
      timeZone: link.timeZone,
      expiresAt: link.expiresAt.toISOString(),
      sessions,
      conversations,
      waiting,
      documents,
    };
  }

  /** The documents sent to the client whose links still work (the latest sending of each), newest first. */
  private async documents(link: Link): Promise<PortalHome['documents']> {
    const rows = await rowsOf<{ id: number; name: string; created_at: unknown; expires_at: unknown }>(
      this.db,
      sql`select * from (select distinct on (s.document_id) s.id, d.name, s.created_at, s.expires_at
            from client_shares s join client_documents d on d.id = s.document_id
            where s.practice_id = ${link.practiceId} and s.client_id = ${link.clientId}
              and s.token_hash is not null and s.expires_at > now()
            order by s.document_id, s.created_at desc, s.id desc) latest
          order by latest.created_at desc, latest.id desc limit ${PORTAL_HOME_DOCUMENTS_MAX}`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      sharedAt: iso(row.created_at),
      availableUntil: iso(row.expires_at),
    }));
  }

  private async sessions(link: Link): Promise<PortalHome['sessions']> {
    const rows = await rowsOf<{
      id: number;
      starts_at: unknown;
      ends_at: unknown;
      service_name: string;
      location_kind: string;
      location: string;
      therapist_name: string | null;
    }>(
      this.db,
      sql`select s.id, s.starts_at, s.ends_at, s.service_name, s.location_kind, s.location,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as therapist_name
          from client_sessions s left join users u on u.id = s.therapist_id
          where s.practice_id = ${link.practiceId} and s.client_id = ${link.clientId}
            and s.status = 'scheduled' and s.ends_at > now()
          order by s.starts_at, s.id limit ${PORTAL_HOME_SESSIONS_MAX}`,
    );
    return rows.map((row) => {
      const kind = SESSION_LOCATION_KIND_LABELS[row.location_kind as SessionLocationKind] ?? row.location_kind;
      return {
        id: row.id,
        startsAt: iso(row.starts_at),
        endsAt: iso(row.ends_at),
        serviceName: row.service_name,
        therapistName: row.therapist_name,
        where: row.location_kind === 'in person' && row.location ? `${kind}: ${row.location}` : kind,
      };
    });
  }

  private async conversations(link: Link): Promise<PortalHome['conversations']> {
    const rows = await rowsOf<{ id: number; subject: string; unread: number; last_message_at: unknown }>(
      this.db,
      sql`select c.id, c.subject, cp.unread, c.last_message_at
          from conversation_participants cp join conversations c on c.id = cp.conversation_id
          where cp.client_id = ${link.clientId} and c.practice_id = ${link.practiceId}
          order by c.last_message_at desc, c.id desc limit ${PORTAL_HOME_CONVERSATIONS_MAX}`,
    );
    return rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      unread: Number(row.unread),
      lastMessageAt: isoOrNull(row.last_message_at),
    }));
  }

  /** What waits for the client, oldest first: measures and forms to fill in, documents to sign, invoices to pay. */
  private async waiting(link: Link): Promise<PortalWaitingItem[]> {
    const { practiceId, clientId } = link;
    const measures = await rowsOf<{ id: number; measure: string; created_at: unknown; expires_at: unknown }>(
      this.db,
      sql`select id, measure, created_at, expires_at from measure_links
          where practice_id = ${practiceId} and client_id = ${clientId} and used_at is null and expires_at > now()`,
    );
    const forms = await rowsOf<{ id: number; name: string; created_at: unknown; expires_at: unknown }>(
      this.db,
      sql`select id, name, created_at, expires_at from form_links
          where practice_id = ${practiceId} and client_id = ${clientId} and used_at is null and expires_at > now()`,
    );
    const signatures = await rowsOf<{ id: number; name: string; created_at: unknown; due_date: string | null }>(
      this.db,
      sql`select r.id, d.name, r.created_at, r.due_date::text as due_date
          from signature_requests r join client_documents d on d.id = r.document_id
          where r.practice_id = ${practiceId} and r.client_id = ${clientId} and r.status = 'pending'
            and r.expires_at > now()`,
    );
    const invoices = await this.invoicesOwed(link);
    // Dates are the practice's calendar days (a day late in its time zone is late).
    const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: link.timeZone }).format(at);
    const today = dayOf(new Date());
    const until = (expires: unknown) => `Open until ${humanDate(dayOf(new Date(iso(expires))))}`;
    const items: PortalWaitingItem[] = [
      ...measures.map((row) => ({
        kind: 'measure' as const,
        id: row.id,
        title: (MEASURES as Readonly<Record<string, { title: string } | undefined>>)[row.measure]?.title ?? row.measure,
        detail: `A questionnaire to fill in. ${until(row.expires_at)}.`,
        sentAt: iso(row.created_at),
      })),
      ...forms.map((row) => ({
        kind: 'form' as const,
        id: row.id,
        title: row.name,
        detail: `A form to fill in. ${until(row.expires_at)}.`,
        sentAt: iso(row.created_at),
      })),
      ...signatures.map((row) => ({
        kind: 'signature' as const,
        id: row.id,
        title: row.name,
        detail: row.due_date ? `A document to sign by ${humanDate(row.due_date)}.` : 'A document to sign.',
        sentAt: iso(row.created_at),
      })),
      ...invoices.map((row) => ({
        kind: 'invoice' as const,
        id: row.id,
        title: `Invoice ${row.number}`,
        detail:
          row.due_date < today
            ? `${formatMoney(Number(row.outstanding), row.currency)} to pay: it was due on ${humanDate(row.due_date)}.`
            : `${formatMoney(Number(row.outstanding), row.currency)} to pay by ${humanDate(row.due_date)}.`,
        sentAt: iso(row.sent_at ?? row.created_at),
      })),
    ];
    return items.sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id - b.id);
  }

  /** The client's issued invoices that they pay themselves and still owe something on (one of them, with `onlyId`). */
  private invoicesOwed(link: Link, onlyId?: number) {
    return rowsOf<{
      id: number;
      number: string;
      currency: string;
      due_date: string;
      sent_at: unknown;
      created_at: unknown;
      outstanding: number;
    }>(
      this.db,
      sql`select * from (select i.id, i.number, i.currency, i.due_date::text as due_date, i.sent_at, i.created_at,
            i.gross_minor - ${PAID_SQL(sql.raw('i.id'))} - ${CREDITED_SQL(sql.raw('i.id'))} as outstanding
          from invoices i
          where i.practice_id = ${link.practiceId} and i.client_id = ${link.clientId} and i.bill_to_kind = 'client'
            and ${OPEN_SQL('i')} ${onlyId === undefined ? sql`` : sql`and i.id = ${onlyId}`}) owed
          where owed.outstanding > 0`,
    );
  }

  /** A new link to one of the client's conversations, beside the others it has (each message e-mails one too). */
  private async conversationLink(link: Link, conversationId: number): Promise<PortalOpen> {
    const token = await this.messages.clientLink(link, conversationId);
    return { url: `/Portal/Messages/${encodeURIComponent(token)}` };
  }

  /** The client writes first, to their therapist; answers where the new conversation opens. */
  async startConversation(
    request: FastifyRequest,
    token: string,
    body: PortalStartConversationBody,
  ): Promise<PortalOpen> {
    const link = await this.link(token);
    const id = await this.messages.clientStart(request, link, { subject: body.subject, body: body.body });
    return this.conversationLink(link, id);
  }

  /**
   * Opens one item: a conversation gets a new link beside its others; a measure, form, document to sign or document sent
   * gets a new token (the e-mailed one stops working, so there is one way in at a time); an invoice opens its card
   * payment page.
   * An item that is not this client's, or no longer waits, is 404 with the same sentence either way.
   */
  async open(token: string, body: PortalOpenBody): Promise<PortalOpen> {
    const link = await this.link(token);
    const { practiceId, clientId } = link;
    const id = Number(body.id);
    const fresh = randomToken();
    const gone = () => notFound(PORTAL_HOME_MESSAGES.itemGone);
    switch (body.kind) {
      case 'conversation': {
        const [mine] = await rowsOf<{ id: number }>(
          this.db,
          sql`select c.id from conversation_participants cp join conversations c on c.id = cp.conversation_id
              where cp.conversation_id = ${id} and cp.client_id = ${clientId} and c.practice_id = ${practiceId}`,
        );
        if (!mine) throw gone();
        return this.conversationLink(link, id);
      }
      case 'measure':
      case 'form':
      case 'signature':
      case 'document': {
        // One statement: the item must be this client's and still open; its token is replaced only then.
        const { table, open, page } = ROTATED[body.kind];
        const rotated = await rowsOf<{ id: number }>(
          this.db,
          sql`update ${sql.raw(table)} set token_hash = ${hashToken(fresh)}
              where id = ${id} and practice_id = ${practiceId} and client_id = ${clientId}
                and ${sql.raw(open)} and expires_at > now()
              returning id`,
        );
        if (rotated.length === 0) throw gone();
        return { url: `${page}${encodeURIComponent(fresh)}` };
      }
      case 'invoice': {
        if ((await this.invoicesOwed(link, id)).length === 0) throw gone();
        const url = await this.payLinks.issue(this.db, practiceId, id);
        if (!url) throw conflict(PORTAL_HOME_MESSAGES.noPayLink);
        return { url };
      }
    }
  }
}
