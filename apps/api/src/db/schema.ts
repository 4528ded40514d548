/**
 * The shared data model, one file per area under `schema/`, gathered for the code. Its tables are
 * read across features and by the shared layers (policy, seed, reference data, clean-up), which
 * never import a module; a table only one feature touches may live in that module instead
 * (`modules/<feature>/<feature>.schema.ts`). drizzle-kit reads both (drizzle.config.ts).
 */
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
export * from './schema/reports.ts';
export * from './schema/fleet-policy.ts';
export * from './schema/security.ts';
export * from './schema/devices.ts';
