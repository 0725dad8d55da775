import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from '../../metrics/summarize';
import { input, variantFacts } from '../../metrics/test-input';
import type { Comparison } from '../../metrics/types';
import type { AccuracyFacts, MetricsInput } from '../../metrics/types';
import { compareVariantMetrics } from './metrics';

const baseline = variantFacts('baseline', {
  responses: 80,
  withCalls: 60,
  valid: 50,
  conversationCount: 40,
  submitted: 30,
  turns: 2,
});
const directive = variantFacts('directive', {
  responses: 80,
  withCalls: 76,
  valid: 70,
  conversationCount: 40,
  submitted: 38,
  turns: 2,
});
const other = variantFacts('other', { responses: 10, withCalls: 1, valid: 1, conversationCount: 5, submitted: 1 });
const experiment = input(['baseline', 'directive', 'other'], {
  conversations: [baseline.conversations, directive.conversations, other.conversations],
  modelCalls: [baseline.modelCalls, directive.modelCalls, other.modelCalls],
});

const accuracy = (variant: string, right: number, wrong: number, irrelevant = 0): AccuracyFacts[] => [
  { variant, kind: 'call', scored: true, correct: true, nameCorrect: true, argumentsCorrect: true, count: right },
  { variant, kind: 'call', scored: true, correct: false, nameCorrect: false, argumentsCorrect: null, count: wrong },
  ...(irrelevant > 0
    ? [
        {
          variant,
          kind: 'no_call' as const,
          scored: true,
          correct: true,
          nameCorrect: null,
          argumentsCorrect: null,
          count: irrelevant,
        },
      ]
    : []),
];

describe('compareVariantMetrics', () => {
  it('gives exactly the comparisons of the experiment summary for two variants of one experiment', () => {
    const compared = compareVariantMetrics(
      { facts: experiment, variant: 'baseline', label: 'baseline' },
      { facts: experiment, variant: 'directive', label: 'directive' },
    );
    const within = summarizeExperiment('x', 'completed', experiment).comparisons.filter(
      (comparison) => comparison.a === 'baseline' && comparison.b === 'directive',
    );
    // The same tests; only Holm's family differs (this pair's four comparisons, not all twelve of the experiment).
    const withoutFamily = ({ pAdjusted: _adjusted, detectable: _detectable, ...rest }: Comparison) => rest;
    expect(compared.metrics.map((metric) => withoutFamily(metric.comparison))).toEqual(within.map(withoutFamily));
    expect(compared.metrics.map((metric) => metric.metric)).toEqual([
      'toolCallRate',
      'validCallRate',
      'completionRate',
      'turnsToCompletion',
    ]);
    expect(compared.a.toolCallRate).toMatchObject({ successes: 60, trials: 80 });
    expect(compared.metrics[0].sentence).toMatch(
      /^directive calls tools 20 points more often than baseline \(95% CI \d+ to \d+\), p [<=] 0\.\d+/,
    );
    // Every input took the same turns in both variants: a zero-width interval, which measures nothing.
    expect(compared.metrics[3].sentence).toMatch(/^Turns to completion: no information between baseline and directive/);
  });

  it('compares variants of two experiments under their labels', () => {
    const second: MetricsInput = input(['baseline'], {
      conversations: [directive.conversations.map((fact) => ({ ...fact, variant: 'baseline' }))],
      modelCalls: [directive.modelCalls.map((fact) => ({ ...fact, variant: 'baseline' }))],
    });
    const compared = compareVariantMetrics(
      { facts: experiment, variant: 'baseline', label: 'baseline (A)' },
      { facts: second, variant: 'baseline', label: 'baseline (B)' },
    );
    expect(compared.a.name).toBe('baseline (A)');
    expect(compared.b.toolCallRate).toMatchObject({ successes: 76, trials: 80 });
    expect(compared.metrics[0].sentence).toMatch(
      /^baseline \(B\) calls tools 20 points more often than baseline \(A\)/,
    );
    expect(() =>
      compareVariantMetrics(
        { facts: experiment, variant: 'baseline', label: 'x' },
        { facts: second, variant: 'baseline', label: 'x' },
      ),
    ).toThrow(/different labels/);
  });

  it('adds the accuracy rates only when both sides have them, irrelevance only when both sets hold such cases', () => {
    const withAccuracy = (
      facts: MetricsInput,
      kinds: ('call' | 'no_call')[],
      verdicts: AccuracyFacts[],
    ): MetricsInput => ({ ...facts, accuracy: { kinds, facts: verdicts } });
    const a = withAccuracy(experiment, ['call', 'no_call'], accuracy('baseline', 20, 20, 5));
    const b = withAccuracy(experiment, ['call'], accuracy('directive', 36, 4));
    const compared = compareVariantMetrics(
      { facts: a, variant: 'baseline', label: 'baseline' },
      { facts: b, variant: 'directive', label: 'directive' },
    );
    // Two dataset runs: completion and turns mean nothing at one turn, so they are not compared.
    expect(compared.metrics.map((metric) => metric.metric)).toEqual([
      'toolCallRate',
      'validCallRate',
      'callAccuracy',
      'nameAccuracy',
      'argumentAccuracy',
    ]);
    expect(compared.metrics[2].sentence).toMatch(
      /^directive makes the whole call right 40 points more often than baseline/,
    );
    const oneSided = compareVariantMetrics(
      { facts: a, variant: 'baseline', label: 'baseline' },
      { facts: experiment, variant: 'directive', label: 'directive' },
    );
    expect(oneSided.metrics.map((metric) => metric.metric)).not.toContain('callAccuracy');
    expect(oneSided.a.callAccuracy).toBeUndefined();
  });
});
