// A review queue (Langfuse's annotation queues) over a filtered conversation list: the list's
// conversations in list order (variant, then slot), each done once it carries one of the queue's
// labels. The queue keeps no state of its own: the filters and the label set travel in its address,
// and the labels are the conversations' own review labels.
import { sql, type SQL } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { experimentFilterCondition, type ConversationCursor } from './conversation-search';
import type { ConversationFilters } from './search-types';

export type ReviewQueueState = {
  /** Conversations in the filtered list. */
  total: number;
  /** Of them, those carrying one of the queue's labels. */
  reviewed: number;
  /** The first unreviewed one after `after` (from the start when none is after it), or null when all are done. */
  next: { id: string; variantIndex: number; slot: number } | null;
};

function labelled(labels: string[]): SQL {
  const list = sql.join(
    labels.map((label) => sql`${label}`),
    sql`, `,
  );
  return sql`exists (select 1 from conversation_labels l where l.conversation_id = c.id and l.label in (${list}))`;
}

export function reviewQueueState(
  database: RemoraDatabase,
  experimentId: string,
  search: ConversationFilters,
  labels: string[],
  after: ConversationCursor | null = null,
): ReviewQueueState {
  const filter = experimentFilterCondition(database, experimentId, search);
  if (filter === null || labels.length === 0) return { total: 0, reviewed: 0, next: null };
  const { from, where } = filter;
  const count = (condition: SQL) =>
    database.get<{ count: number }>(sql`select count(*) as count from ${from} where ${where} and ${condition}`)
      ?.count ?? 0;
  const done = labelled(labels);
  const first = (position: SQL) =>
    database.get<{ id: string; variant_index: number; slot: number }>(
      sql`select c.id, c.variant_index, c.slot from ${from} where ${where} and not ${done}${position}
        order by c.variant_index, c.slot limit 1`,
    );
  const row =
    (after ? first(sql` and (c.variant_index, c.slot) > (${after.variantIndex}, ${after.slot})`) : undefined) ??
    first(sql``);
  return {
    total: count(sql`1`),
    reviewed: count(done),
    next: row ? { id: row.id, variantIndex: row.variant_index, slot: row.slot } : null,
  };
}
