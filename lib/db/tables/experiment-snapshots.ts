// Values computed once from a finished experiment's rows (its summary, exact latency histogram,
// counted comparisons), stored so that the first view after a panel start reads them instead of
// scanning 100,000 conversations again (lib/panel/kept-values.ts).
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { experiments } from './experiments';

/**
 * One stored value per experiment and kind (e.g. "summary", "latency|<width>|<last>"). The status,
 * finish time and conversations stored say which state of the experiment it was computed from: a
 * resumed or replayed run finishes again, later, with more, and its old value is not served.
 */
export const experimentSnapshots = sqliteTable(
  'experiment_snapshots',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    finishedAt: integer('finished_at'),
    conversations: integer('conversations').notNull(),
    valueJson: text('value_json').notNull(),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.kind] })],
);
