import { and, eq } from 'drizzle-orm';
import { renderMergeFields, type EmailUsageContext, type MergeField } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import type { MailMessage } from '../../../platform/mail';
import { renderMail, type PracticeBrand } from '../../../platform/mail/templates';
import { emailTemplates } from './schema';
import { builtInEmailTemplate } from './service';

/** What an e-mail to a client holds besides its template's words: who, the practice, the values, the link. */
export interface ClientMail {
  to: string;
  brand: PracticeBrand;
  values: Readonly<Partial<Record<MergeField, string>>>;
  /** The button (and its address in plain text) Halcyon adds under the practice's words. */
  action?: { label: string; url: string };
  /** Halcyon's own small print (how long a link works; what to do in a crisis). */
  after?: string[];
  /** The therapist's own words for this one e-mail, after the template's. */
  message?: string | null;
}

/** The practice's own subject and body for a usage context, or null when it has written none. */
export async function practiceEmailTemplate(
  db: Db,
  practiceId: number,
  context: EmailUsageContext,
): Promise<{ subject: string; body: string } | null> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.practiceId, practiceId), eq(emailTemplates.usageContext, context)));
  return row ?? null;
}

/** The practice's subject and body for a usage context: its own template, or the built-in default. */
export async function emailTemplateFor(
  db: Db,
  practiceId: number,
  context: EmailUsageContext,
): Promise<{ subject: string; body: string }> {
  return (await practiceEmailTemplate(db, practiceId, context)) ?? builtInEmailTemplate(context);
}

/**
 * An e-mail from a template in the one mail layout: the merge fields filled in, the subject on one line, the body's first
 * paragraph as the greeting and the others after it (paragraphs are split by blank lines).
 */
export function renderTemplatedMail(template: { subject: string; body: string }, mail: ClientMail): MailMessage {
  const paragraphs = renderMergeFields(template.body, mail.values)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const [greeting = '', ...rest] = paragraphs;
  return renderMail(mail.brand, {
    to: mail.to,
    subject: renderMergeFields(template.subject, mail.values).replace(/\s+/g, ' ').trim().slice(0, 250),
    greeting,
    paragraphs: [...rest, ...(mail.message ? [mail.message] : [])],
    ...(mail.action && { action: mail.action }),
    ...(mail.after && { after: mail.after }),
  });
}

/** The e-mail of a usage context for a practice, written from its template (or the built-in default). */
export async function templatedMail(
  db: Db,
  practiceId: number,
  context: EmailUsageContext,
  mail: ClientMail,
): Promise<MailMessage> {
  return renderTemplatedMail(await emailTemplateFor(db, practiceId, context), mail);
}
