import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import { idParam, longText, messageSchema, optionalTextOf, requiredTextOf, text, versionField } from './common';

/**
 * The template library (Settings > Template-library; issue 16 item 5): the practice's form templates (intake, consent,
 * measure, feedback), each a form definition built in the form builder, grouped by category and usage context (SPEC.md
 * §5), and its e-mail templates, one per usage context, with merge fields ({{client.firstName}}) checked against a known
 * list. Built-in defaults (below) answer for every usage context the practice has not written its own template for: they
 * are read-only, and a template of the practice's own for the same usage context takes their place.
 *
 * Roles (SPEC.md §6, "All Settings pages"): Admins and Therapists read and write templates; Assistants are refused.
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

export const FORM_CATEGORIES = ['intake', 'consent', 'measure', 'feedback'] as const;
export type FormCategory = (typeof FORM_CATEGORIES)[number];
export const FORM_CATEGORY_LABELS: Readonly<Record<FormCategory, string>> = {
  intake: 'Intake',
  consent: 'Consent',
  measure: 'Measure',
  feedback: 'Feedback',
};

/** When in a client's journey a form is used. */
export const FORM_USAGE_CONTEXTS = [
  'onboarding',
  'before-first-session',
  'before-session',
  'after-session',
  'review',
  'discharge',
] as const;
export type FormUsageContext = (typeof FORM_USAGE_CONTEXTS)[number];
export const FORM_USAGE_CONTEXT_LABELS: Readonly<Record<FormUsageContext, string>> = {
  onboarding: 'Onboarding',
  'before-first-session': 'Before the first session',
  'before-session': 'Before each session',
  'after-session': 'After a session',
  review: 'Progress review',
  discharge: 'End of therapy',
};

export const FORM_FIELD_TYPES = ['text', 'longText', 'choice', 'multipleChoice', 'scale', 'date', 'signature'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FORM_FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  text: 'Short text',
  longText: 'Long text',
  choice: 'Choice (one answer)',
  multipleChoice: 'Multiple choice',
  scale: 'Scale',
  date: 'Date',
  signature: 'Signature',
};

/** The e-mails Halcyon sends to clients, each written from the practice's template for its usage context. */
export const EMAIL_USAGE_CONTEXTS = [
  'portal-invitation',
  'session-reminder',
  'measure-link',
  'form-link',
  'invoice',
  'payment-reminder',
] as const;
export type EmailUsageContext = (typeof EMAIL_USAGE_CONTEXTS)[number];
export const EMAIL_USAGE_CONTEXT_LABELS: Readonly<Record<EmailUsageContext, string>> = {
  'portal-invitation': 'Portal invitation',
  'session-reminder': 'Session reminder',
  'measure-link': 'Measure link',
  'form-link': 'Form link',
  invoice: 'Invoice',
  'payment-reminder': 'Payment reminder',
};

export const TEMPLATE_TEXT_MAX = {
  name: 120,
  description: 500,
  sectionTitle: 120,
  sectionDescription: 500,
  label: 200,
  helpText: 300,
  option: 120,
  scaleLabel: 60,
  subject: 200,
  body: 5000,
} as const;
export const TEMPLATE_LIMITS = {
  sections: 20,
  fieldsPerSection: 40,
  options: 20,
  /** Templates of one practice: the library is read in one call, so it stays small. */
  formTemplates: 200,
  scaleMin: 0,
  scaleMax: 10,
} as const;

