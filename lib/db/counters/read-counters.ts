// The summary's input read from the live counters: a few rows per variant and input, whatever the
// number of conversations, so a running experiment of 100,000 conversations is summarized in a
// few milliseconds (bench/panel-queries.ts). While it runs, latency quantiles come from the
// counters' sketch (within 1%); once it ended, exactly from the latency index.
import { and, eq } from 'drizzle-orm';
import { sketchQuantile } from '../../metrics/latency-sketch';
import type { InputFacts, MetricsInput } from '../../metrics/types';
import type { RemoraDatabase } from '../client';
import { expectationKindsOf, variantNamesOf, storedConfigOf } from '../experiment-config';
import { judgeCounts } from '../queries/judge';
import { latencyQuantile } from '../queries/response-stats';
import { conversations, experiments } from '../schema';
import type { CounterScope } from './counter-writer';
import { storedInputCounts, type InputCounts, type VariantCounts } from './counts';
import { counterKey, rebuildCounters, type CounterSet } from './recount';

/**
 * The stored counters of one experiment. `firstRepeats: false` leaves the first-repeat rows out
 * (only a live verdict reads them): a finished dataset run of 50,000 cases has 50,000 of them.
 * Read row by row, so that the rows' text is not all held at once beside what it parses to.
 */
export function readCounters(
  database: RemoraDatabase,
  experimentId: string,
  options: { firstRepeats?: boolean } = {},
): CounterSet {
  const counters: CounterSet = { input: new Map(), first: new Map(), variant: new Map() };
  const scopes = options.firstRepeats === false ? "('input', 'variant')" : "('input', 'first', 'variant')";
  const rows = database.$client
    .prepare(
      `select scope, variant_index, input_index, counts from summary_counters
        where experiment_id = ? and scope in ${scopes}`,
    )
    .raw()
    .iterate(experimentId) as IterableIterator<[CounterScope, number, number, string]>;
  for (const [scope, variantIndex, inputIndex, counts] of rows) {
    if (scope === 'variant') counters.variant.set(variantIndex, JSON.parse(counts) as VariantCounts);
    else counters[scope].set(counterKey(variantIndex, inputIndex), storedInputCounts(counts));
  }
  return counters;
}

/** Whether the counters hold every stored conversation of the experiment; null for no such experiment. */
export function countersKept(database: RemoraDatabase, experimentId: string): boolean | null {
  const experiment = database
    .select({ countersReady: experiments.countersReady })
    .from(experiments)
    .where(eq(experiments.id, experimentId))
    .get();
  return experiment ? experiment.countersReady : null;
}

/** readCounters, after counting them from the rows if the experiment predates them; null for no such experiment. */
export function readKeptCounters(
  database: RemoraDatabase,
  experimentId: string,
  options: { firstRepeats?: boolean } = {},
): CounterSet | null {
  const kept = countersKept(database, experimentId);
  if (kept === null) return null;
  if (!kept) rebuildCounters(database, experimentId);
  return readCounters(database, experimentId, options);
}

/** Stored conversations of an experiment whose counters are kept, from its variant counters. */
export function countedConversations(database: RemoraDatabase, experimentId: string): number {
  return database.$client
    .prepare(
      `select coalesce(sum(json_extract(counts, '$.conversations')), 0) from summary_counters
        where experiment_id = ? and scope = 'variant'`,
    )
    .pluck()
    .get(experimentId) as number;
}

export type CountedInputOptions = {
  /** Latency p50/p95 read exactly from the index (a finished experiment) instead of the sketch. */
  exactLatency?: boolean;
  /** Whether the facts of each input's first repeat are read (the live verdict's); default true. */
  firstRepeats?: boolean;
};

/** MetricsInput of one experiment from its counters, or null when there is no such experiment. */
export function countedMetricsInput(
  database: RemoraDatabase,
  experimentId: string,
  options: CountedInputOptions = {},
): MetricsInput | null {
  const config = storedConfigOf(database, experimentId);
  const counters = config
    ? readKeptCounters(database, experimentId, { firstRepeats: options.firstRepeats !== false })
    : null;
  if (!config || !counters) return null;

  // Display order: the config's variants, then any index only the conversations know.
  const names = variantNamesOf(config) ?? [];
  const nameOf = new Map<number, string>(names.map((name, index) => [index, name]));
  for (const variantIndex of counters.variant.keys()) {
    if (nameOf.has(variantIndex)) continue;
    const stored = database
      .select({ name: conversations.variantName })
      .from(conversations)
      .where(and(eq(conversations.experimentId, experimentId), eq(conversations.variantIndex, variantIndex)))
      .limit(1)
      .get();
    nameOf.set(variantIndex, stored?.name ?? `variant ${variantIndex}`);
  }
  const variantName = (index: number) => nameOf.get(index) ?? `variant ${index}`;
  // The model judge writes its verdicts after the run, apart from the counters: its latest run's sums join here.
  for (const judged of judgeCounts(database, experimentId)) {
    const key = counterKey(judged.variantIndex, judged.inputIndex);
    const counts = counters.input.get(key);
    if (!counts) continue;
    counts.judgeJudged = judged.judged;
    counts.judgePasses = judged.passed;
  }
  const factsOf = (counts: Map<string, InputCounts>): InputFacts[] =>
    [...counts.entries()]
      .map(([key, fact]) => {
        const [variantIndex, input] = key.split(':').map(Number);
        // Named in place, not copied: a dataset run has one of these per case.
        return { variantIndex, fact: Object.assign(fact, { variant: variantName(variantIndex), input }) };
      })
      .sort((first, second) => first.variantIndex - second.variantIndex || first.fact.input - second.fact.input)
      .map(({ fact }) => fact);

  const indexes = [...nameOf.keys()].sort((first, second) => first - second);
  const variantEntries = [...counters.variant.entries()].sort(([first], [second]) => first - second);
  const latency = (variantIndex: number, counts: VariantCounts, q: number) =>
    options.exactLatency
      ? latencyQuantile(database, experimentId, variantIndex, counts.responses, q)
      : sketchQuantile(counts.latency, q);
  const input: MetricsInput = {
    variants: indexes.map(variantName),
    inputs: factsOf(counters.input),
    ...(options.firstRepeats === false ? {} : { firstRepeats: factsOf(counters.first) }),
    responses: variantEntries
      .filter(([, counts]) => counts.responses > 0)
      .map(([variantIndex, counts]) => ({
        variant: variantName(variantIndex),
        latencyMs: { p50: latency(variantIndex, counts, 0.5), p95: latency(variantIndex, counts, 0.95) },
        // Unknown is not zero: no reported usage at all is null.
        tokens: {
          prompt: counts.promptReported > 0 ? counts.promptTokens : null,
          completion: counts.completionReported > 0 ? counts.completionTokens : null,
        },
      })),
  };
  const confidence = variantEntries.filter(([, counts]) => counts.confidenceCount > 0);
  if (confidence.length > 0)
    input.toolNameConfidence = confidence.map(([variantIndex, counts]) => ({
      variant: variantName(variantIndex),
      total: counts.confidenceTotal,
      count: counts.confidenceCount,
    }));
  // Accuracy exists only for a dataset whose cases say what they expect; its sums are in the InputFacts.
  const kinds = expectationKindsOf(config);
  if (kinds.length > 0) input.accuracy = { kinds, facts: [] };
  return input;
}
