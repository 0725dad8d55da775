import { describe, expect, it } from 'vitest';
import { decimalsFor, describeComparison, formatPValue, formatSigned } from './describe';
import type { Comparison } from './types';

function comparison(overrides: Partial<Comparison>): Comparison {
  const pValue = overrides.pValue === undefined ? 0.002 : overrides.pValue;
  return {
    p: pValue,
    pAdjusted: pValue,
    a: 'A',
    b: 'B',
    metric: 'toolCallRate',
    effect: 'rate-difference',
    inference: 'fixed-sample',
    difference: 0.12,
    low: 0.05,
    high: 0.19,
    pValue: 0.002,
    test: 'two-proportion-z',
    method: 'newcombe-clustered',
    paired: false,
    exploratory: true,
    inputs: 40,
    detectable: true,
    ...overrides,
  };
}

describe('describeComparison', () => {
  it('says how much more often B calls tools', () => {
    expect(describeComparison(comparison({}))).toBe(
      'B calls tools 12 points more often than A (95% CI 5 to 19), p = 0.002',
    );
  });

  it('says how much less often B completes, with minus signs', () => {
    expect(
      describeComparison(
        comparison({ metric: 'completionRate', difference: -0.08, low: -0.15, high: -0.01, pValue: 0.03 }),
      ),
    ).toBe('B completes 8 points less often than A (95% CI \u221215 to \u22121), p = 0.03');
  });

  it('describes valid calls', () => {
    expect(describeComparison(comparison({ metric: 'validCallRate', difference: 0.01, low: 0.002, high: 0.018 }))).toBe(
      'B makes valid calls 1.0 point more often than A (95% CI 0.2 to 1.8), p = 0.002',
    );
  });

  it('says how many more turns B needs', () => {
    expect(
      describeComparison(
        comparison({
          metric: 'turnsToCompletion',
          difference: 0.4,
          low: 0.1,
          high: 0.7,
          pValue: 0.01,
          test: 'mann-whitney-u',
        }),
      ),
    ).toBe('B needs 0.4 more turns on average than A among completed conversations (95% CI 0.1 to 0.7), p = 0.01');
  });

  it('uses the singular for exactly one turn', () => {
    expect(
      describeComparison(comparison({ metric: 'turnsToCompletion', difference: 1, low: 1, high: 1, pValue: 0.0001 })),
    ).toBe('B needs 1.0 more turn on average than A among completed conversations (95% CI 1.0 to 1.0), p < 0.001');
  });

  it('says fewer turns when B needs fewer', () => {
    expect(
      describeComparison(
        comparison({ metric: 'turnsToCompletion', difference: -1.5, low: -2.5, high: -0.5, pValue: 0.0004 }),
      ),
    ).toBe(
      'B needs 1.5 fewer turns on average than A among completed conversations ' +
        '(95% CI \u22122.5 to \u22120.5), p < 0.001',
    );
  });

  it('never calls a difference whose interval contains 0 a win', () => {
    expect(
      describeComparison(comparison({ difference: 0.015, low: -0.03, high: 0.06, pValue: 0.41, detectable: false })),
    ).toBe('Tool-call rate: inconclusive between A and B (95% CI \u22123 to 6), p = 0.41');
  });

  it('says when there is not enough data', () => {
    expect(
      describeComparison(
        comparison({
          metric: 'turnsToCompletion',
          difference: null,
          low: null,
          high: null,
          pValue: null,
          detectable: false,
          test: 'none',
        }),
      ),
    ).toBe('Turns to completion: not enough data to compare A and B');
  });

  it('names the adjusted p-value beside the raw one, and the live interval while the run goes on', () => {
    expect(describeComparison(comparison({ pValue: 0.01, pAdjusted: 0.04 }))).toBe(
      'B calls tools 12 points more often than A (95% CI 5 to 19), p = 0.01, adjusted p = 0.04',
    );
    const live = comparison({
      anytime: { difference: 0.2, low: 0.004, high: 0.4, p: 0.03, pAdjusted: 0.03, inputs: 20 },
    });
    // Rounded so that the words never contradict the numbers: 0.4 points is not "0".
    expect(describeComparison(live)).toBe(
      'B calls tools 20.0 points more often than A (live 95% CI, valid at any look 0.4 to 40.0), p = 0.03',
    );
  });

  it('says when the test and the interval disagree instead of declaring a difference', () => {
    expect(
      describeComparison(
        comparison({
          metric: 'turnsToCompletion',
          difference: 0.3,
          low: -0.05,
          high: 0.6,
          pValue: 0.03,
          detectable: false,
        }),
      ),
    ).toBe(
      'Turns to completion: inconclusive between A and B among completed conversations ' +
        '(95% CI \u22120.1 to 0.6), p = 0.03: the test and the interval disagree, so it is undecided',
    );
  });

  it('says when a difference does not survive the adjustment for the other comparisons', () => {
    expect(describeComparison(comparison({ pValue: 0.02, pAdjusted: 0.08, detectable: false }))).toBe(
      'Tool-call rate: inconclusive between A and B (95% CI 5 to 19), p = 0.02, adjusted p = 0.08: ' +
        "the interval excludes 0, but not after Holm's adjustment for the other comparisons",
    );
  });

  it('rounds so that the words never contradict the interval', () => {
    // Bounds near 0 get the decimals that keep them off 0, on the right side of it.
    expect(describeComparison(comparison({ difference: 0.02, low: 0.004, high: 0.036 }))).toBe(
      'B calls tools 2.0 points more often than A (95% CI 0.4 to 3.6), p = 0.002',
    );
    expect(describeComparison(comparison({ difference: -0.2, low: -0.4, high: -0.0004 }))).toBe(
      'B calls tools 20.00 points less often than A (95% CI \u221240.00 to \u22120.04), p = 0.002',
    );
    // An interval that holds 0 never shows two bounds of one sign (at worst a bound of 0).
    expect(
      describeComparison(comparison({ difference: 0.1, low: -0.004, high: 0.2, pValue: 0.06, detectable: false })),
    ).toBe('Tool-call rate: inconclusive between A and B (95% CI 0 to 20), p = 0.06');
    // p just under 0.05 is never printed as 0.05.
    expect(describeComparison(comparison({ pValue: 0.0495 }))).toMatch(/, p = 0\.049$|, p < 0\.05$/);
  });

  it('gives the reason when there is no verdict', () => {
    expect(
      describeComparison(
        comparison({
          metric: 'turnsToCompletion',
          difference: null,
          low: null,
          high: null,
          pValue: null,
          reason: 'needs 10 completed conversations a side (1 and 1)',
        }),
      ),
    ).toBe('Turns to completion: no verdict between A and B yet: needs 10 completed conversations a side (1 and 1)');
  });

  it('leaves the p-value out when there is none', () => {
    expect(describeComparison(comparison({ pValue: null }))).toBe(
      'B calls tools 12 points more often than A (95% CI 5 to 19)',
    );
  });
});

