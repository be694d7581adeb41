import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { DashboardService } from './service';

/** The /Dashboard cards (CATALOG.md Dashboards) and the /Dashboard2 insights. */
export function dashboardRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new DashboardService(platform);
  registerRoutes(app, {
    dashboardTodaySessions: (_input, { request }) => service.todaySessions(requireAuth(request)),
    dashboardNotesDue: (_input, { request }) => service.notesDue(requireAuth(request)),
    dashboardHighRisk: (_input, { request }) => service.highRisk(requireAuth(request)),
    dashboardTasksDue: (_input, { request }) => service.tasksDue(requireAuth(request)),
    dashboardPendingRequests: (_input, { request }) => service.pendingRequests(requireAuth(request)),
    dashboardComplianceExpiring: (_input, { request }) => service.complianceExpiring(requireAuth(request)),
    dashboardOverdueInvoices: (_input, { request }) => service.overdueInvoices(requireAuth(request)),
    dashboardInsights: (_input, { request }) => service.insights(requireAuth(request)),
  });
}