/** What the server answers and the modals and page say (the deletion sentence is SPEC.md §8's, word for word). */
export const TEMPLATE_MESSAGES = {
  notFound: 'Template not found.',
  changed:
    'This template was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  formCreated: 'Form template created.',
  formUpdated: 'Form template updated.',
  emailCreated: 'E-mail template created.',
  emailUpdated: 'E-mail template updated.',
  deleted: 'Template successfully deleted.',
  full: `Your library holds ${TEMPLATE_LIMITS.formTemplates} form templates, the most it can: delete one you no longer use first.`,
  emailExists: (context: EmailUsageContext) =>
    `You already have a ${EMAIL_USAGE_CONTEXT_LABELS[context].toLowerCase()} template: edit that one instead.`,
  noSections: 'Add at least one section to the form.',
  noFields: 'Add at least one question to this section.',
  tooFewOptions: 'Give at least two answers to choose from.',
  duplicateOption: 'Each answer must be different.',
  scaleOrder: 'The lowest value must be below the highest.',
  unknownMergeField: (name: string) =>
    `There is no merge field {{${name}}}: check its spelling, or pick one from the list of merge fields.`,
  unavailableMergeField: (name: string, context: EmailUsageContext) =>
    `{{${name}}} has no value in a ${EMAIL_USAGE_CONTEXT_LABELS[context].toLowerCase()} e-mail: pick one from the list of merge fields.`,
  unclosedMergeField: 'A merge field is not closed: write it as {{client.firstName}}.',
} as const;

// ---- the form definition (one schema for the builder, the fillable form and the server) -----------------------------

const labelOf = (max: number, missing: string) => requiredTextOf(max, missing);

/** A field or section key: letters, digits and dashes, unique within the form (answers are stored by it). */
const keyField = text({ error: 'The question has no key.' })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/i, 'The question has no valid key.')
  .max(40);

export const formFieldSchema = z
  .strictObject({
    key: keyField,
    type: z.enum(FORM_FIELD_TYPES, { error: 'Choose the kind of question.' }),
    label: labelOf(TEMPLATE_TEXT_MAX.label, 'Write the question.'),
    helpText: optionalTextOf(TEMPLATE_TEXT_MAX.helpText),
    required: z.boolean().default(false),
    /** The answers of a choice or multiple-choice question. */
    options: z
      .array(requiredTextOf(TEMPLATE_TEXT_MAX.option, 'Write the answer, or remove it.'))
      .max(TEMPLATE_LIMITS.options, `Use at most ${TEMPLATE_LIMITS.options} answers.`)
      .default([]),
    /** A scale question's range and the words at each end. */
    scale: z
      .strictObject({
        min: z.number().int().min(TEMPLATE_LIMITS.scaleMin).max(TEMPLATE_LIMITS.scaleMax),
        max: z.number().int().min(TEMPLATE_LIMITS.scaleMin).max(TEMPLATE_LIMITS.scaleMax),
        minLabel: optionalTextOf(TEMPLATE_TEXT_MAX.scaleLabel),
        maxLabel: optionalTextOf(TEMPLATE_TEXT_MAX.scaleLabel),
      })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((field, ctx) => {
    if (field.type === 'choice' || field.type === 'multipleChoice') {
      if (field.options.length < 2)
        ctx.addIssue({ code: 'custom', path: ['options'], message: TEMPLATE_MESSAGES.tooFewOptions });
      const seen = new Set<string>();
      field.options.forEach((option, index) => {
        const key = option.trim().toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: ['options', index], message: TEMPLATE_MESSAGES.duplicateOption });
        }
        seen.add(key);
      });
    }
    if (field.type === 'scale' && field.scale && field.scale.min >= field.scale.max) {
      ctx.addIssue({ code: 'custom', path: ['scale', 'max'], message: TEMPLATE_MESSAGES.scaleOrder });
    }
  });
export type FormField = z.output<typeof formFieldSchema>;

export const formSectionSchema = z.strictObject({
  key: keyField,
  title: labelOf(TEMPLATE_TEXT_MAX.sectionTitle, 'Give the section a title.'),
  description: optionalTextOf(TEMPLATE_TEXT_MAX.sectionDescription),
  fields: z
    .array(formFieldSchema)
    .min(1, TEMPLATE_MESSAGES.noFields)
    .max(TEMPLATE_LIMITS.fieldsPerSection, `Use at most ${TEMPLATE_LIMITS.fieldsPerSection} questions in a section.`),
});
export type FormSection = z.output<typeof formSectionSchema>;

