/** The scheduling domain's tables, one module per area (listed once more in the composition root, ../../schema.ts). */
export * from './diary/schema';
export * from './feeds/schema';
export * from './booking/schema';
export * from './policies/schema';
