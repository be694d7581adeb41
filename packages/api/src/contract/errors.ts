import { z } from 'zod';

/** Every error response of the server: a sentence a person can read, plus per-field messages for bad input. */
export const errorResponseSchema = z
  .object({
    detail: z.string().describe('What went wrong and what to do, in words for the person using Halcyon.'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('For invalid input: each field (a dotted path) and what is wrong with it.'),
  })
  .describe('Every error the server answers: a sentence a person can act on, and per-field messages for bad input.');
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The header a write carries so that a retried request does nothing twice (payments, invoice sends). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** What the server answers about an Idempotency-Key. */
export const IDEMPOTENCY_MESSAGES = {
  missing: `Send an ${IDEMPOTENCY_KEY_HEADER} header with this request (any unique text, the same when it is retried).`,
  reused: `This ${IDEMPOTENCY_KEY_HEADER} was used for a different request: send a new key.`,
  invalid: `The ${IDEMPOTENCY_KEY_HEADER} header is 1 to 200 letters, digits, dashes or underscores.`,
} as const;
