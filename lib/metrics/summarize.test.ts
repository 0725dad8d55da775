import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from './summarize';
import { compareUnpairedRates } from './compare-rates';
import { conversations, input, modelCalls, variantFacts } from './test-input';
import type { Comparison, MetricsInput } from './types';

/* Reference values from scipy 1.17 / numpy 2.4 (see statistics.test.ts for the methods). */

function baselineInput(): MetricsInput {
  return input(['baseline'], {
    conversations: [conversations('baseline', 'submitted', 2, 36), conversations('baseline', 'no_tool_call', 1, 4)],
    modelCalls: [
      modelCalls('baseline', 64, { promptTokens: 100, completionTokens: 20 }),
      modelCalls('baseline', 4, { parsePath: 'json_name_arguments', promptTokens: 100, completionTokens: 20 }),
      modelCalls('baseline', 4, { allValid: false, promptTokens: null, completionTokens: null }),
      modelCalls('baseline', 4, { parsePath: 'text', callCount: 0, allValid: false }),
      // Requests that failed: no response, so neither a model call nor a latency sample.
      modelCalls('baseline', 2, { ok: false, parsePath: null, callCount: 0, allValid: false, latencyMs: 99_999 }),
    ],
    errors: [
      { variant: 'baseline', kind: 'invalid_arguments', count: 4 },
      { variant: 'baseline', kind: 'model_request_failed', count: 2 },
      { variant: 'baseline', kind: 'tool_failed', count: 0 },
      { variant: 'baseline', kind: 'invalid_arguments', count: 1 },
    ],
  });
}

function comparisonOf(comparisons: Comparison[], metric: Comparison['metric']): Comparison {
  const found = comparisons.find((comparison) => comparison.metric === metric);
  if (!found) throw new Error(`no comparison for ${metric}`);
  return found;
}

describe('summarizeExperiment: one variant', () => {
  const summary = summarizeExperiment('experiment-1', 'completed', baselineInput());
  const [variant] = summary.variants;

  it('counts conversations and model responses (failed requests are not responses)', () => {
    expect(variant.name).toBe('baseline');
    expect(variant.conversations).toBe(40);
    expect(variant.modelCalls).toBe(76);
  });

  it('computes the rates with their Wilson intervals and counts', () => {
    expect(variant.toolCallRate).toMatchObject({ successes: 72, trials: 76 });
    expect(variant.toolCallRate.value).toBeCloseTo(0.9473684210526315, 12);
    expect(variant.toolCallRate.low).toBeCloseTo(0.8723432742411035, 12);
    expect(variant.toolCallRate.high).toBeCloseTo(0.9793445707006158, 12);
    expect(variant.validCallRate).toMatchObject({ successes: 68, trials: 76 });
    expect(variant.validCallRate.low).toBeCloseTo(0.8058005367767949, 12);
    expect(variant.completionRate).toMatchObject({ successes: 36, trials: 40, value: 0.9 });
    expect(variant.completionRate.low).toBeCloseTo(0.769482247724777, 12);
    expect(variant.completionRate.high).toBeCloseTo(0.9604204713173937, 12);
  });

  it('summarizes turns over submitted conversations only', () => {
    expect(variant.turnsToCompletion).toEqual({ mean: 2, p50: 2, p90: 2, max: 2 });
  });

  it('counts parse paths that add up to the model responses, omitting zeros', () => {
    expect(variant.parsePaths).toEqual({ tool_calls: 68, json_name_arguments: 4, text: 4 });
    const total = Object.values(variant.parsePaths).reduce((sum, count) => sum + (count ?? 0), 0);
    expect(total).toBe(variant.modelCalls);
  });

  it('counts outcomes and errors, omitting zeros and adding repeated kinds', () => {
    expect(variant.outcomes).toEqual({ submitted: 36, no_tool_call: 4 });
    expect(variant.errors).toEqual({ invalid_arguments: 5, model_request_failed: 2 });
  });

  it('sums tokens where reported', () => {
    expect(variant.tokens).toEqual({ prompt: 6_800, completion: 1_360 });
  });

  it('has no comparisons with one variant', () => {
    expect(summary.comparisons).toEqual([]);
    expect(summary).toMatchObject({ experimentId: 'experiment-1', status: 'completed' });
    expect(summary.simulated).toBeUndefined();
  });
});

