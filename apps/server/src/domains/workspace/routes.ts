import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { learningRoutes } from './learning';
import { storageRoutes } from './storage';
import { messagesRoutes } from './messages';
import { tasksRoutes } from './tasks';
import { templatesRoutes } from './templates';

/**
 * The practice's workspace (issue 16), one area per folder, each with its routes, schema and services: tasks,
 * learning (CPD, supervision, licences and compliance), cloud storage, messages and the template library. Each area's
 * routes are registered here, once, from app.ts.
 */
export function workspaceRoutes(app: FastifyInstance, platform: Platform): void {
  tasksRoutes(app, platform);
  learningRoutes(app, platform);
  storageRoutes(app, platform);
  messagesRoutes(app, platform);
  templatesRoutes(app, platform);
}
