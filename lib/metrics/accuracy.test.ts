import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from './summarize';
import { SummaryJson, toSummaryJson } from './summary-json';
import { formatSummaryTable } from '../cli/format-table';
import { formatConfusionTable, prepareConfusionMatrix, type Confusion } from './confusion';
import { input, variantFacts } from './test-input';
import type { AccuracyFacts, MetricsInput } from './types';

function fact(
  variant: string,
  kind: 'call' | 'no_call',
  flags: Partial<Omit<AccuracyFacts, 'variant' | 'kind'>>,
): AccuracyFacts {
  return {
    variant,
    kind,
    scored: true,
    correct: false,
    nameCorrect: kind === 'call' ? false : null,
    argumentsCorrect: null,
    count: 1,
    ...flags,
  };
}

function datasetInput(withIrrelevant: boolean): MetricsInput {
  const a = variantFacts('a', {
    responses: 40,
    withCalls: 40,
    valid: 40,
    conversationCount: 40,
    submitted: 40,
    turns: 1,
  });
  const b = variantFacts('b', {
    responses: 40,
    withCalls: 40,
    valid: 40,
    conversationCount: 40,
    submitted: 40,
    turns: 1,
  });
  const facts: AccuracyFacts[] = [
    // a: 40 calls expected: 20 right, 10 right name with a wrong argument, 8 wrong name, 2 unscored.
    fact('a', 'call', { correct: true, nameCorrect: true, argumentsCorrect: true, count: 20 }),
    fact('a', 'call', { nameCorrect: true, argumentsCorrect: false, count: 10 }),
    fact('a', 'call', { count: 8 }),
    fact('a', 'call', { scored: false, nameCorrect: null, count: 2 }),
    // b: 38 of 40 right.
    fact('b', 'call', { correct: true, nameCorrect: true, argumentsCorrect: true, count: 38 }),
    fact('b', 'call', { nameCorrect: true, argumentsCorrect: false, count: 2 }),
  ];
  if (withIrrelevant) facts.push(fact('a', 'no_call', { correct: true, count: 3 }), fact('a', 'no_call', { count: 1 }));
  return {
    ...input(['a', 'b'], {
      conversations: [a.conversations, b.conversations],
      modelCalls: [a.modelCalls, b.modelCalls],
    }),
    accuracy: { kinds: withIrrelevant ? ['call', 'no_call'] : ['call'], facts },
  };
}