describe('summarizeExperiment: latency and tokens', () => {
  it('takes latency quantiles over responses like numpy', () => {
    const latencies = [50, 5, 45, 10, 40, 15, 35, 20, 30, 25];
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['v'], {
        modelCalls: [
          latencies.flatMap((latencyMs) => modelCalls('v', 1, { latencyMs })),
          modelCalls('v', 3, { ok: false, parsePath: null, latencyMs: 10_000 }),
        ],
      }),
    );
    expect(summary.variants[0].latencyMs.p50).toBe(27.5);
    expect(summary.variants[0].latencyMs.p95).toBeCloseTo(47.75, 10);
  });

  it('leaves tokens null when no response reported usage', () => {
    const summary = summarizeExperiment('e', 'completed', input(['v'], { modelCalls: [modelCalls('v', 3)] }));
    expect(summary.variants[0].tokens).toEqual({ prompt: null, completion: null });
  });
});

describe('summarizeExperiment: missing data stays null', () => {
  it('gives null turns when nothing was submitted, and a completion rate of 0 with its interval', () => {
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['v'], {
        conversations: [conversations('v', 'turn_limit', 15, 5), conversations('v', 'error', 1, 2)],
        modelCalls: [modelCalls('v', 77)],
      }),
    );
    const [variant] = summary.variants;
    expect(variant.turnsToCompletion).toEqual({ mean: null, p50: null, p90: null, max: null });
    expect(variant.completionRate).toMatchObject({ value: 0, low: 0, successes: 0, trials: 7 });
    expect(variant.completionRate.high).toBeGreaterThan(0);
  });

  it('gives null rates and latency for a listed variant without any data', () => {
    const summary = summarizeExperiment('e', 'running', input(['empty'], {}));
    const [variant] = summary.variants;
    expect(variant).toMatchObject({ conversations: 0, modelCalls: 0, parsePaths: {}, outcomes: {}, errors: {} });
    expect(variant.toolCallRate).toEqual({ value: null, low: null, high: null, successes: 0, trials: 0, inputs: 0 });
    expect(variant.completionRate.value).toBeNull();
    expect(variant.latencyMs).toEqual({ p50: null, p95: null });
  });
});

