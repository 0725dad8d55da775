// Two experiments that ran the same inputs (the same text, or the same dataset case, as canonical
// JSON) are paired by input like two variants of one experiment, once the inputs they share are at
// least half of either side's: then side B's input j is renumbered as side A's input with the same
// content, and its other inputs get numbers of their own (they drop out of the pairing, and the
// balance check says how many). The primary metric is the one both experiments chose before their runs.
import type { RemoraDatabase } from '../../db/client';
import { getExperiment } from '../../db/queries/experiments';
import { readStoredConfig } from '../../experiment-config/stored-config';
import type { ComparedMetric } from '../../metrics/types';

export type InputMatch = { shared: number; inputOfB: (input: number) => number };

/** The renumbering of B's inputs onto A's, or null when they share fewer than half of either side's inputs. */
export function matchInputsByContent(keysA: (string | null)[], keysB: (string | null)[]): InputMatch | null {
  const indexOfA = new Map<string, number>();
  keysA.forEach((key, index) => {
    if (key !== null && !indexOfA.has(key)) indexOfA.set(key, index);
  });
  const mapped = keysB.map((key) => (key === null ? undefined : indexOfA.get(key)));
  const shared = new Set(mapped.filter((index) => index !== undefined)).size;
  const larger = Math.max(new Set(keysA).size, new Set(keysB).size);
  if (shared === 0 || shared * 2 < larger) return null;
  return { shared, inputOfB: (input) => mapped[input] ?? keysA.length + input };
}

function primaryMetricOf(database: RemoraDatabase, experimentId: string): ComparedMetric | undefined {
  const row = getExperiment(database, experimentId);
  if (!row) return undefined;
  try {
    return readStoredConfig(row.config).experiment.primaryMetric;
  } catch {
    return undefined; // a config from before primary metrics (or unreadable) chose none
  }
}

/** The primary metric both sides chose (one experiment: its own); none when they differ. */
export function sharedPrimaryMetric(database: RemoraDatabase, idA: string, idB: string): ComparedMetric | undefined {
  const first = primaryMetricOf(database, idA);
  return idA === idB || first === primaryMetricOf(database, idB) ? first : undefined;
}
