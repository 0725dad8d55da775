import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeConversation, PROFILES } from '@/bench/panel-records';
import { seededRandom } from '../../metrics/random';
import { quantile, sortAscending } from '../../metrics/samples';
import { summarizeExperiment } from '../../metrics/summarize';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { createExperiment } from './experiments';
import { getMetricsInput } from './metrics-facts';
import { quantileAt, quantilePosition } from './response-stats';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

describe('quantiles from order statistics', () => {
  it('give exactly what lib/metrics computes from the whole sorted list', () => {
    const random = seededRandom(7);
    for (let size = 1; size <= 120; size++) {
      // Repeated values and long decimals, as latencies are.
      const values = sortAscending(Array.from({ length: size }, () => Math.round(random() * 5000) / 37));
      for (const q of [0, 0.05, 0.25, 0.5, 0.9, 0.95, 1]) {
        const position = quantilePosition(size, q);
        expect(position).not.toBeNull();
        expect(quantileAt(position!, (index) => values[index])).toBe(quantile(values, q));
      }
    }
    expect(quantilePosition(0, 0.5)).toBeNull();
    expect(quantilePosition(5, 1.5)).toBeNull();
  });
});

describe("getMetricsInput with responses 'aggregate'", () => {
  it('summarizes exactly as the per-call facts do', () => {
    const { id } = createExperiment(database, {
      agentName: 'harness',
      config: experimentConfig([...PROFILES.map((profile) => profile.name), 'fixtures', 'never-ran']),
      simulated: true,
      totalConversations: 0,
    });
    const writer = createConversationWriter(database, { maxBatch: 200 });
    PROFILES.forEach((profile, variantIndex) => {
      for (let slot = 0; slot < 400; slot++) {
        writer.write(
          id,
          { variantIndex, variantName: profile.name, slot, inputIndex: 0 },
          makeConversation(profile, slot, { node_text: `request ${slot}` }, slot * 7 + variantIndex),
        );
      }
    });
    // Calls without usage, failed requests and tool errors, from the storage fixtures.
    [
      docstringConversation(),
      textConversation(),
      failingConversation(),
      docstringConversation({ secondPath: 'json_array' }),
    ].forEach((record, slot) =>
      writer.write(id, { variantIndex: 3, variantName: 'fixtures', slot, inputIndex: 0 }, record),
    );
    writer.close();

    const perCall = getMetricsInput(database, id)!;
    const aggregated = getMetricsInput(database, id, { responses: 'aggregate' })!;
    expect(aggregated.responses?.map((entry) => entry.variant)).toEqual([
      ...PROFILES.map((profile) => profile.name),
      'fixtures',
    ]);
    // Far fewer distinct facts: the calls no longer differ by latency.
    expect(new Set(aggregated.modelCalls).size).toBeLessThan(new Set(perCall.modelCalls).size / 10);
    const expected = summarizeExperiment(id, 'completed', perCall, { simulated: true });
    const actual = summarizeExperiment(id, 'completed', aggregated, { simulated: true });
    expect(actual).toEqual(expected);
    // Not vacuous: the figures compared are there.
    const baseline = actual.variants[0];
    expect(baseline.latencyMs.p95).toBeGreaterThan(baseline.latencyMs.p50 as number);
    expect(baseline.tokens.prompt).toBeGreaterThan(0);
    expect(actual.variants.find((variant) => variant.name === 'never-ran')).toMatchObject({
      latencyMs: { p50: null, p95: null },
      tokens: { prompt: null, completion: null },
    });
  });
});
