/** The billing domain's tables, one module per area (listed once more in the composition root, ../../schema.ts). */
export * from './settings/schema';
export * from './online/schema';
export * from './ledger/schema';
export * from './expenses/schema';
export * from './claims/schema';