/** The form a template holds: its sections, each with its questions, in order. Keys are unique across the form. */
export const formDefinitionSchema = z
  .strictObject({
    sections: z
      .array(formSectionSchema)
      .min(1, TEMPLATE_MESSAGES.noSections)
      .max(TEMPLATE_LIMITS.sections, `Use at most ${TEMPLATE_LIMITS.sections} sections.`),
  })
  .superRefine((definition, ctx) => {
    const keys = new Set<string>();
    definition.sections.forEach((section, s) =>
      section.fields.forEach((field, f) => {
        if (keys.has(field.key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['sections', s, 'fields', f, 'key'],
            message: 'Two questions share a key: each needs its own.',
          });
        }
        keys.add(field.key);
      }),
    );
  });
export type FormDefinition = z.output<typeof formDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;

/** The scale's range when a scale question does not say (0 to 10). */
export const DEFAULT_SCALE = { min: 0, max: 10, minLabel: '', maxLabel: '' } as const;

/** An answer to one question: text, a choice, choices, a scale value, a date or a typed signature. */
export type FormAnswer = string | number | string[] | null;
export type FormAnswers = Readonly<Record<string, FormAnswer>>;

const ANSWER_REQUIRED = 'Answer this question.';

/** The answer schema of one question, as the client fills it. */
function answerSchemaOf(field: FormField): z.ZodType<FormAnswer> {
  const optional = <T extends z.ZodType<FormAnswer>>(schema: T) =>
    field.required ? schema : z.union([schema, z.null(), z.literal('')]).transform((value) => value || null);
  switch (field.type) {
    case 'choice':
      return optional(z.enum(field.options as [string, ...string[]], { error: 'Choose one of the answers.' }));
    case 'multipleChoice': {
      const many = z.array(z.enum(field.options as [string, ...string[]], { error: 'Choose from the answers.' }));
      return field.required ? many.min(1, 'Choose at least one answer.') : many.nullish().transform((v) => v ?? []);
    }
    case 'scale': {
      const { min, max } = field.scale ?? DEFAULT_SCALE;
      return optional(
        z.number({ error: 'Choose a value on the scale.' }).int().min(min, 'Choose a value on the scale.').max(max),
      );
    }
    case 'date':
      return optional(
        z
          .string({ error: 'Enter a date.' })
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date.')
          .refine((value) => value >= '1900-01-01' && value <= '2100-12-31', 'Enter a date between 1900 and 2100.'),
      );
    case 'signature':
      return optional(requiredTextOf(TEMPLATE_TEXT_MAX.label, 'Type your full name to sign.'));
    case 'longText':
      return optional(requiredTextOf(5000, ANSWER_REQUIRED));
    default:
      return optional(requiredTextOf(500, ANSWER_REQUIRED));
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A form template as the skeleton of a session note (session-note's "a form template"): each section a heading, each
 * question in bold with an empty line to write under it, and the answers a choice or scale offers after it.
 */
export function formAsNoteHtml(definition: FormDefinition): string {
  return definition.sections
    .map((section) => {
      const questions = section.fields.map((field) => {
        const offers =
          (field.type === 'choice' || field.type === 'multipleChoice') && field.options.length > 0
            ? ` (${field.options.join(' / ')})`
            : field.type === 'scale' && field.scale
              ? ` (${field.scale.min} to ${field.scale.max})`
              : '';
        return `<p><strong>${escapeHtml(field.label)}</strong>${escapeHtml(offers)}</p><p></p>`;
      });
      return `<h3>${escapeHtml(section.title)}</h3>${questions.join('')}`;
    })
    .join('');
}

/** The answers a form's definition accepts: one key per question, each checked as its type says. */
export function formAnswersSchemaFor(definition: FormDefinition) {
  const shape: Record<string, z.ZodType<FormAnswer>> = {};
  for (const section of definition.sections) {
    for (const field of section.fields) shape[field.key] = answerSchemaOf(field);
  }
  return z.strictObject(shape);
}

// ---- e-mail merge fields ------------------------------------------------------------------------------------------------

/** Every merge field an e-mail template may use, with what it holds and the sample value of the preview. */
export const MERGE_FIELDS = {
  'client.firstName': { label: "The client's first name", sample: 'Sam' },
  'client.lastName': { label: "The client's last name", sample: 'Rivera' },
  'client.fullName': { label: "The client's full name", sample: 'Sam Rivera' },
  'practice.name': { label: "The practice's name", sample: 'Northside Therapy' },
  'therapist.name': { label: "The therapist's name", sample: 'Dr Maya Patel' },
  'session.start': { label: 'When the session starts', sample: 'Tuesday 3 March at 14:00' },
  'session.location': { label: 'Where the session is', sample: '12 Harbour Street, Room 2' },
  'measure.title': { label: "The measure's name", sample: 'PHQ-9 (depression)' },
  'form.title': { label: "The form's name", sample: 'Intake questionnaire' },
  'invoice.number': { label: "The invoice's number", sample: 'INV-0042' },
  'invoice.amount': { label: 'The amount due', sample: '£60.00' },
  'invoice.dueDate': { label: 'When the invoice is due', sample: '17 March 2026' },
  'link.url': { label: 'The link the e-mail sends', sample: 'https://app.halcyon.example/link' },
  'link.expiresInDays': { label: 'For how many days the link works', sample: '7' },
} as const satisfies Record<string, { label: string; sample: string }>;
export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];

const CLIENT_FIELDS = [
  'client.firstName',
  'client.lastName',
  'client.fullName',
  'practice.name',
  'therapist.name',
] as const;
const LINK_FIELDS = ['link.url', 'link.expiresInDays'] as const;

/** The merge fields each e-mail has values for when Halcyon sends it. */
export const MERGE_FIELDS_BY_CONTEXT: Readonly<Record<EmailUsageContext, readonly MergeField[]>> = {
  'portal-invitation': [...CLIENT_FIELDS, ...LINK_FIELDS],
  'session-reminder': [...CLIENT_FIELDS, 'session.start', 'session.location'],
  'measure-link': [...CLIENT_FIELDS, 'measure.title', ...LINK_FIELDS],
  'form-link': [...CLIENT_FIELDS, 'form.title', ...LINK_FIELDS],
  invoice: [...CLIENT_FIELDS, 'invoice.number', 'invoice.amount', 'invoice.dueDate'],
  'payment-reminder': [...CLIENT_FIELDS, 'invoice.number', 'invoice.amount', 'invoice.dueDate', 'link.url'],
};

const MERGE_TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const isMergeField = (name: string): name is MergeField => Object.hasOwn(MERGE_FIELDS, name);

/** The problems of a template's text: unknown merge fields, fields without a value in this e-mail, unclosed braces. */
export function mergeFieldProblems(value: string, context: EmailUsageContext): string[] {
  const problems: string[] = [];
  for (const match of value.matchAll(MERGE_TOKEN)) {
    const name = match[1] ?? '';
    if (!isMergeField(name)) problems.push(TEMPLATE_MESSAGES.unknownMergeField(name));
    else if (!MERGE_FIELDS_BY_CONTEXT[context].includes(name)) {
      problems.push(TEMPLATE_MESSAGES.unavailableMergeField(name, context));
    }
  }
  const rest = value.replace(MERGE_TOKEN, '');
  if (rest.includes('{{') || rest.includes('}}')) problems.push(TEMPLATE_MESSAGES.unclosedMergeField);
  return [...new Set(problems)];
}

/** The text with each merge field replaced by its value ('' when the e-mail has none). */
export function renderMergeFields(value: string, values: Readonly<Partial<Record<MergeField, string>>>): string {
  return value.replace(MERGE_TOKEN, (_, name: string) => (isMergeField(name) ? (values[name] ?? '') : ''));
}

/** The preview's values: every merge field's sample. */
export const MERGE_FIELD_SAMPLES: Readonly<Record<MergeField, string>> = Object.fromEntries(
  MERGE_FIELD_NAMES.map((name) => [name, MERGE_FIELDS[name].sample]),
) as Record<MergeField, string>;

// ---- built-in defaults ----------------------------------------------------------------------------------------------------

/** Halcyon's e-mail for each usage context, used until the practice writes its own. Paragraphs are split by blank lines. */
export const BUILT_IN_EMAIL_TEMPLATES: Readonly<Record<EmailUsageContext, { subject: string; body: string }>> = {
  'portal-invitation': {
    subject: '{{practice.name}} has invited you to your client portal',
    body: 'Hello {{client.firstName}},\n\n{{practice.name}} has invited you to its client portal: forms to fill in, documents and secure messages come to you there by e-mail link, and you can reply to its messages.\n\nThe link works for {{link.expiresInDays}} days.',
  },
  'session-reminder': {
    subject: 'Reminder: your session with {{practice.name}}',
    body: 'Hello {{client.firstName}},\n\nThis is a reminder of your session with {{therapist.name}} on {{session.start}}.\n\nWhere: {{session.location}}',
  },
  'measure-link': {
    subject: '{{practice.name}} has sent you a short questionnaire',
    body: 'Hello {{client.firstName}},\n\n{{practice.name}} has asked you to fill in a short questionnaire: {{measure.title}}. It takes a few minutes, and your answers go straight to your therapist.',
  },
  'form-link': {
    subject: '{{practice.name}} has sent you a form to fill in',
    body: 'Hello {{client.firstName}},\n\n{{practice.name}} has asked you to fill in a form: {{form.title}}. Your answers go straight to your therapist and are kept with your records.',
  },
  invoice: {
    subject: 'Invoice {{invoice.number}} from {{practice.name}}',
    body: 'Hello {{client.firstName}},\n\nPlease find attached invoice {{invoice.number}} for {{invoice.amount}}, due on {{invoice.dueDate}}.',
  },
  'payment-reminder': {
    subject: 'Reminder: invoice {{invoice.number}} from {{practice.name}}',
    body: 'Hello {{client.firstName}},\n\nThis is a friendly reminder that invoice {{invoice.number}} for {{invoice.amount}} was due on {{invoice.dueDate}}.',
  },
};

interface BuiltInForm {
  name: string;
  description: string;
  templateCategory: FormCategory;
  definition: FormDefinitionInput;
}

const CONSENT_SIGNATURE = {
  key: 'signature',
  type: 'signature',
  label: 'Signature',
  helpText: 'Type your full name to sign.',
  required: true,
} as const;

/** Halcyon's form for each usage context, used until the practice adds its own for it. */
export const BUILT_IN_FORM_TEMPLATES: Readonly<Record<FormUsageContext, BuiltInForm>> = {
  onboarding: {
    name: 'Consent to therapy',
    description: 'The therapy agreement and how your information is kept.',
    templateCategory: 'consent',
    definition: {
      sections: [
        {
          key: 'agreement',
          title: 'Agreement',
          fields: [
            {
              key: 'confidentiality',
              type: 'choice',
              label: 'I understand the limits of confidentiality explained to me.',
              required: true,
              options: ['Yes', 'I would like to talk about it first'],
            },
            {
              key: 'contact',
              type: 'multipleChoice',
              label: 'You may contact me by',
              options: ['E-mail', 'Phone', 'Text message'],
            },
            CONSENT_SIGNATURE,
            { key: 'signed-on', type: 'date', label: 'Date', required: true },
          ],
        },
      ],
    },
  },
  'before-first-session': {
    name: 'Intake questionnaire',
    description: 'About you and what brings you to therapy.',
    templateCategory: 'intake',
    definition: {
      sections: [
        {
          key: 'about-you',
          title: 'About you',
          fields: [
            { key: 'preferred-name', type: 'text', label: 'What would you like to be called?' },
            { key: 'date-of-birth', type: 'date', label: 'Date of birth', required: true },
            { key: 'gp', type: 'text', label: 'Your GP and their practice' },
          ],
        },
        {
          key: 'reasons',
          title: 'What brings you here',
          fields: [
            {
              key: 'reason',
              type: 'longText',
              label: 'What would you like help with?',
              helpText: 'As much or as little as you like.',
              required: true,
            },
            {
              key: 'previous-therapy',
              type: 'choice',
              label: 'Have you had therapy before?',
              options: ['Yes', 'No'],
            },
          ],
        },
      ],
    },
  },
  'before-session': {
    name: 'Pre-session check-in',
    description: 'How the week has been, before we meet.',
    templateCategory: 'measure',
    definition: {
      sections: [
        {
          key: 'check-in',
          title: 'This week',
          fields: [
            {
              key: 'wellbeing',
              type: 'scale',
              label: 'How have you been this week?',
              required: true,
              scale: { min: 0, max: 10, minLabel: 'Very low', maxLabel: 'Very well' },
            },
            { key: 'bring', type: 'longText', label: 'Anything you would like to bring to the session?' },
          ],
        },
      ],
    },
  },
  'after-session': {
    name: 'Session feedback',
    description: 'How the session felt for you.',
    templateCategory: 'feedback',
    definition: {
      sections: [
        {
          key: 'session',
          title: 'The session',
          fields: [
            {
              key: 'heard',
              type: 'scale',
              label: 'I felt heard and understood.',
              required: true,
              scale: { min: 0, max: 10, minLabel: 'Not at all', maxLabel: 'Completely' },
            },
            { key: 'comments', type: 'longText', label: 'Anything you would change?' },
          ],
        },
      ],
    },
  },
  review: {
    name: 'Progress review',
    description: 'Looking back at the goals we set.',
    templateCategory: 'measure',
    definition: {
      sections: [
        {
          key: 'progress',
          title: 'Progress',
          fields: [
            {
              key: 'goals',
              type: 'scale',
              label: 'How close are you to the goals we set?',
              required: true,
              scale: { min: 0, max: 10, minLabel: 'No closer', maxLabel: 'There' },
            },
            { key: 'next', type: 'longText', label: 'What would you like to work on next?' },
          ],
        },
      ],
    },
  },
  discharge: {
    name: 'End of therapy feedback',
    description: 'Your view of therapy as it ends.',
    templateCategory: 'feedback',
    definition: {
      sections: [
        {
          key: 'ending',
          title: 'Looking back',
          fields: [
            {
              key: 'helped',
              type: 'choice',
              label: 'Overall, therapy has helped me.',
              required: true,
              options: ['Strongly agree', 'Agree', 'Not sure', 'Disagree', 'Strongly disagree'],
            },
            { key: 'words', type: 'longText', label: 'Anything you would like to tell us?' },
          ],
        },
      ],
    },
  },
};

// ---- records --------------------------------------------------------------------------------------------------------------

/** A form definition as stored and answered (checked on the way in by formDefinitionSchema; no defaults here). */
export const storedFormDefinitionSchema = z.object({
  sections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      fields: z.array(
        z.object({
          key: z.string(),
          type: z.enum(FORM_FIELD_TYPES),
          label: z.string(),
          helpText: z.string(),
          required: z.boolean(),
          options: z.array(z.string()),
          scale: z.object({ min: z.number(), max: z.number(), minLabel: z.string(), maxLabel: z.string() }).nullable(),
        }),
      ),
    }),
  ),
}) satisfies z.ZodType<FormDefinition>;