describe('accuracy in the summary', () => {
  it('computes call, name and argument accuracy over scored cases, with Wilson intervals', () => {
    const [a, b] = summarizeExperiment('e', 'completed', datasetInput(false)).variants;
    expect(a.callAccuracy).toMatchObject({ successes: 20, trials: 38 });
    expect(a.nameAccuracy).toMatchObject({ successes: 30, trials: 38 });
    expect(a.argumentAccuracy).toMatchObject({ successes: 20, trials: 30 });
    // Wilson interval of 20/38, computed independently from the textbook formula (z = 1.959964).
    expect(a.callAccuracy?.low).toBeCloseTo(0.3725897138, 9);
    expect(a.callAccuracy?.high).toBeCloseTo(0.6752097668, 9);
    expect(b.callAccuracy).toMatchObject({ successes: 38, trials: 40, value: 0.95 });
    expect(a.irrelevanceAccuracy).toBeUndefined();
  });

  it('adds irrelevance accuracy only when the set has cases that expect no call', () => {
    const [a, b] = summarizeExperiment('e', 'completed', datasetInput(true)).variants;
    expect(a.irrelevanceAccuracy).toMatchObject({ successes: 3, trials: 4, value: 0.75 });
    expect(b.irrelevanceAccuracy).toMatchObject({ successes: 0, trials: 0, value: null });
  });

  it('compares accuracy between variants as a detectable difference', () => {
    const summary = summarizeExperiment('e', 'completed', datasetInput(false));
    const call = summary.comparisons.find((comparison) => comparison.metric === 'callAccuracy');
    expect(call).toMatchObject({ a: 'a', b: 'b', detectable: true });
    expect(call?.difference).toBeCloseTo(0.95 - 20 / 38, 12);
  });

  it('puts the accuracy keys in the JSON only for a dataset with expectations, and the schema accepts both', () => {
    const withAccuracy = toSummaryJson(summarizeExperiment('e', 'completed', datasetInput(false)));
    expect(withAccuracy.variants[0].callAccuracy).toEqual({
      value: 20 / 38,
      low: expect.any(Number),
      high: expect.any(Number),
    });
    expect(Object.keys(withAccuracy.variants[0]).slice(-11, -6)).toEqual([
      'counts',
      'callAccuracy',
      'nameAccuracy',
      'argumentAccuracy',
      'meanToolNameConfidence',
    ]);
    expect(SummaryJson.safeParse(withAccuracy).success).toBe(true);
    const plain = toSummaryJson(summarizeExperiment('e', 'completed', { ...datasetInput(false), accuracy: undefined }));
    expect(Object.keys(plain.variants[0])).not.toContain('callAccuracy');
    expect(Object.keys(plain.variants[0].counts ?? {})).toEqual([
      'toolCallRate',
      'validCallRate',
      'completionRate',
      'completionRateWithoutServerFailures',
    ]);
    expect(plain.comparisons.map((comparison) => comparison.metric)).toEqual([
      'toolCallRate',
      'validCallRate',
      'completionRate',
      'turnsToCompletion',
    ]);
  });

  it('compares neither completion nor turns in a dataset run, where both mean nothing at one turn', () => {
    // "Completed" there is a text answer instead of the expected call: more of it would read as a win.
    const summary = summarizeExperiment('e', 'completed', datasetInput(true));
    expect(summary.comparisons.map((comparison) => comparison.metric)).toEqual([
      'toolCallRate',
      'validCallRate',
      'callAccuracy',
      'nameAccuracy',
      'argumentAccuracy',
      'irrelevanceAccuracy',
    ]);
  });

  it('shows an accuracy table in the text report', () => {
    const text = formatSummaryTable(summarizeExperiment('e', 'completed', datasetInput(true)));
    expect(text).toContain('Call accuracy');
    expect(text).toContain('52.6% (37.3–67.5) 20/38');
    expect(text).toContain('Irrelevance accuracy');
    expect(text).toContain('b makes the whole call right 42 points more often than a');
  });
});

describe('the confusion matrix', () => {
  const confusion: Confusion = {
    variant: 'a',
    expected: ['lock_door', 'toggle_lights', '(no call)'],
    called: ['lock_door', 'toggle_lights', '(no call)'],
    cells: [
      { expected: 'lock_door', called: 'lock_door', count: 3 },
      { expected: 'toggle_lights', called: 'lock_door', count: 1 },
      { expected: 'toggle_lights', called: 'toggle_lights', count: 2 },
      { expected: 'toggle_lights', called: '(no call)', count: 1 },
    ],
    total: 7,
  };

  it('lays the counts out as rows of expected and columns of called names, with row shares', () => {
    const matrix = prepareConfusionMatrix(confusion);
    expect(matrix.counts).toEqual([
      [3, 0, 0],
      [1, 2, 1],
      [0, 0, 0],
    ]);
    expect(matrix.rowTotals).toEqual([3, 4, 0]);
    expect(matrix.shares[1]).toEqual([0.25, 0.5, 0.25]);
    expect(matrix.shares[2]).toEqual([null, null, null]);
    expect(matrix.agreement).toBeCloseTo(5 / 7, 12);
  });

  it('prints as a table', () => {
    const text = formatConfusionTable(confusion);
    expect(text.split('\n')[0]).toBe('Confusion of expected and called tools (a)');
    expect(text).toMatch(/toggle_lights\s+│ 1\s+│ 2\s+│ 1/);
  });
});
