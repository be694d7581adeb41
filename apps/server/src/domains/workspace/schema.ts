/** The workspace domain's tables, one module per area (listed once more in the composition root, ../../schema.ts). */
export * from './tasks/schema';
export * from './learning/schema';
export * from './storage/schema';
export * from './messages/schema';
export * from './templates/schema';
