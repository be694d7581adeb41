import { z } from 'zod';
import { ADMIN_ONLY, CLINICAL_ROLES, defineRoutes } from '../route';
import { emailField, longText, messageSchema, text } from './common';

/** Limits of the Need-help forms (CATALOG.md Need help: Contact-us and Feedback-form). */
export const HELP_SUBJECT_MAX = 200;
export const HELP_MESSAGE_MAX = 4000;
export const FEEDBACK_COMMENT_MAX = 4000;
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
/** Feedback entries per page of the Admin's list. */
export const FEEDBACK_PAGE_SIZE = 20;

/** What the contact form shows once the server has accepted the message. */
export const CONTACT_SENT_MESSAGE = 'Your message has been sent. We will reply by e-mail.';
/** What the feedback form shows once the feedback is stored. */
export const FEEDBACK_SAVED_MESSAGE = 'Thank you for your feedback.';

export const helpSubjectField = text({ error: 'Enter a subject.' })
  .trim()
  .min(1, 'Enter a subject.')
  .max(HELP_SUBJECT_MAX, `Use at most ${HELP_SUBJECT_MAX} characters.`);

export const helpMessageField = longText({ error: 'Enter your message.' })
  .trim()
  .min(1, 'Enter your message.')
  .max(HELP_MESSAGE_MAX, `Use at most ${HELP_MESSAGE_MAX} characters.`);

const RATING_MESSAGE = `Choose a rating from ${FEEDBACK_RATING_MIN} to ${FEEDBACK_RATING_MAX}.`;
export const feedbackRatingField = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(FEEDBACK_RATING_MIN, RATING_MESSAGE)
  .max(FEEDBACK_RATING_MAX, RATING_MESSAGE);

export const feedbackCommentField = longText({ error: 'Write your comment as text.' })
  .trim()
  .max(FEEDBACK_COMMENT_MAX, `Use at most ${FEEDBACK_COMMENT_MAX} characters.`);

/** POST /api/help/contact: a message to the practice's support address; replies go to `replyTo`. */
export const helpContactBodySchema = z.strictObject({
  subject: helpSubjectField,
  message: helpMessageField,
  replyTo: emailField,
});
export type HelpContactBody = z.input<typeof helpContactBodySchema>;

export const feedbackBodySchema = z.strictObject({
  rating: feedbackRatingField,
  comment: feedbackCommentField.optional(),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const feedbackSchema = z.object({
  id: z.number(),
  rating: z.number().int(),
  comment: z.string(),
  /** Who gave it; null when that member's account was removed. */
  author: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'Use a page number.' })
    .int('Use a whole page number.')
    .min(1, 'Pages start at 1.')
    .max(100_000, 'That page is too far.')
    .optional(),
});

export const feedbackListSchema = z.object({
  /** Newest first. */
  items: z.array(feedbackSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The mean rating of all the practice's feedback, one decimal; null when there is none. */
  averageRating: z.number().nullable(),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/** The Need-help calls (SPEC.md §6: every Need-help page is for Admin and Therapist; the feedback list for Admin). */
export const helpRoutes = defineRoutes({
  helpContact: {
    method: 'POST',
    path: '/api/help/contact',
    summary: "Send a message to the practice's support address by e-mail",
    access: CLINICAL_ROLES,
    errors: [503],
    body: helpContactBodySchema,
    response: messageSchema,
  },
  helpFeedback: {
    method: 'POST',
    path: '/api/help/feedback',
    summary: 'Give feedback about Halcyon: a rating from 1 to 5 and an optional comment',
    access: CLINICAL_ROLES,
    body: feedbackBodySchema,
    response: feedbackSchema,
  },
  helpFeedbackList: {
    method: 'GET',
    path: '/api/help/feedback',
    summary: "The practice's feedback, newest first (Admin only)",
    access: ADMIN_ONLY,
    query: feedbackListQuerySchema,
    response: feedbackListSchema,
  },
});
