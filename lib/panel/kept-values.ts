// What a finished experiment's pages compute from all its rows, kept per process like its summary
// (experiments/summary-cache.ts): its rows no longer change, so the counted comparison of two of its
// variants (one read of every run's code, about 70 ms of CPU at 66,000 conversations) and its exact
// latency histogram (a scan of 200,000 model calls) are computed once, under a key that holds the
// finish time and the conversations stored (a resumed run finishes again, later, with more).
import type { RemoraDatabase } from '../db/client';

const LIMIT = 100;
const CACHE_KEY = Symbol.for('remora.kept-values');
type Holder = typeof globalThis & { [CACHE_KEY]?: WeakMap<RemoraDatabase, Map<string, unknown>> };

function cacheFor(database: RemoraDatabase): Map<string, unknown> {
  const holder = globalThis as Holder;
  const byDatabase = (holder[CACHE_KEY] ??= new WeakMap());
  let cache = byDatabase.get(database);
  if (!cache) {
    cache = new Map();
    byDatabase.set(database, cache);
  }
  return cache;
}

/** What `compute` gives, kept under `key` when there is one (null: the experiment still runs). */
export function keptOrComputed<Value>(database: RemoraDatabase, key: string | null, compute: () => Value): Value {
  if (key === null) return compute();
  const cache = cacheFor(database);
  if (cache.has(key)) {
    const kept = cache.get(key) as Value;
    // Most recently used last, so that the oldest entry is the one to go.
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  const value = compute();
  cache.set(key, value);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return value;
}

/** Forgets every kept value of this database (tests, and the benchmark's cold runs). */
export function forgetKeptValues(database: RemoraDatabase): void {
  cacheFor(database).clear();
}
