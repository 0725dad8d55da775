import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` reads only the schema; it needs no database.
export default defineConfig({
  dialect: 'sqlite',
  schema: './lib/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
