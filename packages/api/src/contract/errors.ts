import { z } from 'zod';

/** Every error response of the server: a sentence a person can read, plus per-field messages for bad input. */
export const errorResponseSchema = z.object({
  detail: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
