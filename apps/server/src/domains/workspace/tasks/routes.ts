import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { TasksService } from './service';

/** The practice's tasks (/Task-manager, the task modal, the dashboard's "Mark done"); the services record the activity. */
export function tasksRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new TasksService(platform);
  registerRoutes(
    app,
    {
      listTasks: ({ query }, { request }) => service.list(requireAuth(request), query),
      getTask: ({ params }, { request }) => service.one(requireAuth(request), params.id),
      createTask: ({ body }, { request }) => service.create(request, requireAuth(request), body),
      updateTask: ({ params, body }, { request }) => service.update(request, requireAuth(request), params.id, body),
      moveTask: ({ params, body }, { request }) => service.move(request, requireAuth(request), params.id, body),
      deleteTask: ({ params }, { request }) => service.remove(request, requireAuth(request), params.id),
    },
    {},
    { ownActivity: true },
  );
}
