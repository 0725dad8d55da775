// The live summary counters' table (written by lib/db/counters).
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { experiments } from './experiments';

/**
 * Live summary counters (issue 13): the sums lib/metrics reads, kept per experiment as its
 * conversations are stored, in the same transaction (lib/db/counters/). `scope` is 'input' (the
 * InputFacts of a variant on one input), 'first' (the same over first repeats only, for the live
 * anytime-valid verdict) or 'variant' (token sums, tool-name confidence and the latency sketch of
 * a variant; input_index -1). `counts` is JSON. `remora verify` recounts them from the rows.
 */
export const summaryCounters = sqliteTable(
  'summary_counters',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['input', 'first', 'variant'] }).notNull(),
    variantIndex: integer('variant_index').notNull(),
    inputIndex: integer('input_index').notNull(),
    counts: text('counts').notNull(),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.scope, table.variantIndex, table.inputIndex] })],
);
