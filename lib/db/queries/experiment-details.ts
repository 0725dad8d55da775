// What people manage about an experiment besides running it: its name, description and tags, and
// reopening a stopped one so that it runs to its full count.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { conversations, experiments, type ExperimentRow, type ExperimentStatus } from '../schema';
import { rebuildCounters } from '../counters/recount';
import { getExperiment } from './experiments';

export type ExperimentDetails = { name?: string | null; description?: string | null; tags?: string[] };

export const MAX_TAGS = 20;

/** Tags as stored: trimmed, single-spaced, each once (whatever its case), in the order given. */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const clean = tag.trim().replace(/\s+/g, ' ');
    if (clean === '' || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    kept.push(clean);
  }
  return kept;
}

/** Sets the fields given (an empty name or description clears it); null for an unknown experiment. */
export function updateExperimentDetails(
  database: RemoraDatabase,
  id: string,
  details: ExperimentDetails,
): ExperimentRow | null {
  const changes: Partial<ExperimentRow> = {};
  if (details.name !== undefined) changes.name = details.name?.trim() ? details.name.trim() : null;
  if (details.description !== undefined)
    changes.description = details.description?.trim() ? details.description.trim() : null;
  if (details.tags !== undefined) changes.tags = normalizeTags(details.tags);
  if (Object.keys(changes).length === 0) return getExperiment(database, id);
  return database.update(experiments).set(changes).where(eq(experiments.id, id)).returning().get() ?? null;
}

/** Every tag in use, most used first. */
export function tagsInUse(database: RemoraDatabase): { tag: string; experiments: number }[] {
  return database.all<{ tag: string; experiments: number }>(
    sql`select t.value as tag, count(*) as experiments from experiments e, json_each(e.tags) t
      group by t.value order by count(*) desc, t.value`,
  );
}

/** Statuses an experiment can be reopened from: stopped before its full count. */
const REOPENABLE_STATUSES: ExperimentStatus[] = ['cancelled', 'failed'];

export type ReopenResult =
  | { reopened: true; row: ExperimentRow; removed: number }
  | { reopened: false; reason: 'not-found' }
  | { reopened: false; reason: 'not-stopped'; row: ExperimentRow };

/**
 * Marks a cancelled or failed experiment pending again, so that the next start runs the
 * conversations it has not stored. Conversations a cancel cut short (outcome `cancelled`) are
 * removed first: they did not run to their end, and run again in full. One write transaction, so a
 * runner in another process never sees half of it.
 */
export function reopenExperiment(
  database: RemoraDatabase,
  id: string,
  statuses: ExperimentStatus[] = REOPENABLE_STATUSES,
): ReopenResult {
  return database.$client
    .transaction((): ReopenResult => {
      const row = getExperiment(database, id);
      if (!row) return { reopened: false, reason: 'not-found' };
      if (!statuses.includes(row.status)) return { reopened: false, reason: 'not-stopped', row };
      const removed = database
        .delete(conversations)
        .where(and(eq(conversations.experimentId, id), inArray(conversations.outcome, ['cancelled'])))
        .run().changes;
      // The live counters still hold what was removed: count them again from what is left.
      if (removed > 0) rebuildCounters(database, id);
      const reopened = database
        .update(experiments)
        .set({ status: 'pending', finishedAt: null, error: null, runnerId: null, heartbeatAt: null })
        .where(eq(experiments.id, id))
        .returning()
        .get() as ExperimentRow;
      return { reopened: true, row: reopened, removed };
    })
    .immediate();
}
