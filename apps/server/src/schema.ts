/**
 * Every table of the server, listed once (ARCHITECTURE.md, layers): the platform's own, then each domain's. Drizzle Kit
 * reads this module (drizzle.config.ts), and code that reads across domains imports tables from here. The platform never
 * imports it: it knows no table of the domains.
 */
export * from './platform/db/schema';
export * from './domains/practice/schema';
export * from './domains/users/schema';
export * from './domains/auth/schema';
export * from './domains/files/schema';
export * from './domains/notifications/schema';
export * from './domains/help/schema';
export * from './domains/account/schema';
export * from './domains/clients/schema';
export * from './domains/sessions/schema';
export * from './domains/scheduling/schema';
export * from './domains/billing/schema';
export * from './domains/treatment-plans/schema';
export * from './domains/risk/schema';
export * from './domains/measures/schema';
export * from './domains/documents/schema';
export * from './domains/workspace/schema';
export * from './domains/billing/schema';
export * from './domains/portal/schema';
