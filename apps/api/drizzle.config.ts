import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared data model, one file per area (src/db/schema/, also gathered by db/schema.ts for
  // the code), and the tables a single feature or platform piece keeps to itself in its folder.
  schema: ['./src/db/schema/*.ts', './src/modules/*/*.schema.ts', './src/platform/*/*.schema.ts'],
  out: './drizzle',
});
