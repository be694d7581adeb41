import { and, asc, avg, count, desc, eq } from 'drizzle-orm';
import {
  CONTACT_SENT_MESSAGE,
  FEEDBACK_PAGE_SIZE,
  type Feedback,
  type FeedbackList,
  type Role,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import type { Platform } from '../../platform/context';
import { helpFeedback, memberships, practiceDetails, practices, users } from '../../schema';
import { HttpError, unauthorized } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';

export const NO_SUPPORT_ADDRESS_DETAIL =
  'Your message could not be sent because no support address is set up for this practice. Please ask your practice Admin.';

export interface ContactInput {
  subject: string;
  message: string;
  replyTo: string;
}

/** A message with a Reply-To header: the transports hand every field to nodemailer, which sets it. */

interface Sender {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  practiceName: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** One line for a header: no line breaks (nothing can be smuggled into other headers), at most `max` characters. */
const oneLine = (value: string, max: number) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

/** The e-mail a Contact-us message becomes: who wrote, from which practice, where to reply, and their words. */
export function contactMail(to: string, sender: Sender, input: ContactInput, sentAt: Date): MailMessage {
  const name = `${sender.firstName} ${sender.lastName}`.trim();
  const subject = oneLine(`Help request from ${name} (${sender.practiceName}): ${input.subject}`, 250);
  const facts: [string, string][] = [
    ['From', `${name} (${sender.role}), signed in as ${sender.email}`],
    ['Practice', sender.practiceName],
    ['Reply to', input.replyTo],
    ['Sent', sentAt.toUTCString()],
    ['Subject', oneLine(input.subject, 250)],
  ];
  const text = [
    `${name} wrote through Need help > Contact us in Halcyon. Reply to this e-mail to answer them at ${input.replyTo}.`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    input.message,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933;line-height:1.5;max-width:640px;margin:0 auto;padding:24px">
<p>${escapeHtml(name)} wrote through Need help &gt; Contact us in Halcyon. Reply to this e-mail to answer them at ${escapeHtml(input.replyTo)}.</p>
<table style="border-collapse:collapse">${facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<h2 style="font-size:16px;margin-top:24px">Message</h2>
<div style="white-space:pre-wrap">${escapeHtml(input.message)}</div>
</body></html>`;
  return { to, subject, text, html, replyTo: input.replyTo };
}

type FeedbackRow = {
  id: number;
  rating: number;
  comment: string;
  createdAt: Date;
  authorId: number | null;
  firstName: string | null;
  lastName: string | null;
};

function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    author:
      row.authorId === null ? null : { id: row.authorId, firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Need help: Contact-us messages go by e-mail (through the mailer, so the outbox or SMTP with retries) to SUPPORT_EMAIL, or
 * to the practice's active Admins when it is unset; feedback is stored per practice and read by its Admins. The practice
 * and the member always come from the access token.
 */
export class HelpService {
  constructor(private readonly platform: Platform) {}

  private get db() {
    return this.platform.database.db;
  }

  private async sender(auth: AuthContext): Promise<Sender> {
    const [row] = await this.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        practiceName: practices.name,
      })
      .from(users)
      .innerJoin(practices, eq(practices.id, auth.practiceId))
      .where(eq(users.id, auth.userId))
      .limit(1);
    if (!row) throw unauthorized();
    return { ...row, role: auth.role };
  }

  /**
   * Where a Contact-us message goes: SUPPORT_EMAIL (the deployment's support desk), else the practice's contact e-mail
   * (Settings > Practice), else the practice's active Admins (the people who run it), oldest membership first.
   */
  async supportAddress(practiceId: number): Promise<string | null> {
    if (this.platform.config.SUPPORT_EMAIL) return this.platform.config.SUPPORT_EMAIL;
    const [details] = await this.db
      .select({ email: practiceDetails.contactEmail })
      .from(practiceDetails)
      .where(eq(practiceDetails.practiceId, practiceId))
      .limit(1);
    if (details?.email?.trim()) return details.email.trim();
    const admins = await this.db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(eq(memberships.practiceId, practiceId), eq(memberships.role, 'Admin'), eq(memberships.status, 'active')),
      )
      .orderBy(asc(memberships.createdAt), asc(memberships.id))
      .limit(5);
    return admins.length > 0 ? admins.map((a) => a.email).join(', ') : null;
  }

  async contact(auth: AuthContext, input: ContactInput): Promise<{ detail: string }> {
    const to = await this.supportAddress(auth.practiceId);
    if (!to) throw new HttpError(503, NO_SUPPORT_ADDRESS_DETAIL);
    const sender = await this.sender(auth);
    await this.platform.mailer.send(contactMail(to, sender, input, new Date()));
    return { detail: CONTACT_SENT_MESSAGE };
  }

  async giveFeedback(auth: AuthContext, input: { rating: number; comment?: string | undefined }): Promise<Feedback> {
    const [row] = await this.db
      .insert(helpFeedback)
      .values({
        practiceId: auth.practiceId,
        userId: auth.userId,
        rating: input.rating,
        comment: input.comment ?? '',
      })
      .returning();
    const author = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, auth.userId))
      .limit(1);
    return toFeedback({
      id: row!.id,
      rating: row!.rating,
      comment: row!.comment,
      createdAt: row!.createdAt,
      authorId: auth.userId,
      firstName: author[0]?.firstName ?? null,
      lastName: author[0]?.lastName ?? null,
    });
  }

  /** The practice's feedback, newest first, one page at a time, with the count and the mean rating of all of it. */
  async listFeedback(practiceId: number, page = 1): Promise<FeedbackList> {
    const [totals] = await this.db
      .select({ total: count(), average: avg(helpFeedback.rating) })
      .from(helpFeedback)
      .where(eq(helpFeedback.practiceId, practiceId));
    const rows = await this.db
      .select({
        id: helpFeedback.id,
        rating: helpFeedback.rating,
        comment: helpFeedback.comment,
        createdAt: helpFeedback.createdAt,
        authorId: helpFeedback.userId,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(helpFeedback)
      .leftJoin(users, eq(users.id, helpFeedback.userId))
      .where(eq(helpFeedback.practiceId, practiceId))
      .orderBy(desc(helpFeedback.createdAt), desc(helpFeedback.id))
      .limit(FEEDBACK_PAGE_SIZE)
      .offset((page - 1) * FEEDBACK_PAGE_SIZE);
    const average = totals?.average === null || totals?.average === undefined ? null : Number(totals.average);
    return {
      items: rows.map(toFeedback),
      total: totals?.total ?? 0,
      page,
      pageSize: FEEDBACK_PAGE_SIZE,
      averageRating: average === null ? null : Math.round(average * 10) / 10,
    };
  }
}
