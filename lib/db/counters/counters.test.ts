import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarizeExperiment } from '../../metrics/summarize';
import type { ConversationRecord } from '../../runner/types';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { reopenExperiment } from '../queries/experiment-details';
import { createExperiment, setExperimentStatus } from '../queries/experiments';
import { getMetricsInput } from '../queries/metrics-facts';
import { storeConversation } from '../queries/conversations';
import { countedMetricsInput } from './read-counters';
import { verifyCounters } from './verify';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const NAMES = ['baseline', 'directive'];

/** A conversation a cancel cut short: its last request cancelled, outcome cancelled. */
function cancelledConversation(): ConversationRecord {
  const record = docstringConversation();
  const calls = record.modelCalls.map((call, index) =>
    index === record.modelCalls.length - 1
      ? { ...call, status: 'cancelled' as const, calls: [], allValid: false, parsePath: null }
      : call,
  );
  return { ...record, modelCalls: calls, outcome: 'cancelled', result: null };
}

/** A conversation whose responses carried logprobs and no usage, and a retried request. */
function confidentConversation(seed: number): ConversationRecord {
  const record = docstringConversation();
  const calls = record.modelCalls.map((call, index) => ({
    ...call,
    usage: index === 0 ? null : call.usage,
    latencyMs: 3 + seed * 7.25 + index,
    attempts: index === 0 ? 3 : 1,
    retryWaitMs: index === 0 ? 250 : 0,
    insight: {
      rawOutput: 'call:x{}',
      tokenCount: 4,
      toolNameConfidence: 0.1 + (seed % 7) / 10,
      toolNames: [],
      lostValues: [],
    },
  }));
  return { ...record, modelCalls: calls };
}

/** Writes a mixed experiment: 2 variants, 3 inputs, 4 repeats; every outcome, errors, verdict-free task checks. */
function writeExperiment(): string {
  const config = experimentConfig(NAMES, { inputs: ['a', 'b', 'c'].map((node_text) => ({ node_text })) });
  const { id } = createExperiment(database, {
    agentName: 'docstring',
    config,
    simulated: true,
    totalConversations: 24,
  });
  setExperimentStatus(database, id, 'running');
  // Small batches, so that counters of one row are added to over several transactions.
  const writer = createConversationWriter(database, { maxBatch: 5 });
  const makers = [
    docstringConversation,
    textConversation,
    failingConversation,
    cancelledConversation,
    () => confidentConversation(1),
    () => docstringConversation({ outcome: 'turn_limit', secondPath: 'malformed' }),
  ];
  for (let slot = 0; slot < 12; slot++) {
    for (let variantIndex = 0; variantIndex < 2; variantIndex++) {
      const record = makers[(slot + variantIndex * 2) % makers.length]();
      const judged = slot % 3 === 0 ? { check: 'docstring', success: slot % 2 === 0, reason: 'test' } : null;
      writer.write(
        id,
        { variantIndex, variantName: NAMES[variantIndex], slot, inputIndex: slot % 3, taskCheck: judged },
        record,
      );
    }
  }
  writer.close();
  return id;
}

