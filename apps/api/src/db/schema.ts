/** The database schema, one file per area under `schema/` (drizzle-kit reads this barrel). */
export * from './schema/accounts.ts';
export * from './schema/platform.ts';
export * from './schema/lines.ts';
export * from './schema/content.ts';
export * from './schema/support.ts';
export * from './schema/billing.ts';
export * from './schema/agents.ts';
export * from './schema/termination.ts';
export * from './schema/shop.ts';
export * from './schema/sso.ts';
