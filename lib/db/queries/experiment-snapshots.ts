// Stored values of finished experiments (tables/experiment-snapshots.ts): read back only when the
// experiment is still in the state they were computed from.
import { and, eq } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { experimentSnapshots } from '../tables/experiment-snapshots';

/** Which experiment, which value, and the state of the experiment it belongs to. */
export type SnapshotKey = {
  experimentId: string;
  kind: string;
  status: string;
  finishedAt: number | null;
  conversations: number;
};

/** The stored JSON text, or null when there is none or it belongs to another state of the experiment. */
export function readSnapshot(database: RemoraDatabase, key: SnapshotKey): string | null {
  const row = database
    .select()
    .from(experimentSnapshots)
    .where(and(eq(experimentSnapshots.experimentId, key.experimentId), eq(experimentSnapshots.kind, key.kind)))
    .get();
  if (!row) return null;
  const same =
    row.status === key.status && row.finishedAt === key.finishedAt && row.conversations === key.conversations;
  return same ? row.valueJson : null;
}

/** Stores (or replaces) the value of this kind; throws when the experiment is gone (its foreign key). */
export function writeSnapshot(database: RemoraDatabase, key: SnapshotKey, valueJson: string): void {
  const row = { ...key, valueJson };
  database
    .insert(experimentSnapshots)
    .values(row)
    .onConflictDoUpdate({
      target: [experimentSnapshots.experimentId, experimentSnapshots.kind],
      set: { status: row.status, finishedAt: row.finishedAt, conversations: row.conversations, valueJson },
    })
    .run();
}
