import { ApiError } from '../../client/errors';
import {
  BUILT_IN_EMAIL_TEMPLATES,
  BUILT_IN_FORM_TEMPLATES,
  EMAIL_USAGE_CONTEXTS,
  FORM_USAGE_CONTEXTS,
  TEMPLATE_MESSAGES,
  createEmailTemplateBodySchema,
  createFormTemplateBodySchema,
  formDefinitionSchema,
  type EmailTemplate,
  type EmailUsageContext,
  type FormTemplate,
  type FormUsageContext,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

const STAMP = '2026-01-02T09:00:00.000Z';

/** A built-in form template as the server lists it. */
export function builtInForm(usageContext: FormUsageContext, overridden = false): FormTemplate {
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

export function builtInEmail(usageContext: EmailUsageContext): EmailTemplate {
  return {
    id: null,
    builtIn: true,
    usageContext,
    ...BUILT_IN_EMAIL_TEMPLATES[usageContext],
    version: 0,
    updatedAt: null,
  };
}

/** The mock practice's own templates: an adult intake form with every kind of question, and a session feedback form. */
export function formTemplateFixtures(): FormTemplate[] {
  return [
    {
      id: 601,
      builtIn: false,
      overridden: false,
      name: 'Adult intake',
      description: 'Sent before the first session.',
      templateCategory: 'intake',
      usageContext: 'before-first-session',
      definition: formDefinitionSchema.parse({
        sections: [
          {
            key: 'about',
            title: 'About you',
            description: 'So we can get to know you.',
            fields: [
              { key: 'name', type: 'text', label: 'Your full name', required: true },
              { key: 'dob', type: 'date', label: 'Date of birth', required: true },
              {
                key: 'reason',
                type: 'longText',
                label: 'What brings you to therapy?',
                helpText: 'As much or as little as you like.',
              },
            ],
          },
          {
            key: 'preferences',
            title: 'Preferences',
            fields: [
              { key: 'format', type: 'choice', label: 'How would you like to meet?', options: ['In person', 'Video'] },
              { key: 'contact', type: 'multipleChoice', label: 'Contact me by', options: ['E-mail', 'Phone', 'Text'] },
              {
                key: 'mood',
                type: 'scale',
                label: 'How are you feeling today?',
                required: true,
                scale: { min: 0, max: 10, minLabel: 'Very low', maxLabel: 'Very well' },
              },
              { key: 'sign', type: 'signature', label: 'Signature', helpText: 'Type your full name.', required: true },
            ],
          },
        ],
      }),
      version: 1,
      updatedAt: STAMP,
    },
    {
      id: 602,
      builtIn: false,
      overridden: false,
      name: 'Couples feedback',
      description: '',
      templateCategory: 'feedback',
      usageContext: 'after-session',
      definition: formDefinitionSchema.parse({
        sections: [
          {
            key: 'session',
            title: 'Today',
            fields: [{ key: 'useful', type: 'scale', label: 'How useful was today?', scale: { min: 1, max: 5 } }],
          },
        ],
      }),
      version: 1,
      updatedAt: STAMP,
    },
  ];
}

/** The mock practice's own session reminder (the other usage contexts answer with the built-in default). */
export function emailTemplateFixtures(): EmailTemplate[] {
  return [
    {
      id: 701,
      builtIn: false,
      usageContext: 'session-reminder',
      subject: 'See you on {{session.start}}',
      body: 'Hello {{client.firstName}},\n\nA reminder of your session with {{therapist.name}} on {{session.start}}.\n\nWarm wishes,\n{{practice.name}}',
      version: 1,
      updatedAt: STAMP,
    },
  ];
}

export interface TemplateOptions {
  forms?: FormTemplate[];
  emails?: EmailTemplate[];
}

/**
 * Stateful mock answers for the template library: the practice's templates with the built-in defaults, as the server
 * lists them; added, changed with their version (a stale one answers 409) and deleted with SPEC.md's message.
 */
export function templateHandlers(options: TemplateOptions = {}): MockHandlers {
  const forms = (options.forms ?? formTemplateFixtures()).map((t) => structuredClone(t));
  const emails = (options.emails ?? emailTemplateFixtures()).map((t) => structuredClone(t));
  let nextId = 900;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const library = (): FormTemplate[] => {
    const own = [...forms].sort((a, b) => a.name.localeCompare(b.name));
    const contexts = new Set(own.map((t) => t.usageContext));
    return [...own, ...FORM_USAGE_CONTEXTS.map((context) => builtInForm(context, contexts.has(context)))];
  };
  const emailFor = (context: EmailUsageContext) =>
    emails.find((t) => t.usageContext === context) ?? builtInEmail(context);
  const findForm = (id: unknown) => forms.find((t) => t.id === Number(id)) ?? fail(404, TEMPLATE_MESSAGES.notFound);
  const findEmail = (id: unknown) => emails.find((t) => t.id === Number(id)) ?? fail(404, TEMPLATE_MESSAGES.notFound);

  return {
    listFormTemplates: () => ({ items: library() }),
    getFormTemplate: ({ params }) => forms.find((t) => t.id === Number(params.id)) ?? null,
    listFormTemplatesByCategory: ({ params }) => ({
      items: library().filter((t) => t.templateCategory === String(params.category).trim()),
    }),
    listFormTemplatesByUsageContext: ({ params }) => {
      const context = String(params.context).trim() as FormUsageContext;
      const own = forms.filter((t) => t.usageContext === context);
      return { items: own.length > 0 ? own : [builtInForm(context)] };
    },
    createFormTemplate: ({ body }) => {
      const created: FormTemplate = {
        id: (nextId += 1),
        builtIn: false,
        overridden: false,
        ...createFormTemplateBodySchema.parse(body),
        version: 1,
        updatedAt: STAMP,
      };
      forms.push(created);
      return created;
    },
    updateFormTemplate: ({ params, body }) => {
      const found = findForm(params.id);
      if (found.version !== body.version) fail(409, TEMPLATE_MESSAGES.changed);
      const { version: _version, ...fields } = body;
      return Object.assign(found, createFormTemplateBodySchema.parse(fields), { version: found.version + 1 });
    },
    deleteFormTemplate: ({ params }) => {
      forms.splice(forms.indexOf(findForm(params.id)), 1);
      return { detail: TEMPLATE_MESSAGES.deleted };
    },
    listEmailTemplates: () => ({ items: EMAIL_USAGE_CONTEXTS.map(emailFor) }),
    getEmailTemplate: ({ params }) => emails.find((t) => t.id === Number(params.id)) ?? null,
    getEmailTemplateFor: ({ params }) => emailFor(String(params.usageContext).trim() as EmailUsageContext),
    createEmailTemplate: ({ body }) => {
      const parsed = createEmailTemplateBodySchema.parse(body);
      if (emails.some((t) => t.usageContext === parsed.usageContext)) {
        fail(409, TEMPLATE_MESSAGES.emailExists(parsed.usageContext));
      }
      const created: EmailTemplate = { id: (nextId += 1), builtIn: false, ...parsed, version: 1, updatedAt: STAMP };
      emails.push(created);
      return created;
    },
    updateEmailTemplate: ({ params, body }) => {
      const found = findEmail(params.id);
      if (found.version !== body.version) fail(409, TEMPLATE_MESSAGES.changed);
      const { version: _version, ...fields } = body;
      return Object.assign(found, createEmailTemplateBodySchema.parse(fields), { version: found.version + 1 });
    },
    deleteEmailTemplate: ({ params }) => {
      emails.splice(emails.indexOf(findEmail(params.id)), 1);
      return { detail: TEMPLATE_MESSAGES.deleted };
    },
  };
}
