import { z } from 'zod';
import { defineRoutes } from '../route';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;

export const healthRoutes = defineRoutes({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database check',
    access: 'public',
    errors: [503],
    response: healthSchema,
  },
});
