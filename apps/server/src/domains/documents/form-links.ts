import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  FORM_CATEGORY_LABELS,
  FORM_LINK_DAYS,
  FORM_LINK_MESSAGES,
  formAnswersSchemaFor,
  type FormCategory,
  type FormTemplate,
  type FormToSend,
  type Message,
  type PublicForm,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { Platform } from '../../platform/context';
import { HttpError, badRequest, notFound } from '../../platform/errors';
import { clientDocuments, clients, storedFiles } from '../../schema';
import type { clients as clientsTable } from '../clients/schema';
import { NotificationService } from '../notifications/service';
import { TemplatesService, builtInFormTemplate, templatedMail } from '../workspace/templates';
import { buildFormPdf } from './pdf';
import { practiceBrand } from './brand';
import { formLinks } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

type ClientRow = typeof clientsTable.$inferSelect;

/** "Sam R." in a notification: the first name (or preferred name) and the initial, as the measures' notifications say. */
const shortName = (client: Pick<ClientRow, 'firstName' | 'preferredName' | 'lastName'>) =>
  `${client.preferredName || client.firstName} ${client.lastName.charAt(0)}.`.trim();

/**
 * Forms of the template library filled in by a client from an e-mailed link (send-to-client), as measures are. Sending
 * copies the form into a single-use link (its token kept hashed) and e-mails it with the practice's form-link template;
 * the client's answers are checked against the form's own questions, kept as a PDF in the client's documents (one file
 * store: a stored file and a document of kind `form`), and the therapist who sent it is told.
 */
export class FormLinksService {
  private readonly notifications: NotificationService;
  private readonly templates: TemplatesService;

  constructor(private readonly p: Platform) {
    this.notifications = new NotificationService(p.database.db);
    this.templates = new TemplatesService(p);
  }

  private get db() {
    return this.p.database.db;
  }

  private practiceOf(practiceId: number) {
    return practiceBrand(this.db, practiceId);
  }

