// The inputs an experiment failed, for "re-run the failed inputs with another variant" (lib/replay).
import { and, asc, eq } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { conversations } from '../schema';

/**
 * Inputs (by index) with at least one failed conversation: its task-success check said false, or,
 * when no conversation of the experiment was judged, it did not end as `submitted`. Cancelled
 * conversations are left out (nothing was decided).
 */
export function failedInputIndexes(database: RemoraDatabase, experimentId: string, variant?: string): number[] {
  const conditions = [eq(conversations.experimentId, experimentId)];
  if (variant !== undefined) conditions.push(eq(conversations.variantName, variant));
  const rows = database
    .selectDistinct({
      inputIndex: conversations.inputIndex,
      outcome: conversations.outcome,
      taskSuccess: conversations.taskSuccess,
    })
    .from(conversations)
    .where(and(...conditions))
    .orderBy(asc(conversations.inputIndex))
    .all()
    .filter((row) => row.outcome !== 'cancelled');
  const judged = rows.some((row) => row.taskSuccess !== null);
  const failed = rows
    .filter((row) => (judged ? row.taskSuccess === false : row.outcome !== 'submitted'))
    .map((row) => row.inputIndex);
  return [...new Set(failed)];
}
