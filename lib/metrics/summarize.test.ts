import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from './summarize';
import { baselineInput, comparisonOf, conversations, input, modelCalls, variantFacts } from './test-input';
import type { MetricsInput } from './types';

/* Reference values from scipy 1.17 / numpy 2.4 (see statistics.test.ts for the methods). */

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
