// What a finished experiment's pages compute from all its rows: its rows no longer change, so its
// summary (experiments/summary-cache.ts), the counted comparison of two of its variants (one read of
// every run's code, about 70 ms of CPU at 66,000 conversations) and its exact latency histogram (a
// scan of 200,000 model calls) are computed once. They are kept in this process and stored in the
// database (experiment_snapshots), so the first view after a panel start reads them too. Both are
// keyed by the finish time and the conversations stored: a resumed run finishes again, later, with
// more, and is computed afresh.
import type { RemoraDatabase } from '../db/client';
import { readSnapshot, writeSnapshot, type SnapshotKey } from '../db/queries/experiment-snapshots';

export type { SnapshotKey };

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

/** The stored value, or undefined when there is none for this state or its JSON is damaged. */
function storedValue(database: RemoraDatabase, key: SnapshotKey): unknown {
  const text = readSnapshot(database, key);
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // Every kept value is an object or a list; anything else is a damaged row, computed again.
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function store(database: RemoraDatabase, key: SnapshotKey, value: unknown): void {
  try {
    writeSnapshot(database, key, JSON.stringify(value));
  } catch {
    // Storing only saves later work: the experiment may have been deleted meanwhile, or the
    // database be busy; the view still gets its value.
  }
}

/** What `compute` gives, kept under `key` when there is one (null: the experiment still runs). */
export function keptOrComputed<Value>(database: RemoraDatabase, key: SnapshotKey | null, compute: () => Value): Value {
  if (key === null) return compute();
  const cache = cacheFor(database);
  const name = [key.experimentId, key.kind, key.status, key.finishedAt ?? '', key.conversations].join('|');
  if (cache.has(name)) {
    const kept = cache.get(name) as Value;
    // Most recently used last, so that the oldest entry is the one to go.
    cache.delete(name);
    cache.set(name, kept);
    return kept;
  }
  let value = storedValue(database, key) as Value | undefined;
  if (value === undefined) {
    value = compute();
    store(database, key, value);
  }
  cache.set(name, value);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return value;
}

/** Forgets every value kept in this process (tests, and the benchmark's cold runs); the stored ones stay. */
export function forgetKeptValues(database: RemoraDatabase): void {
  cacheFor(database).clear();
}
