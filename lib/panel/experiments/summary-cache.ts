// Summaries of finished experiments, kept per process: a finished experiment's conversations no
// longer change, so its summary (a quarter of a second for 100,000 conversations) is computed once
// and every later view of the page, poll of the API or history chart reads it from here. Running
// experiments are always summarized afresh.
import type { RemoraDatabase } from '../../db/client';
import type { ExperimentRow } from '../../db/rows';
import { experimentSummary } from '../../experiments/service';
import { toSummaryJson, type SummaryJson } from '../../metrics/summary-json';

const FINISHED = new Set<string>(['completed', 'cancelled', 'failed']);
const LIMIT = 200;
const CACHE_KEY = Symbol.for('remora.experiment-summaries');
type Holder = typeof globalThis & { [CACHE_KEY]?: WeakMap<RemoraDatabase, Map<string, SummaryJson>> };

function cacheFor(database: RemoraDatabase): Map<string, SummaryJson> {
  const holder = globalThis as Holder;
  const byDatabase = (holder[CACHE_KEY] ??= new WeakMap());
  let cache = byDatabase.get(database);
  if (!cache) {
    cache = new Map();
    byDatabase.set(database, cache);
  }
  return cache;
}

/**
 * The summary JSON of an experiment (as the command line prints it). `stored` is how many
 * conversations it holds now: with the status and the finish time it tells a summary still valid
 * from one a resumed run has overtaken.
 */
export function summaryOfExperiment(
  database: RemoraDatabase,
  row: Pick<ExperimentRow, 'id' | 'status' | 'finishedAt'>,
  stored: number,
): SummaryJson {
  if (!FINISHED.has(row.status)) return toSummaryJson(experimentSummary(database, row.id));
  const cache = cacheFor(database);
  const key = `${row.id}|${row.status}|${row.finishedAt ?? ''}|${stored}`;
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last, so that the oldest entry is the one to go.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const summary = toSummaryJson(experimentSummary(database, row.id));
  cache.set(key, summary);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return summary;
}

/** Forgets every kept summary of this database (tests, and the benchmark's cold runs). */
export function forgetSummaries(database: RemoraDatabase): void {
  cacheFor(database).clear();
}