const formTemplateFields = {
  name: z.string(),
  description: z.string(),
  templateCategory: z.enum(FORM_CATEGORIES),
  usageContext: z.enum(FORM_USAGE_CONTEXTS),
  definition: storedFormDefinitionSchema,
};

/**
 * A form template: the practice's own (`id`, `version`), or a built-in default (`id` null, `builtIn` true; read-only),
 * which answers for its usage context until the practice has one of its own there (`overridden`).
 */
export const formTemplateSchema = z.object({
  id: z.number().nullable(),
  builtIn: z.boolean(),
  overridden: z.boolean(),
  ...formTemplateFields,
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

export const formTemplateListSchema = z.object({ items: z.array(formTemplateSchema) });
export type FormTemplateList = z.infer<typeof formTemplateListSchema>;

/** An e-mail template: the practice's own for its usage context (`id`), or the built-in default (`id` null). */
export const emailTemplateSchema = z.object({
  id: z.number().nullable(),
  builtIn: z.boolean(),
  usageContext: z.enum(EMAIL_USAGE_CONTEXTS),
  subject: z.string(),
  body: z.string(),
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema) });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

// ---- writes -----------------------------------------------------------------------------------------------------------------

const formTemplateBody = {
  name: requiredTextOf(TEMPLATE_TEXT_MAX.name, 'Give the template a name.'),
  description: optionalTextOf(TEMPLATE_TEXT_MAX.description),
  templateCategory: z.enum(FORM_CATEGORIES, { error: 'Choose intake, consent, measure or feedback.' }),
  usageContext: z.enum(FORM_USAGE_CONTEXTS, { error: 'Choose when the form is used.' }),
  definition: formDefinitionSchema,
};

/** POST /api/settings/forms (set-form-template). */
export const createFormTemplateBodySchema = z.strictObject(formTemplateBody);
export type CreateFormTemplateBody = z.input<typeof createFormTemplateBodySchema>;

/** PUT /api/settings/forms/:id: every field, with the version it was opened at. */
export const updateFormTemplateBodySchema = z.strictObject({
  ...formTemplateBody,
  version: versionField('Reload the template and try again.'),
});
export type UpdateFormTemplateBody = z.input<typeof updateFormTemplateBodySchema>;

const emailText = (max: number, missing: string) =>
  longText({ error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);

/** The subject and body, each checked for merge fields this usage context has values for. */
function checkMergeFields(
  body: { usageContext: EmailUsageContext; subject: string; body: string },
  ctx: z.RefinementCtx,
): void {
  for (const key of ['subject', 'body'] as const) {
    for (const message of mergeFieldProblems(body[key], body.usageContext)) {
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  }
}

const emailTemplateBody = {
  usageContext: z.enum(EMAIL_USAGE_CONTEXTS, { error: 'Choose which e-mail this template writes.' }),
  subject: emailText(TEMPLATE_TEXT_MAX.subject, 'Write the subject.').regex(
    /^[^\n\r]*$/,
    'Keep the subject on one line.',
  ),
  body: emailText(TEMPLATE_TEXT_MAX.body, 'Write the e-mail.'),
};

/** POST /api/settings/emails (set-email-template): the practice's own e-mail for a usage context (one each). */
export const createEmailTemplateBodySchema = z.strictObject(emailTemplateBody).superRefine(checkMergeFields);
export type CreateEmailTemplateBody = z.input<typeof createEmailTemplateBodySchema>;

export const updateEmailTemplateBodySchema = z
  .strictObject({ ...emailTemplateBody, version: versionField('Reload the template and try again.') })
  .superRefine(checkMergeFields);
export type UpdateEmailTemplateBody = z.input<typeof updateEmailTemplateBodySchema>;

// ---- routes -------------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
/** Path values are trimmed before they are read (SPEC.md §5: grouped by category and usage context, trimmed). */
const trimmed = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema);

export const templatesRoutes = defineRoutes({
  listFormTemplates: {
    method: 'GET',
    path: '/api/settings/template-library/forms',
    summary:
      "The practice's form templates (by name) and the built-in default of each usage context; grouped by category and usage context",
    access: CLINICAL_ROLES,
    response: formTemplateListSchema,
  },
  getFormTemplate: {
    method: 'GET',
    path: '/api/settings/forms/single-template/:id',
    summary: "One of the practice's form templates",
    access: CLINICAL_ROLES,
    params: idParams,
    response: formTemplateSchema,
  },
  listFormTemplatesByCategory: {
    method: 'GET',
    path: '/api/settings/forms/category/:category',
    summary: "The practice's form templates of a category, and the built-in defaults of it",
    access: CLINICAL_ROLES,
    params: z.strictObject({
      category: trimmed(z.enum(FORM_CATEGORIES, { error: 'Choose intake, consent, measure or feedback.' })),
    }),
    response: formTemplateListSchema,
  },
  listFormTemplatesByUsageContext: {
    method: 'GET',
    path: '/api/settings/forms/usage-context/:context',
    summary: "The practice's form templates for a usage context, or the built-in default when it has none",
    access: CLINICAL_ROLES,
    params: z.strictObject({
      context: trimmed(z.enum(FORM_USAGE_CONTEXTS, { error: 'Choose a usage context of form templates.' })),
    }),
    response: formTemplateListSchema,
  },
  createFormTemplate: {
    method: 'POST',
    path: '/api/settings/forms',
    summary: 'Add a form template to the library',
    access: CLINICAL_ROLES,
    body: createFormTemplateBodySchema,
    response: formTemplateSchema,
    errors: [409],
  },
  updateFormTemplate: {
    method: 'PUT',
    path: '/api/settings/forms/:id',
    summary: 'Change a form template (409 when it changed since it was opened)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateFormTemplateBodySchema,
    response: formTemplateSchema,
  },
  deleteFormTemplate: {
    method: 'DELETE',
    path: '/api/settings/forms/:id',
    summary: 'Delete a form template (the built-in default answers for its usage context again when it was the last)',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  listEmailTemplates: {
    method: 'GET',
    path: '/api/settings/template-library/emails',
    summary: "The e-mail of every usage context: the practice's own template or the built-in default",
    access: CLINICAL_ROLES,
    response: emailTemplateListSchema,
  },
  getEmailTemplate: {
    method: 'GET',
    path: '/api/settings/emails/single-template/:id',
    summary: "One of the practice's e-mail templates",
    access: CLINICAL_ROLES,
    params: idParams,
    response: emailTemplateSchema,
  },
  getEmailTemplateFor: {
    method: 'GET',
    path: '/api/settings/emails/:usageContext',
    summary: "The e-mail a usage context sends: the practice's template, or the built-in default",
    access: CLINICAL_ROLES,
    params: z.strictObject({
      usageContext: trimmed(z.enum(EMAIL_USAGE_CONTEXTS, { error: 'Choose a usage context of e-mail templates.' })),
    }),
    response: emailTemplateSchema,
  },
  createEmailTemplate: {
    method: 'POST',
    path: '/api/settings/emails',
    summary: "Write the practice's own e-mail for a usage context (in place of the built-in default)",
    access: CLINICAL_ROLES,
    body: createEmailTemplateBodySchema,
    response: emailTemplateSchema,
    // The practice already has one for that usage context.
    errors: [409],
  },
  updateEmailTemplate: {
    method: 'PUT',
    // At the template's own path: `emails/:id` would be the same path as `emails/:usageContext` (SPEC.md §7's read).
    path: '/api/settings/emails/single-template/:id',
    summary: 'Change an e-mail template (409 when it changed since it was opened)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateEmailTemplateBodySchema,
    response: emailTemplateSchema,
    errors: [409],
  },
  deleteEmailTemplate: {
    method: 'DELETE',
    path: '/api/settings/emails/single-template/:id',
    summary: 'Delete an e-mail template: the built-in default writes that e-mail again',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
});
