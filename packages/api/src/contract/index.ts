export * from './route';
export * from './routeIndex';
export * from './invalidation';
export * from './errors';
export * from './dates';
export * from './activity';
export * from './devices';
export * from './invoiceLayout';
export * from './domains/health';
export * from './domains/common';
export * from './domains/auth';
export * from './domains/users';
export * from './domains/practice';
export * from './domains/files';
export * from './domains/notifications';
export * from './domains/help';
export * from './domains/account';
export * from './domains/clients';
export * from './domains/clientSessions';
export * from './domains/treatmentPlans';
export * from './domains/risk';
export * from './domains/measures';
export * from './domains/clientDocuments';
export * from './domains/dashboard';
export * from './domains/calendarFeeds';
export * from './domains/diary';
export * from './domains/booking';
export * from './domains/appointmentPolicies';
export * from './domains/billing';
export * from './domains/billingSettings';
export * from './domains/onlinePayments';
export * from './domains/tasks';
export * from './domains/learning';
export * from './domains/messages';
export * from './domains/expenses';
export * from './domains/insuranceClaims';
export * from './domains/billingExports';
export * from './domains/storage';
export * from './domains/templates';
export * from './domains/portal';

import { healthRoutes } from './domains/health';
import { authRoutes } from './domains/auth';
import { usersRoutes } from './domains/users';
import { practiceRoutes } from './domains/practice';
import { filesRoutes } from './domains/files';
import { notificationsRoutes } from './domains/notifications';
import { helpRoutes } from './domains/help';
import { accountRoutes } from './domains/account';
import { clientsRoutes } from './domains/clients';
import { clientSessionsRoutes } from './domains/clientSessions';
import { treatmentPlansRoutes } from './domains/treatmentPlans';
import { riskRoutes } from './domains/risk';
import { measuresRoutes } from './domains/measures';
import { clientDocumentsRoutes } from './domains/clientDocuments';
import { dashboardRoutes } from './domains/dashboard';
import { calendarFeedsRoutes } from './domains/calendarFeeds';
import { diaryRoutes } from './domains/diary';
import { bookingRoutes } from './domains/booking';
import { appointmentPoliciesRoutes } from './domains/appointmentPolicies';
import { billingRoutes } from './domains/billing';
import { billingSettingsRoutes } from './domains/billingSettings';
import { onlinePaymentsRoutes } from './domains/onlinePayments';
import { tasksRoutes } from './domains/tasks';
import { learningRoutes } from './domains/learning';
import { messagesRoutes } from './domains/messages';
import { expensesRoutes } from './domains/expenses';
import { insuranceClaimsRoutes } from './domains/insuranceClaims';
import { billingExportsRoutes } from './domains/billingExports';
import { storageRoutes } from './domains/storage';
import { templatesRoutes } from './domains/templates';
import { portalRoutes } from './domains/portal';

/** The whole HTTP contract: every route of every domain, by name. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...usersRoutes,
  ...practiceRoutes,
  ...filesRoutes,
  ...notificationsRoutes,
  ...helpRoutes,
  ...accountRoutes,
  ...clientsRoutes,
  ...clientSessionsRoutes,
  ...treatmentPlansRoutes,
  ...riskRoutes,
  ...measuresRoutes,
  ...clientDocumentsRoutes,
  ...dashboardRoutes,
  ...calendarFeedsRoutes,
  ...diaryRoutes,
  ...bookingRoutes,
  ...appointmentPoliciesRoutes,
  ...billingRoutes,
  ...billingSettingsRoutes,
  ...onlinePaymentsRoutes,
  ...tasksRoutes,
  ...learningRoutes,
  ...messagesRoutes,
  ...expensesRoutes,
  ...insuranceClaimsRoutes,
  ...billingExportsRoutes,
  ...storageRoutes,
  ...templatesRoutes,
  ...portalRoutes,
};
export type Routes = typeof routes;
export type RouteName = keyof Routes;