describe('formatting helpers', () => {
  it('formats p-values', () => {
    expect(formatPValue(0.0004)).toBe('p < 0.001');
    expect(formatPValue(0)).toBe('p < 0.001');
    expect(formatPValue(0.002)).toBe('p = 0.002');
    expect(formatPValue(0.0312)).toBe('p = 0.03');
    expect(formatPValue(0.0491)).toBe('p = 0.049');
    expect(formatPValue(0.04996)).toBe('p < 0.05');
    expect(formatPValue(0.0502)).toBe('p = 0.05');
    expect(formatPValue(0.41)).toBe('p = 0.41');
    expect(formatPValue(1)).toBe('p = 1');
  });

  it('formats signed numbers without a negative zero', () => {
    expect(formatSigned(-0.3, 0)).toBe('0');
    expect(formatSigned(-2.25, 1)).toBe('\u22122.3');
    expect(formatSigned(4, 1)).toBe('4.0');
  });

  it('chooses decimals from the width of the interval', () => {
    expect(decimalsFor(5, 19)).toBe(0);
    expect(decimalsFor(0.1, 0.7)).toBe(1);
    expect(decimalsFor(0.01, 0.05)).toBe(2);
    expect(decimalsFor(0, 14, 1)).toBe(1);
    expect(decimalsFor(1, 1, 1)).toBe(1);
  });
});
