import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  BUILT_IN_EMAIL_TEMPLATES,
  BUILT_IN_FORM_TEMPLATES,
  EMAIL_USAGE_CONTEXTS,
  FORM_USAGE_CONTEXTS,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  formDefinitionSchema,
  type createEmailTemplateBodySchema,
  type createFormTemplateBodySchema,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailUsageContext,
  type FormCategory,
  type FormTemplate,
  type FormTemplateList,
  type FormUsageContext,
  type Message,
  type updateEmailTemplateBodySchema,
  type updateFormTemplateBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import { hasSqlState, iso, type Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { emailTemplates, formTemplates } from './schema';

type CreateFormBody = z.output<typeof createFormTemplateBodySchema>;
type UpdateFormBody = z.output<typeof updateFormTemplateBodySchema>;
type CreateEmailBody = z.output<typeof createEmailTemplateBodySchema>;
type UpdateEmailBody = z.output<typeof updateEmailTemplateBodySchema>;
type FormRow = typeof formTemplates.$inferSelect;
type EmailRow = typeof emailTemplates.$inferSelect;

const UNIQUE_VIOLATION = '23505';

/** A built-in form template as the library lists it; `overridden` when the practice has its own for the usage context. */
export function builtInFormTemplate(usageContext: FormUsageContext, overridden = false): FormTemplate {
  const builtIn = BUILT_IN_FORM_TEMPLATES[usageContext];
  return {
    id: null,
    builtIn: true,
    overridden,
    name: builtIn.name,
    description: builtIn.description,
    templateCategory: builtIn.templateCategory,
    usageContext,
    definition: formDefinitionSchema.parse(builtIn.definition),
    version: 0,
    updatedAt: null,
  };
}

export function builtInEmailTemplate(usageContext: EmailUsageContext): EmailTemplate {
  return {
    id: null,
    builtIn: true,
    usageContext,
    ...BUILT_IN_EMAIL_TEMPLATES[usageContext],
    version: 0,
    updatedAt: null,
  };
}

function toForm(row: FormRow): FormTemplate {
  return {
    id: row.id,
    builtIn: false,
    overridden: false,
    name: row.name,
    description: row.description,
    templateCategory: row.templateCategory as FormCategory,
    usageContext: row.usageContext as FormUsageContext,
    definition: row.definition,
    version: row.version,
    updatedAt: iso(row.updatedAt),
  };
}

function toEmail(row: EmailRow): EmailTemplate {
  return {
    id: row.id,
    builtIn: false,
    usageContext: row.usageContext as EmailUsageContext,
    subject: row.subject,
    body: row.body,
    version: row.version,
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * The template library (Settings > Template-library): the practice's form templates with the built-in default of each
 * usage context, and its e-mail templates, one per usage context, over the built-in defaults. Every read and write is of
 * the signed-in member's practice; another practice's ids answer 404. Each write records an audit line that names the
 * template ("form template Intake questionnaire").
 */
export class TemplatesService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  // ---- form templates -----------------------------------------------------------------------------------------------

  /** The practice's form templates (by name; the library holds at most TEMPLATE_LIMITS.formTemplates). */
  private async ownForms(practiceId: number, where?: ReturnType<typeof eq>): Promise<FormTemplate[]> {
    const rows = await this.db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.practiceId, practiceId), where))
      .orderBy(asc(sql`lower(${formTemplates.name})`), asc(formTemplates.id))
      .limit(TEMPLATE_LIMITS.formTemplates);
    return rows.map(toForm);
  }

  /** The practice's templates, then the built-in default of each usage context (marked overridden where it has one). */
  async listForms(auth: AuthContext): Promise<FormTemplateList> {
    const own = await this.ownForms(auth.practiceId);
    const contexts = new Set(own.map((template) => template.usageContext));
    return {
      items: [...own, ...FORM_USAGE_CONTEXTS.map((context) => builtInFormTemplate(context, contexts.has(context)))],
    };
  }

  async formsOfCategory(auth: AuthContext, category: FormCategory): Promise<FormTemplateList> {
    const all = await this.listForms(auth);
    return { items: all.items.filter((template) => template.templateCategory === category) };
  }

  /** The practice's templates for the usage context; the built-in default when it has none. */
  async formsFor(auth: AuthContext, context: FormUsageContext): Promise<FormTemplateList> {
    const own = await this.ownForms(auth.practiceId, eq(formTemplates.usageContext, context));
    return { items: own.length > 0 ? own : [builtInFormTemplate(context)] };
  }

  async oneForm(auth: AuthContext, id: number): Promise<FormTemplate> {
    const [row] = await this.db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.id, id), eq(formTemplates.practiceId, auth.practiceId)));
    if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
    return toForm(row);
  }

  async createForm(request: FastifyRequest, auth: AuthContext, body: CreateFormBody): Promise<FormTemplate> {
    const [full] = await this.db
      .select({ id: formTemplates.id })
      .from(formTemplates)
      .where(eq(formTemplates.practiceId, auth.practiceId))
      .offset(TEMPLATE_LIMITS.formTemplates - 1)
      .limit(1);
    if (full) throw conflict(TEMPLATE_MESSAGES.full);
    const [row] = await this.db
      .insert(formTemplates)
      .values({ practiceId: auth.practiceId, ...body, createdBy: auth.userId })
      .returning();
    await this.audit(request, 'create', 'form_template', row!.id, body.name);
    return toForm(row!);
  }

  async updateForm(
    request: FastifyRequest,
    auth: AuthContext,
    id: number,
    body: UpdateFormBody,
  ): Promise<FormTemplate> {
    await this.oneForm(auth, id);
    const { version, ...fields } = body;
    const [row] = await this.db
      .update(formTemplates)
      .set({ ...fields, version: sql`${formTemplates.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(formTemplates.id, id),
          eq(formTemplates.practiceId, auth.practiceId),
          eq(formTemplates.version, version),
        ),
      )
      .returning();
    if (!row) throw conflict(TEMPLATE_MESSAGES.changed);
    await this.audit(request, 'update', 'form_template', id, body.name);
    return toForm(row);
  }

  async removeForm(request: FastifyRequest, auth: AuthContext, id: number): Promise<Message> {
    const [row] = await this.db
      .delete(formTemplates)
      .where(and(eq(formTemplates.id, id), eq(formTemplates.practiceId, auth.practiceId)))
      .returning({ name: formTemplates.name });
    if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
    await this.audit(request, 'delete', 'form_template', id, row.name);
    return { detail: TEMPLATE_MESSAGES.deleted };
  }

  // ---- e-mail templates -------------------------------------------------------------------------------------------------

  /** Every usage context's e-mail: the practice's own, or the built-in default. */
  async listEmails(auth: AuthContext): Promise<EmailTemplateList> {
    const rows = await this.db.select().from(emailTemplates).where(eq(emailTemplates.practiceId, auth.practiceId));
    const own = new Map(rows.map((row) => [row.usageContext, toEmail(row)]));
    return { items: EMAIL_USAGE_CONTEXTS.map((context) => own.get(context) ?? builtInEmailTemplate(context)) };
  }

  async oneEmail(auth: AuthContext, id: number): Promise<EmailTemplate> {
    const [row] = await this.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.id, id), eq(emailTemplates.practiceId, auth.practiceId)));
    if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
    return toEmail(row);
  }

  /** The e-mail a usage context sends for a practice: its own template, or the built-in default. */
  async emailFor(practiceId: number, context: EmailUsageContext): Promise<EmailTemplate> {
    const [row] = await this.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.practiceId, practiceId), eq(emailTemplates.usageContext, context)));
    return row ? toEmail(row) : builtInEmailTemplate(context);
  }

  async createEmail(request: FastifyRequest, auth: AuthContext, body: CreateEmailBody): Promise<EmailTemplate> {
    try {
      const [row] = await this.db
        .insert(emailTemplates)
        .values({ practiceId: auth.practiceId, ...body, createdBy: auth.userId })
        .returning();
      await this.audit(request, 'create', 'email_template', row!.id, body.usageContext);
      return toEmail(row!);
    } catch (error) {
      if (hasSqlState(error, UNIQUE_VIOLATION)) throw conflict(TEMPLATE_MESSAGES.emailExists(body.usageContext));
      throw error;
    }
  }

  async updateEmail(
    request: FastifyRequest,
    auth: AuthContext,
    id: number,
    body: UpdateEmailBody,
  ): Promise<EmailTemplate> {
    await this.oneEmail(auth, id);
    const { version, ...fields } = body;
    try {
      const [row] = await this.db
        .update(emailTemplates)
        .set({ ...fields, version: sql`${emailTemplates.version} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(emailTemplates.id, id),
            eq(emailTemplates.practiceId, auth.practiceId),
            eq(emailTemplates.version, version),
          ),
        )
        .returning();
      if (!row) throw conflict(TEMPLATE_MESSAGES.changed);
      await this.audit(request, 'update', 'email_template', id, body.usageContext);
      return toEmail(row);
    } catch (error) {
      if (hasSqlState(error, UNIQUE_VIOLATION)) throw conflict(TEMPLATE_MESSAGES.emailExists(body.usageContext));
      throw error;
    }
  }

  async removeEmail(request: FastifyRequest, auth: AuthContext, id: number): Promise<Message> {
    const [row] = await this.db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.id, id), eq(emailTemplates.practiceId, auth.practiceId)))
      .returning({ usageContext: emailTemplates.usageContext });
    if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
    await this.audit(request, 'delete', 'email_template', id, row.usageContext);
    return { detail: TEMPLATE_MESSAGES.deleted };
  }

  /** One audit line per write: what was done to which template, named as the library names it. */
  private audit(
    request: FastifyRequest,
    action: 'create' | 'update' | 'delete',
    entity: 'form_template' | 'email_template',
    id: number,
    name: string,
  ): Promise<void> {
    return this.p.audit.record(request, { action, entity, entityId: id, details: { name } });
  }
}
