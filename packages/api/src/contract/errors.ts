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
