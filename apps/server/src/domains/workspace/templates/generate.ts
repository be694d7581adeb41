import { formDefinitionSchema, mergeFieldProblems, type FormDefinitionInput } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { emailTemplates, formTemplates } from './schema';

/** The practice's own forms, beside Halcyon's built-in ones (which answer for every other usage context). */
const FORMS: readonly {
  name: string;
  description: string;
  templateCategory: 'intake' | 'consent' | 'measure' | 'feedback';
  usageContext: 'onboarding' | 'before-first-session' | 'before-session' | 'after-session' | 'review' | 'discharge';
  definition: FormDefinitionInput;
}[] = [
  {
    name: 'Couples intake questionnaire',
    description: 'For both partners before the first joint session.',
    templateCategory: 'intake',
    usageContext: 'before-first-session',
    definition: {
      sections: [
        {
          key: 'relationship',
          title: 'Your relationship',
          fields: [
            { key: 'together-since', type: 'date', label: 'When did you get together?' },
            {
              key: 'living',
              type: 'choice',
              label: 'Do you live together?',
              required: true,
              options: ['Yes', 'No', 'Some of the time'],
            },
            {
              key: 'settled',
              type: 'scale',
              label: 'How settled does the relationship feel right now?',
              scale: { min: 0, max: 10, minLabel: 'Not at all', maxLabel: 'Completely' },
            },
          ],
        },
        {
          key: 'hopes',
          title: 'What you hope for',
          fields: [
            {
              key: 'brings-you',
              type: 'longText',
              label: 'What brings you to couples therapy now?',
              required: true,
              helpText: 'Each partner can answer in their own words.',
            },
            {
              key: 'areas',
              type: 'multipleChoice',
              label: 'Which areas would you like to work on?',
              options: ['Communication', 'Trust', 'Intimacy', 'Parenting', 'Family and in-laws', 'Money'],
            },
          ],
        },
      ],
    },
  },
  {
    name: 'Session feedback',
    description: 'Three short questions after a session.',
    templateCategory: 'feedback',
    usageContext: 'after-session',
    definition: {
      sections: [
        {
          key: 'feedback',
          title: 'How today went',
          fields: [
            {
              key: 'helpful',
              type: 'scale',
              label: 'How helpful was today’s session?',
              required: true,
              scale: { min: 1, max: 5, minLabel: 'Not helpful', maxLabel: 'Very helpful' },
            },
            { key: 'heard', type: 'choice', label: 'Did you feel heard?', options: ['Yes', 'Partly', 'No'] },
            { key: 'more-or-less', type: 'longText', label: 'Is there anything you would like more or less of?' },
          ],
        },
      ],
    },
  },
];

/** The practice's own session reminder, in its voice (merge fields checked as the server checks a saved template). */
const REMINDER = {
  usageContext: 'session-reminder',
  subject: 'See you soon, {{client.firstName}}',
  body:
    'Hello {{client.firstName}},\n\nA gentle reminder of your session with {{therapist.name}} on {{session.start}} ' +
    '({{session.location}}).\n\nIf you need to change it, reply to this e-mail or call us at least 24 hours before.\n\n' +
    '{{practice.name}}',
} as const;

/**
 * The template library of the demo and of every generated practice: two forms of its own and its own session reminder.
 * Draws nothing from a random sequence, so no other domain's rows shift.
 */
export async function generateTemplates(db: Db, practiceId: number, createdBy: number | null, base: number) {
  const createdAt = new Date(base - 60 * 86_400_000);
  await db.insert(formTemplates).values(
    FORMS.map((form) => ({
      practiceId,
      name: form.name,
      description: form.description,
      templateCategory: form.templateCategory,
      usageContext: form.usageContext,
      definition: formDefinitionSchema.parse(form.definition),
      createdBy,
      createdAt,
      updatedAt: createdAt,
    })),
  );
  const problems = [
    ...mergeFieldProblems(REMINDER.subject, REMINDER.usageContext),
    ...mergeFieldProblems(REMINDER.body, REMINDER.usageContext),
  ];
  if (problems.length > 0) throw new Error(`The generated reminder template: ${problems.join(' ')}`);
  await db.insert(emailTemplates).values({ practiceId, ...REMINDER, createdBy, createdAt, updatedAt: createdAt });
}
