// `npm run db:generate` (drizzle-kit, fetched by npx when it runs: a tool for the few who change the
// schema, not installed with Remora) reads only the schema; it needs no database.
export default {
  dialect: 'sqlite',
  schema: './lib/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
};
