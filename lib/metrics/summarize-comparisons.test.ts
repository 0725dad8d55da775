// summarizeExperiment's comparisons between variants. Reference values from scipy 1.17 / numpy 2.4
// (see statistics.test.ts for the methods).
import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from './summarize';
import { compareUnpairedRates } from './compare-rates';
import { comparisonOf, conversations, input, modelCalls, variantFacts } from './test-input';

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
      effect: 'turns-difference',
      inference: 'fixed-sample',
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