  private link(token: string): string {
    const base = this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`;
    return `${base.replace(/\/$/, '')}/Form/${encodeURIComponent(token)}`;
  }

  /** The form to send: the practice's own by id (another practice's id answers 404), or a built-in one. */
  private formOf(auth: AuthContext, form: FormToSend): Promise<FormTemplate> | FormTemplate {
    return 'builtIn' in form ? builtInFormTemplate(form.builtIn) : this.templates.oneForm(auth, form.id);
  }

  /**
   * Makes a single-use link to the form for the client and e-mails it to `to`; answers the link's id. The caller has
   * checked the client is of the practice.
   */
  async send(
    auth: AuthContext,
    client: ClientRow,
    to: string,
    form: FormToSend,
    message: string,
  ): Promise<{ linkId: number }> {
    const template = await this.formOf(auth, form);
    const token = randomToken();
    const [link] = await this.db
      .insert(formLinks)
      .values({
        practiceId: auth.practiceId,
        clientId: client.id,
        name: template.name,
        description: template.description,
        templateCategory: template.templateCategory,
        definition: template.definition,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + FORM_LINK_DAYS * DAY_MS),
        requestedBy: auth.userId,
      })
      .returning({ id: formLinks.id });
    const practice = await this.practiceOf(auth.practiceId);
    const firstName = client.preferredName || client.firstName;
    const url = this.link(token);
    await this.p.mailer.send(
      await templatedMail(this.db, auth.practiceId, 'form-link', {
        to,
        brand: { name: practice.name, logoUrl: practice.logoUrl },
        values: {
          'client.firstName': firstName,
          'client.lastName': client.lastName,
          'client.fullName': `${firstName} ${client.lastName}`.trim(),
          'practice.name': practice.name,
          'form.title': template.name,
          'link.url': url,
          'link.expiresInDays': String(FORM_LINK_DAYS),
        },
        action: { label: 'Fill in the form', url },
        after: [
          `The link works once and for ${FORM_LINK_DAYS} days. Please do not forward this e-mail: the link is for you only.`,
        ],
        message: message || null,
      }),
    );
    return { linkId: link!.id };
  }

  /** The link's row when it can still be used; otherwise the reason, as an error the client's page shows. */
  private async usableLink(token: string) {
    const [link] = await this.db
      .select()
      .from(formLinks)
      .where(eq(formLinks.tokenHash, hashToken(token)))
      .limit(1);
    if (!link) throw notFound(FORM_LINK_MESSAGES.linkInvalid);
    if (link.usedAt) throw new HttpError(410, FORM_LINK_MESSAGES.linkUsed);
    if (link.expiresAt.getTime() <= Date.now()) throw new HttpError(410, FORM_LINK_MESSAGES.linkExpired);
    return link;
  }

  async open(token: string): Promise<PublicForm> {
    const link = await this.usableLink(token);
    const practice = await this.practiceOf(link.practiceId);
    return {
      name: link.name,
      description: link.description,
      practiceName: practice.name,
      definition: link.definition,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /**
   * Checks the answers against the form, keeps them as a PDF in the client's documents, uses up the link (once: a
   * second submit, or one after expiry, changes nothing), tells the therapist and writes the client's activity log.
   */
  async submit(token: string, rawAnswers: Record<string, unknown>, request: FastifyRequest): Promise<Message> {
    const link = await this.usableLink(token);
    const checked = formAnswersSchemaFor(link.definition).safeParse(rawAnswers);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[`answers.${String(issue.path[0] ?? '')}`] ??= issue.message;
      throw badRequest('Some answers need your attention: see the questions marked below.', fields);
    }
    const [client] = await this.db
      .select()
      .from(clients)
      .where(and(eq(clients.id, link.clientId), eq(clients.practiceId, link.practiceId)))
      .limit(1);
    if (!client) throw notFound(FORM_LINK_MESSAGES.linkInvalid);
    const practice = await this.practiceOf(link.practiceId);
    const completedAt = new Date();
    let pdf: Uint8Array;
    try {
      pdf = await buildFormPdf({
        formName: link.name,
        practiceName: practice.name,
        clientName: `${client.firstName} ${client.lastName}`.trim(),
        definition: link.definition,
        answers: checked.data,
        completedAt,
        timeZone: practice.timeZone,
      });
    } catch (error) {
      request.log.error({ err: error, formLinkId: link.id }, 'completed form PDF could not be made');
      throw new HttpError(500, FORM_LINK_MESSAGES.pdfFailed);
    }
    const fileId = crypto.randomUUID();
    const key = `p${link.practiceId}/${fileId}`;
    const size = await this.p.storage.put(key, Readable.from([Buffer.from(pdf)]), 'application/pdf');
    const day = completedAt.toLocaleDateString('en-CA', { timeZone: practice.timeZone });
    const document = await this.db
      .transaction(async (tx) => {
        const [claimed] = await tx
          .update(formLinks)
          .set({ usedAt: completedAt, updatedAt: sql`now()` })
          .where(and(eq(formLinks.id, link.id), isNull(formLinks.usedAt), gt(formLinks.expiresAt, sql`now()`)))
          .returning({ id: formLinks.id });
        if (!claimed) tx.rollback();
        await tx.insert(storedFiles).values({
          id: fileId,
          practiceId: link.practiceId,
          uploadedBy: null,
          name: `${link.name} (completed ${day}).pdf`.slice(0, 200),
          size,
          type: 'application/pdf',
          storageKey: key,
        });
        const [row] = await tx
          .insert(clientDocuments)
          .values({
            practiceId: link.practiceId,
            clientId: link.clientId,
            kind: 'form',
            name: link.name,
            fileId,
            category: FORM_CATEGORY_LABELS[link.templateCategory as FormCategory] ?? null,
            createdBy: null,
          })
          .returning({ id: clientDocuments.id });
        await tx.update(formLinks).set({ documentId: row!.id }).where(eq(formLinks.id, link.id));
        return row!;
      })
      .catch(() => null);
    if (!document) {
      await this.p.storage.delete(key).catch(() => undefined);
      // Another tab sent first, or the link expired in between: the same answer as a used or expired link.
      await this.usableLink(token);
      throw new HttpError(410, FORM_LINK_MESSAGES.linkUsed);
    }

    await this.p.audit.record(request, {
      action: 'submit',
      entity: 'form',
      entityId: document.id,
      clientId: link.clientId,
      practiceId: link.practiceId,
      userId: null,
      role: 'client',
      details: { name: link.name },
    });
    const recipient = link.requestedBy ?? client.therapistId ?? null;
    if (recipient) {
      await this.notifications.create({
        practiceId: link.practiceId,
        userId: recipient,
        title: 'Form completed',
        content: `${shortName(client)} completed "${link.name}". Their answers are in the client's documents.`,
        category: 'info',
        link: `/Clients/${link.clientId}?tab=documents`,
      });
    }
    return { detail: FORM_LINK_MESSAGES.thanks };
  }
}