describe('summarizeExperiment: comparisons', () => {
  it('compares each pair, a listed before b, in metric order', () => {
    const names = ['one', 'two', 'three'];
    const facts = names.map((name) =>
      variantFacts(name, { responses: 10, withCalls: 8, valid: 7, conversationCount: 5, submitted: 4 }),
    );
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(names, { conversations: facts.map((f) => f.conversations), modelCalls: facts.map((f) => f.modelCalls) }),
    );
    expect(summary.comparisons.map((c) => `${c.a}>${c.b}:${c.metric}`)).toEqual(
      [
        ['one', 'two'],
        ['one', 'three'],
        ['two', 'three'],
      ].flatMap(([a, b]) =>
        ['toolCallRate', 'validCallRate', 'completionRate', 'turnsToCompletion'].map((m) => `${a}>${b}:${m}`),
      ),
    );
  });

  it('finds no detectable difference between identical variants', () => {
    const same = { responses: 200, withCalls: 150, valid: 120, conversationCount: 100, submitted: 60, turns: 3 };
    const a = variantFacts('a', same);
    const b = variantFacts('b', same);
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['a', 'b'], {
        conversations: [a.conversations, b.conversations],
        modelCalls: [a.modelCalls, b.modelCalls],
      }),
    );
    expect(summary.comparisons).toHaveLength(4);
    for (const comparison of summary.comparisons) {
      expect(comparison.difference).toBe(0);
      expect(comparison.pValue).toBe(1);
      expect(comparison.detectable).toBe(false);
      expect(comparison.low as number).toBeLessThanOrEqual(0);
      expect(comparison.high as number).toBeGreaterThanOrEqual(0);
    }
  });

  it('finds a real difference with the right sign, interval and test', () => {
    // Facts without their input: every response and conversation is its own input (unpaired).
    const a = variantFacts('baseline', {
      responses: 100,
      withCalls: 50,
      valid: 50,
      conversationCount: 40,
      submitted: 36,
      turns: 2,
    });
    const b = variantFacts('directive', {
      responses: 100,
      withCalls: 95,
      valid: 90,
      conversationCount: 40,
      submitted: 20,
      turns: 4,
    });
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['baseline', 'directive'], {
        conversations: [a.conversations, b.conversations],
        modelCalls: [a.modelCalls, b.modelCalls],
      }),
    );
    const toolCalls = comparisonOf(summary.comparisons, 'toolCallRate');
    expect(toolCalls).toMatchObject({
      a: 'baseline',
      b: 'directive',
      test: 'newcombe-clustered',
      method: 'newcombe-clustered',
      paired: false,
      detectable: true,
    });
    expect(toolCalls.difference).toBeCloseTo(0.45, 12);
    // One trial per input: Newcombe's interval from two Wilson intervals (Newcombe 1998, method 10).
    expect(toolCalls.low).toBeCloseTo(0.3357131022290454, 12);
    expect(toolCalls.high).toBeCloseTo(0.5502902624775503, 12);
    expect(toolCalls.pValue).toBe(toolCalls.p);
    expect(toolCalls.p as number).toBeLessThan(1e-6);

    const completion = comparisonOf(summary.comparisons, 'completionRate');
    expect(completion).toMatchObject({ test: 'newcombe-clustered', detectable: true });
    expect(completion.difference).toBeCloseTo(-0.4, 12);
    expect(completion.low).toBeCloseTo(-0.5598625461249058, 12);
    expect(completion.high).toBeCloseTo(-0.20266707330428071, 12);
    // The p-value is the level at which this interval just reaches 0: at 1 - p its upper bound is 0.
    const atP = compareUnpairedRates(
      Array.from({ length: 40 }, (_, index) => ({ successes: index < 36 ? 1 : 0, trials: 1 })),
      Array.from({ length: 40 }, (_, index) => ({ successes: index < 20 ? 1 : 0, trials: 1 })),
      1 - (completion.p as number),
    );
    expect(atP.high as number).toBeCloseTo(0, 9);

    const turns = comparisonOf(summary.comparisons, 'turnsToCompletion');
    // Every submitted conversation took 2 turns in a and 4 in b: the bootstrap cannot vary.
    expect(turns).toMatchObject({ difference: 2, low: 2, high: 2, test: 'cluster-bootstrap', detectable: true });
    expect(turns.pValue as number).toBeLessThan(0.001);
  });

  it('keeps the interval and the p-value of a comparison in agreement', () => {
    for (const [withA, withB] of [
      [9, 3],
      [5, 5],
      [7, 4],
      [10, 6],
      [2, 0],
    ]) {
      const a = variantFacts('a', {
        responses: 10,
        withCalls: withA,
        valid: withA,
        conversationCount: 5,
        submitted: 5,
      });
      const b = variantFacts('b', {
        responses: 10,
        withCalls: withB,
        valid: withB,
        conversationCount: 5,
        submitted: 5,
      });
      const summary = summarizeExperiment(
        'e',
        'completed',
        input(['a', 'b'], {
          conversations: [a.conversations, b.conversations],
          modelCalls: [a.modelCalls, b.modelCalls],
        }),
      );
      const toolCalls = comparisonOf(summary.comparisons, 'toolCallRate');
      const excludesZero = (toolCalls.low as number) > 0 || (toolCalls.high as number) < 0;
      expect(excludesZero).toBe((toolCalls.p as number) < 0.05);
    }
  });

  it('leaves turns comparisons null and not detectable when a side submitted nothing', () => {
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['a', 'b'], {
        conversations: [conversations('a', 'submitted', 2, 10), conversations('b', 'turn_limit', 15, 10)],
        modelCalls: [modelCalls('a', 20), modelCalls('b', 150)],
      }),
    );
    expect(comparisonOf(summary.comparisons, 'turnsToCompletion')).toEqual({
      a: 'a',
      b: 'b',
      metric: 'turnsToCompletion',
      difference: null,
      low: null,
      high: null,
      pValue: null,
      test: 'none',
      method: 'none',
      paired: false,
      p: null,
      pAdjusted: null,
      exploratory: true,
      inputs: 0,
      reason: 'needs 10 completed conversations a side (10 and 0)',
      detectable: false,
    });
  });

  it('leaves rate comparisons null when a side has no responses', () => {
    const summary = summarizeExperiment('e', 'running', input(['a', 'b'], { modelCalls: [modelCalls('a', 5)] }));
    expect(comparisonOf(summary.comparisons, 'toolCallRate')).toMatchObject({
      difference: null,
      low: null,
      high: null,
      pValue: null,
      test: 'none',
      detectable: false,
    });
  });
});

