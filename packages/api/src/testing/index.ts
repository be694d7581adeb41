export {
  createMockClient,
  type CreateMockClientOptions,
  type MockClient,
  type MockControls,
  type MockCall,
  type MockContext,
  type MockHandler,
  type MockHandlers,
  type MockRouteConfig,
} from './createMockClient';
export { defaultFixtures, type MockFixtures } from './fixtures';
export { MockApiProvider, type MockApiProviderProps } from './MockApiProvider';
export { withMockApi } from './decorator';
// Each domain's fixtures (records and stateful mock handlers), shared by tests and stories.
export * from './domains/account';
export * from './domains/booking';
export * from './domains/appointmentPolicies';
export * from './domains/clients';
export * from './domains/clientSessions';
export * from './domains/diary';
export * from './domains/measures';
export * from './domains/risk';
export * from './domains/treatmentPlans';
export * from './domains/calendarFeeds';
export * from './domains/onlinePayments';
export * from './domains/tasks';
export * from './domains/billingSettings';
export * from './domains/learning';
export * from './domains/templates';
export * from './domains/billing';
export * from './domains/billingBooks';
export * from './domains/messages';