describe('live summary counters', () => {
  it('agree exactly with a recount from the rows, and summarize as the rows do', () => {
    const id = writeExperiment();
    const check = verifyCounters(database, id);
    expect(check?.differences).toEqual([]);
    expect(check?.conversations).toBe(24);
    expect(check?.countersKept).toBe(true);

    // The summary from the counters is the summary from the rows (latency exact once finished).
    setExperimentStatus(database, id, 'completed');
    const fromRows = summarizeExperiment(id, 'completed', getMetricsInput(database, id, { responses: 'aggregate' })!);
    const fromCounters = summarizeExperiment(
      id,
      'completed',
      countedMetricsInput(database, id, { exactLatency: true })!,
    );
    expect(fromCounters).toEqual(fromRows);
    expect(fromCounters.variants[0].outcomes.cancelled).toBeGreaterThan(0);
    expect(fromCounters.variants[0].errors.model_request_failed).toBeGreaterThan(0);
    expect(fromCounters.variants[0].meanToolNameConfidence).not.toBeNull();

    // While running, the latency comes from the sketch: within 1% of the exact quantiles.
    const live = summarizeExperiment(id, 'running', countedMetricsInput(database, id)!);
    const exact = summarizeExperiment(id, 'running', getMetricsInput(database, id, { responses: 'aggregate' })!);
    for (const [index, variant] of live.variants.entries()) {
      for (const q of ['p50', 'p95'] as const) {
        const truth = exact.variants[index].latencyMs[q] as number;
        expect(Math.abs((variant.latencyMs[q] as number) - truth)).toBeLessThanOrEqual(truth * 0.01);
      }
      expect({ ...variant, latencyMs: null }).toEqual({ ...exact.variants[index], latencyMs: null });
    }
    expect(live.comparisons).toEqual(exact.comparisons);
  });

  it('count a conversation stored on its own, and stay right after reopening removes the cancelled ones', () => {
    const id = writeExperiment();
    storeConversation(
      database,
      id,
      { variantIndex: 1, variantName: 'directive', slot: 20, inputIndex: 2 },
      confidentConversation(4),
    );
    expect(verifyCounters(database, id)?.differences).toEqual([]);
    setExperimentStatus(database, id, 'cancelled');
    const reopened = reopenExperiment(database, id);
    expect(reopened.reopened && reopened.removed).toBeGreaterThan(0);
    const check = verifyCounters(database, id);
    expect(check?.differences).toEqual([]);
    expect(check?.conversations).toBe(25 - (reopened.reopened ? reopened.removed : 0));
  });

  it('report a counter that disagrees with the rows', () => {
    const id = writeExperiment();
    database.$client
      .prepare(
        `update summary_counters
          set counts = json_set(counts, '$.modelResponses', json_extract(counts, '$.modelResponses') + 1)
          where experiment_id = ? and scope = 'input' and variant_index = 1 and input_index = 2`,
      )
      .run(id);
    const differences = verifyCounters(database, id)?.differences ?? [];
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^input counters of variant:input 1:2: kept .*"modelResponses":\d+/);
  });

  it('let sums of fractions differ by rounding only: retry waits added in another order', () => {
    const id = writeExperiment();
    const shift = (delta: number) =>
      database.$client
        .prepare(
          `update summary_counters
            set counts = json_set(counts, '$.retryWaitMs', json_extract(counts, '$.retryWaitMs') + ?)
            where experiment_id = ? and scope = 'input' and json_extract(counts, '$.retryWaitMs') > 0`,
        )
        .run(delta, id).changes;
    // The last bits of a sum of 250s, as another order of additions of fractions leaves them.
    expect(shift(1e-10)).toBeGreaterThan(0);
    expect(verifyCounters(database, id)?.differences).toEqual([]);
    shift(1);
    const differences = verifyCounters(database, id)?.differences ?? [];
    expect(differences.length).toBeGreaterThan(0);
    expect(differences[0]).toMatch(
      /^input counters of variant:input \d+:\d+: retryWaitMs: kept 501(\.\d+)?, recounted 500$/,
    );
  });

  it('are counted from the rows for an experiment stored before they existed', () => {
    const id = writeExperiment();
    database.$client.prepare('delete from summary_counters where experiment_id = ?').run(id);
    database.$client.prepare('update experiments set counters_ready = 0 where id = ?').run(id);
    expect(verifyCounters(database, id)?.differences[0]).toMatch(/not kept for this experiment yet/);
    const input = countedMetricsInput(database, id);
    expect(input?.inputs?.reduce((sum, fact) => sum + fact.conversations, 0)).toBe(24);
    expect(verifyCounters(database, id)?.differences).toEqual([]);
  });
});
