import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from './summarize';
import { SummaryJson, toSummaryJson } from './summary-json';
import { conversations, input, modelCalls, variantFacts } from './test-input';

// The example from the spec's "Command line (contract)" section, verbatim.
const specExample = {
  experimentId: '…',
  status: 'completed',
  variants: [
    {
      name: 'baseline',
      conversations: 40,
      modelCalls: 80,
      toolCallRate: { value: 0.95, low: 0.88, high: 0.98 },
      validCallRate: { value: 0.9, low: 0.8, high: 0.95 },
      completionRate: { value: 0.9, low: 0.77, high: 0.96 },
      turnsToCompletion: { mean: 2.0, p50: 2, p90: 2, max: 2 },
      parsePaths: { tool_calls: 70, json_name_arguments: 6, text: 4 },
      outcomes: { submitted: 36, no_tool_call: 4 },
      errors: {},
      latencyMs: { p50: 12, p95: 40 },
    },
  ],
  comparisons: [
    { a: 'baseline', b: 'directive', metric: 'toolCallRate', difference: 0.1, low: 0.02, high: 0.18, pValue: 0.01 },
  ],
};

const SPEC_VARIANT_KEYS = [
  'name',
  'conversations',
  'modelCalls',
  'toolCallRate',
  'validCallRate',
  'completionRate',
  'turnsToCompletion',
  'parsePaths',
  'outcomes',
  'errors',
  'latencyMs',
];
const SPEC_COMPARISON_KEYS = ['a', 'b', 'metric', 'difference', 'low', 'high', 'pValue'];

function twoVariantSummary(simulated?: boolean) {
  const a = variantFacts('baseline', { responses: 76, withCalls: 72, valid: 68, conversationCount: 40, submitted: 36 });
  const b = variantFacts('directive', {
    responses: 80,
    withCalls: 79,
    valid: 75,
    conversationCount: 40,
    submitted: 38,
  });
  return summarizeExperiment(
    'experiment-7',
    'completed',
    input(['baseline', 'directive'], {
      conversations: [a.conversations, b.conversations],
      modelCalls: [a.modelCalls, b.modelCalls],
      errors: [{ variant: 'baseline', kind: 'unknown_tool', count: 3 }],
    }),
    { simulated },
  );
}

describe('SummaryJson schema', () => {
  it('accepts the example from the spec as written', () => {
    expect(SummaryJson.safeParse(specExample).success).toBe(true);
  });

  it('rejects a rate with an extra key or a misspelled key', () => {
    const extra = structuredClone(specExample);
    Object.assign(extra.variants[0].toolCallRate, { successes: 76 });
    expect(SummaryJson.safeParse(extra).success).toBe(false);
    const misspelled = structuredClone(specExample) as Record<string, unknown>;
    misspelled.experiment_id = misspelled.experimentId;
    delete misspelled.experimentId;
    expect(SummaryJson.safeParse(misspelled).success).toBe(false);
  });

  it('rejects an unknown parse path', () => {
    const unknownPath = structuredClone(specExample);
    Object.assign(unknownPath.variants[0].parsePaths, { guessed: 1 });
    expect(SummaryJson.safeParse(unknownPath).success).toBe(false);
  });
});

describe('toSummaryJson', () => {
  const json = toSummaryJson(twoVariantSummary());

  it('produces JSON that the strict schema accepts, also after a round trip through text', () => {
    expect(SummaryJson.parse(json)).toEqual(json);
    expect(SummaryJson.parse(JSON.parse(JSON.stringify(json)))).toEqual(json);
  });

  it('keeps the spec keys in the spec order, with the added keys after them', () => {
    expect(Object.keys(json)).toEqual(['experimentId', 'status', 'verdict', 'inference', 'variants', 'comparisons']);
    expect(Object.keys(json.variants[0])).toEqual([
      ...SPEC_VARIANT_KEYS,
      'tokens',
      'counts',
      'meanToolNameConfidence',
      'modelResponses',
      'inputs',
      'retriedErrors',
      'retryWaitMs',
      'completionRateWithoutServerFailures',
      'passHatK',
    ]);
    expect(Object.keys(json.comparisons[0])).toEqual([
      ...SPEC_COMPARISON_KEYS,
      'test',
      'detectable',
      'method',
      'paired',
      'p',
      'pAdjusted',
      'exploratory',
      'inputs',
      'effect',
      'inference',
      'moreInputs',
    ]);
  });

  it('writes rates as exactly {value, low, high} at full precision, with counts beside them', () => {
    const [baseline] = json.variants;
    expect(Object.keys(baseline.toolCallRate)).toEqual(['value', 'low', 'high']);
    expect(baseline.toolCallRate.value).toBe(72 / 76);
    expect(baseline.counts).toEqual({
      toolCallRate: { successes: 72, trials: 76 },
      validCallRate: { successes: 68, trials: 76 },
      completionRate: { successes: 36, trials: 40 },
      completionRateWithoutServerFailures: { successes: 36, trials: 40 },
    });
    expect(baseline.errors).toEqual({ unknown_tool: 3 });
    expect(baseline.turnsToCompletion).toEqual({ mean: 2, p50: 2, p90: 2, max: 2 });
  });

  it('keeps missing data as null in the text', () => {
    const empty = toSummaryJson(
      summarizeExperiment('e', 'running', input(['a', 'b'], { conversations: [conversations('a', 'error', 0, 2)] })),
    );
    const text = JSON.stringify(empty);
    expect(empty.variants[1].toolCallRate).toEqual({ value: null, low: null, high: null });
    expect(empty.variants[0].turnsToCompletion).toEqual({ mean: null, p50: null, p90: null, max: null });
    expect(text).toContain('"latencyMs":{"p50":null,"p95":null}');
    expect(text).toContain('"tokens":{"prompt":null,"completion":null}');
    expect(SummaryJson.safeParse(empty).success).toBe(true);
  });

  it('marks simulated summaries and leaves the mark out otherwise', () => {
    expect(toSummaryJson(twoVariantSummary(true)).simulated).toBe(true);
    expect('simulated' in json).toBe(false);
  });

  it('does not share objects with the summary', () => {
    const summary = summarizeExperiment('e', 'completed', input(['a'], { modelCalls: [modelCalls('a', 2)] }));
    const output = toSummaryJson(summary);
    output.variants[0].parsePaths.text = 99;
    expect(summary.variants[0].parsePaths.text).toBeUndefined();
  });
});
