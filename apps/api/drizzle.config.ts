import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared data model, one file per area (src/db/schema/, also gathered by db/schema.ts for
  // the code), and the tables a single feature keeps to itself in its module.
  schema: ['./src/db/schema/*.ts', './src/modules/*/*.schema.ts'],
  out: './drizzle',
});