describe('summarizeExperiment: large counts', () => {
  it('handles 20,000 conversations and responses per variant, and adjusts across metrics', () => {
    const size = 20_000;
    const build = (name: string, submittedShare: number, turns: number) => ({
      conversations: [
        conversations(name, 'submitted', turns, size * submittedShare),
        conversations(name, 'no_tool_call', 1, size * (1 - submittedShare)),
      ],
      modelCalls: [modelCalls(name, size)],
    });
    const a = build('a', 0.5, 3);
    const b = build('b', 0.512, 3);
    const facts = input(['a', 'b'], {
      conversations: [...a.conversations, ...b.conversations],
      modelCalls: [...a.modelCalls, ...b.modelCalls],
    });
    const summary = summarizeExperiment('e', 'completed', facts);
    // One conversation per input: Wilson's interval itself (scipy/statsmodels proportion_confint 'wilson').
    expect(summary.variants[0].completionRate.low).toBeCloseTo(0.4930711462689593, 12);
    const completion = comparisonOf(summary.comparisons, 'completionRate');
    expect(completion.p as number).toBeLessThan(0.05);
    expect(completion.low as number).toBeGreaterThan(0);
    // Four comparisons in the exploratory family: Holm multiplies the smallest p by 4.
    expect(completion.pAdjusted).toBeCloseTo(Math.min(1, 4 * (completion.p as number)), 12);
    expect(completion.detectable).toBe((completion.pAdjusted as number) < 0.05);
    // Chosen as the primary metric, it is a family of its own and decides alone.
    const primary = comparisonOf(
      summarizeExperiment('e', 'completed', facts, { primaryMetric: 'completionRate' }).comparisons,
      'completionRate',
    );
    expect(primary).toMatchObject({ exploratory: false, pAdjusted: completion.p, detectable: true });
    // Every response has a call on both sides: equal rates, nothing to detect.
    expect(comparisonOf(summary.comparisons, 'toolCallRate')).toMatchObject({ difference: 0, detectable: false });
    expect(comparisonOf(summary.comparisons, 'turnsToCompletion')).toMatchObject({ difference: 0, low: 0, high: 0 });
  });
});

describe('summarizeExperiment: order and marks', () => {
  it('appends variants that only appear in the facts instead of dropping them', () => {
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['a'], { modelCalls: [modelCalls('stray', 1), modelCalls('a', 1)] }),
    );
    expect(summary.variants.map((variant) => variant.name)).toEqual(['a', 'stray']);
  });

  it('does not depend on the order the facts arrive in', () => {
    const a = variantFacts('a', { responses: 30, withCalls: 20, valid: 15, conversationCount: 12, submitted: 9 });
    const b = {
      conversations: [1, 5, 2, 7, 3, 3, 2, 9].flatMap((turns) => conversations('b', 'submitted', turns)),
      modelCalls: modelCalls('b', 32),
    };
    const forward = input(['a', 'b'], {
      conversations: [a.conversations, b.conversations],
      modelCalls: [a.modelCalls, b.modelCalls],
    });
    const backward: MetricsInput = {
      ...forward,
      conversations: [...(forward.conversations ?? [])].reverse(),
      modelCalls: [...(forward.modelCalls ?? [])].reverse(),
    };
    expect(summarizeExperiment('e', 'completed', backward)).toEqual(summarizeExperiment('e', 'completed', forward));
  });

  it('marks simulated experiments', () => {
    expect(summarizeExperiment('e', 'completed', input(['a'], {}), { simulated: true }).simulated).toBe(true);
  });
});

describe('summarizeExperiment: task success', () => {
  const judged = (variant: string, taskSuccess: boolean | null, count: number) =>
    Array.from({ length: count }, () => ({ variant, outcome: 'submitted' as const, modelResponses: 2, taskSuccess }));

  it('rates task success among the judged conversations only, for every variant once any was judged', () => {
    const summary = summarizeExperiment(
      'experiment-1',
      'completed',
      input(['a', 'b'], {
        conversations: [judged('a', true, 3), judged('a', false, 1), judged('a', null, 5), judged('b', null, 2)],
        modelCalls: [],
        errors: [],
      }),
    );
    const [a, b] = summary.variants;
    expect(a.taskSuccessRate).toMatchObject({ value: 0.75, successes: 3, trials: 4 });
    expect(b.taskSuccessRate).toEqual({ value: null, low: null, high: null, successes: 0, trials: 0, inputs: 0 });
  });

  it('leaves the field out when no conversation was judged', () => {
    const summary = summarizeExperiment('experiment-1', 'completed', baselineInput());
    expect(summary.variants[0]).not.toHaveProperty('taskSuccessRate');
  });
});
