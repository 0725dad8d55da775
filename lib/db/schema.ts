// The whole SQLite schema, one file per group of tables in lib/db/tables/. Times are milliseconds
// since the epoch; JSON columns hold TEXT. Migrations in drizzle/ are generated from this file with
// `npm run db:generate`.
export * from './tables/experiments';
export * from './tables/conversations';
export * from './tables/datasets';
export * from './tables/review';
export * from './tables/campaigns';
export * from './tables/summary-counters';
export * from './tables/judge';
export * from './tables/experiment-snapshots';
