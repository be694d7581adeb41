import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { ExpensesService } from './service';

/** Billing > Expenses (SPEC.md §7: expenses, expense/{id}, expense-details/{id}) and their writes. */
export function expensesRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new ExpensesService(platform);
  registerRoutes(app, {
    listExpenses: ({ query }, { request }) => service.list(requireAuth(request), query),
    getExpense: ({ params }, { request }) => service.one(requireAuth(request), params.id),
    getExpenseDetails: ({ params }, { request }) => service.details(requireAuth(request), params.id),
    createExpense: ({ body }, { request }) => service.create(requireAuth(request), body, request),
    updateExpense: ({ params, body }, { request }) => service.update(requireAuth(request), params.id, body, request),
    deleteExpense: ({ params }, { request }) => service.remove(requireAuth(request), params.id, request),
  });
}
