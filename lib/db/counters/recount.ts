// The live summary counters recomputed from the rows: what `remora verify` compares them with,
// and what an experiment stored before the counters existed (or one whose conversations were
// removed, as reopening does) is given. Costs a scan of the experiment's rows.
import { eq } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { inputCountOf, storedConfigOf } from '../experiment-config';
import { getInputFacts } from '../queries/input-facts';
import { experiments } from '../schema';
import { addResponseTo, blankVariantCounts, confusionKey, type InputCounts, type VariantCounts } from './counts';
import { UPSERT_COUNTS } from './counter-writer';

/** Counters of one experiment by `variantIndex:inputIndex` (input and first scopes) and by variant index. */
export type CounterSet = {
  input: Map<string, InputCounts>;
  first: Map<string, InputCounts>;
  variant: Map<number, VariantCounts>;
};

export const counterKey = (variantIndex: number, inputIndex: number) => `${variantIndex}:${inputIndex}`;

function byInput(facts: ReturnType<typeof getInputFacts>): Map<string, InputCounts> {
  const counts = new Map<string, InputCounts>();
  // getInputFacts is given the variant index as the variant's name.
  for (const { variant, input, ...rest } of facts) counts.set(counterKey(Number(variant), input), rest);
  return counts;
}

export function recountCounters(database: RemoraDatabase, experimentId: string): CounterSet {
  const config = storedConfigOf(database, experimentId);
  const inputCount = config ? inputCountOf(config) : null;
  const input = byInput(getInputFacts(database, experimentId, String));
  const first = byInput(getInputFacts(database, experimentId, String, { firstRepeatOnly: { inputCount } }));

  const variant = new Map<number, VariantCounts>();
  const countsOf = (index: number) => {
    let counts = variant.get(index);
    if (!counts) variant.set(index, (counts = blankVariantCounts()));
    return counts;
  };
  // Every stored conversation has its variant's row, as the writer gives it one.
  for (const [key, counts] of input) countsOf(Number(key.split(':')[0])).conversations += counts.conversations;
  // Row by row, not as one array: 200,000 responses stay a stream.
  const client = database.$client;
  const responses = client
    .prepare(
      `select variant_index, latency_ms, prompt_tokens, completion_tokens from model_calls
        where experiment_id = ? and status = 'ok'`,
    )
    .raw()
    .iterate(experimentId) as IterableIterator<[number, number, number | null, number | null]>;
  for (const [variantIndex, latencyMs, promptTokens, completionTokens] of responses)
    addResponseTo(countsOf(variantIndex), latencyMs, promptTokens, completionTokens);
  const confidences = client
    .prepare(
      `select variant_index, tool_name_confidence from model_calls
        where experiment_id = ? and tool_name_confidence is not null`,
    )
    .raw()
    .iterate(experimentId) as IterableIterator<[number, number]>;
  for (const [variantIndex, confidence] of confidences) {
    const counts = countsOf(variantIndex);
    counts.confidenceTotal += confidence;
    counts.confidenceCount += 1;
  }
  const pairs = client
    .prepare(
      `select variant_index, expected_name, called_name, count(*) from call_scores
        where experiment_id = ? group by variant_index, expected_name, called_name`,
    )
    .raw()
    .all(experimentId) as [number, string | null, string | null, number][];
  for (const [variantIndex, expected, called, count] of pairs) {
    const counts = countsOf(variantIndex);
    (counts.confusion ??= {})[confusionKey(expected, called)] = count;
  }
  return { input, first, variant };
}

/**
 * Replaces an experiment's counters with a recount from its rows and marks them kept. Runs in
 * its own write transaction (or the caller's), so no conversation is stored between the count
 * and the write.
 */
export function rebuildCounters(database: RemoraDatabase, experimentId: string): void {
  const client = database.$client;
  const upsert = client.prepare(UPSERT_COUNTS);
  client
    .transaction(() => {
      const counted = recountCounters(database, experimentId);
      client.prepare('delete from summary_counters where experiment_id = ?').run(experimentId);
      for (const scope of ['input', 'first'] as const) {
        for (const [key, counts] of counted[scope]) {
          const [variantIndex, inputIndex] = key.split(':').map(Number);
          upsert.run(experimentId, scope, variantIndex, inputIndex, JSON.stringify(counts));
        }
      }
      for (const [variantIndex, counts] of counted.variant)
        upsert.run(experimentId, 'variant', variantIndex, -1, JSON.stringify(counts));
      database.update(experiments).set({ countersReady: true }).where(eq(experiments.id, experimentId)).run();
    })
    .immediate();
}
