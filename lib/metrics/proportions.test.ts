import { describe, expect, it } from 'vitest';
import {
  compareProportions,
  fisherExactTest,
  normalQuantile,
  normalTwoSidedPValue,
  twoProportionTest,
  wilsonInterval,
} from './statistics';

/*
 * Reference values:
 * - Wilson intervals: Newcombe (1998), Stat Med 17:857–872, Table I, method 3 (4 decimals in the
 *   paper); the full-precision digits were recomputed with scipy 1.17 (norm.ppf(0.975)).
 * - Newcombe's hybrid interval: Newcombe (1998), Stat Med 17:873–890, Table II, method 10
 *   (examples 56/70 − 48/80, 9/10 − 3/10, 6/7 − 2/7, 5/56 − 0/29), full digits recomputed.
 * - Fisher: R's fisher.test documentation (TeaTasting, p = 0.4857) and the Wikipedia example
 *   (1, 9 / 11, 3, p = 0.002759); others from scipy.stats.fisher_exact.
 * - Mann–Whitney: scipy.stats.mannwhitneyu(x, y, use_continuity=True, alternative='two-sided',
 *   method='asymptotic').
 * - Quantiles: numpy.quantile (default method 'linear').
 * - Normal quantiles: scipy.stats.norm.ppf; z-test p-values: 2 * norm.sf(|z|).
 */

describe('normalQuantile', () => {
  it.each([
    [0.975, 1.959963984540054],
    [0.95, 1.6448536269514722],
    [0.995, 2.5758293035489004],
    [0.5, 0],
    [0.3, -0.5244005127080409],
    [0.02425, -1.972961051311885],
    [0.9999, 3.719016485455709],
    [1e-10, -6.361340902404056],
    [1e-300, -37.0470962993612],
  ])('matches scipy norm.ppf(%d)', (p, expected) => {
    expect(normalQuantile(p)).toBeCloseTo(expected, 12);
  });

  it('is infinite at 0 and 1 and NaN outside', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(1.5)).toBeNaN();
  });
});

describe('normalTwoSidedPValue', () => {
  it('matches 2 * norm.sf(|z|) to the accuracy of the erf series', () => {
    expect(normalTwoSidedPValue(1.959963984540054)).toBeCloseTo(0.05, 6);
    expect(normalTwoSidedPValue(-2.6501719512585336)).toBeCloseTo(0.00804508136819656, 8);
    expect(normalTwoSidedPValue(0)).toBe(1);
    expect(normalTwoSidedPValue(40)).toBe(0);
  });
});

describe('wilsonInterval', () => {
  it.each([
    [81, 263, 0.30798479087452474, 0.2552885198782742, 0.36620957698280004],
    [15, 148, 0.10135135135135136, 0.06238639953073628, 0.16048724172330803],
    [0, 20, 0, 0, 0.16112515805281938],
    [1, 29, 0.034482758620689655, 0.006113214292762649, 0.17175521879320288],
    [38, 40, 0.95, 0.8349612263085904, 0.9861793326138516],
  ])('%d/%d matches Newcombe (1998) Table I', (successes, trials, value, low, high) => {
    const interval = wilsonInterval(successes, trials);
    expect(interval.value).toBeCloseTo(value, 12);
    expect(interval.low).toBeCloseTo(low, 12);
    expect(interval.high).toBeCloseTo(high, 12);
  });

  it('gives nulls for zero trials', () => {
    expect(wilsonInterval(0, 0)).toEqual({ value: null, low: null, high: null });
  });

  it('gives nulls for counts that are not counts', () => {
    expect(wilsonInterval(5, 3)).toEqual({ value: null, low: null, high: null });
    expect(wilsonInterval(-1, 3)).toEqual({ value: null, low: null, high: null });
    expect(wilsonInterval(1.5, 3)).toEqual({ value: null, low: null, high: null });
  });

  it('ends exactly at 1 when every trial succeeds', () => {
    const interval = wilsonInterval(29, 29);
    expect(interval).toMatchObject({ value: 1, high: 1 });
    expect(interval.low).toBeCloseTo(0.8830302015002593, 12);
  });

  it('ends exactly at 0 when every trial fails', () => {
    expect(wilsonInterval(0, 20).low).toBe(0);
  });

  it('handles 100,000 trials', () => {
    expect(wilsonInterval(0, 100_000).high).toBeCloseTo(3.841311258303963e-5, 15);
    expect(wilsonInterval(100_000, 100_000).low).toBeCloseTo(0.9999615868874171, 12);
    const half = wilsonInterval(50_000, 100_000);
    expect(half.low).toBeCloseTo(0.4969010843596897, 12);
    expect(half.high).toBeCloseTo(0.5030989156403103, 12);
  });

  it('widens with the confidence level', () => {
    const interval = wilsonInterval(81, 263, 0.99);
    expect(interval.low).toBeCloseTo(0.24013690268760776, 12);
    expect(interval.high).toBeCloseTo(0.38528250231822986, 12);
  });
});

describe('twoProportionTest', () => {
  // Newcombe's examples are p1 − p2; our difference is B − A, so B is the paper's first sample.
  it.each([
    [48, 80, 56, 70, 0.2, 0.05243147240236498, 0.333872654036906],
    [3, 10, 9, 10, 0.6, 0.17052272393450307, 0.8090179735354881],
    [2, 7, 6, 7, 0.5714285714285714, 0.05822792748231209, 0.8062496375242277],
    [0, 29, 5, 56, 0.08928571428571429, -0.03813714790353688, 0.19256001385511162],
  ])('A %d/%d, B %d/%d matches Newcombe (1998) method 10', (sA, tA, sB, tB, difference, low, high) => {
    const result = twoProportionTest(sA, tA, sB, tB);
    expect(result.difference).toBeCloseTo(difference, 12);
    expect(result.low).toBeCloseTo(low, 12);
    expect(result.high).toBeCloseTo(high, 12);
  });

  it('is antisymmetric: swapping A and B mirrors the interval', () => {
    const forward = twoProportionTest(48, 80, 56, 70);
    const backward = twoProportionTest(56, 70, 48, 80);
    expect(backward.difference).toBeCloseTo(-(forward.difference as number), 12);
    expect(backward.low).toBeCloseTo(-(forward.high as number), 12);
    expect(backward.high).toBeCloseTo(-(forward.low as number), 12);
    expect(backward.pValue).toBeCloseTo(forward.pValue as number, 12);
  });

  it.each([
    [48, 80, 56, 70, 0.00804508136819656],
    [380, 400, 390, 400, 0.06274863637056423],
    [30, 100, 45, 100, 0.02845973691631055],
    [50_000, 100_000, 50_500, 100_000, 0.02534548807753115],
  ])('pooled z p-value for %d/%d vs %d/%d matches scipy', (sA, tA, sB, tB, pValue) => {
    expect(twoProportionTest(sA, tA, sB, tB).pValue).toBeCloseTo(pValue, 7);
  });

  it('gives nulls when a side has no trials', () => {
    expect(twoProportionTest(0, 0, 3, 10)).toEqual({ difference: null, low: null, high: null, pValue: null });
    expect(twoProportionTest(3, 10, 0, 0)).toEqual({ difference: null, low: null, high: null, pValue: null });
  });

  it('gives p = 1 when both sides all fail or all succeed', () => {
    expect(twoProportionTest(0, 10, 0, 20)).toMatchObject({ difference: 0, pValue: 1 });
    expect(twoProportionTest(10, 10, 20, 20)).toMatchObject({ difference: 0, pValue: 1 });
    const allFail = twoProportionTest(0, 20, 0, 10);
    // A is 0/20 and B is 0/10: the interval reaches down to −(A's upper bound), up to B's.
    expect(allFail.low).toBeCloseTo(-0.16112515805281938, 12);
    expect(allFail.high).toBeCloseTo(0.2775327998628892, 12);
  });
});

describe('fisherExactTest', () => {
  it.each([
    [3, 1, 1, 3, 0.48571428571428565],
    [1, 9, 11, 3, 0.0027594561852200836],
    [8, 2, 1, 5, 0.034965034965034975],
    [2, 7, 8, 2, 0.02301413756522116],
    [0, 5, 5, 0, 0.007936507936507938],
    [10, 0, 0, 10, 1.082508822446903e-5],
    [0, 3, 4, 0, 0.028571428571428567],
    [3, 99_997, 12, 99_988, 0.035149585128202855],
  ])('[[%d, %d], [%d, %d]] matches R / scipy', (a, b, c, d, expected) => {
    const pValue = fisherExactTest(a, b, c, d) as number;
    expect(Math.abs(pValue - expected) / expected).toBeLessThan(1e-9);
  });

  it('gives 1 for tables with an empty margin', () => {
    expect(fisherExactTest(0, 10, 0, 10)).toBe(1);
    expect(fisherExactTest(5, 0, 5, 0)).toBe(1);
    expect(fisherExactTest(0, 0, 0, 0)).toBe(1);
  });

  it('gives null for counts that are not counts', () => {
    expect(fisherExactTest(-1, 2, 3, 4)).toBeNull();
    expect(fisherExactTest(1.5, 2, 3, 4)).toBeNull();
  });
});

describe('compareProportions', () => {
  it('uses Fisher when an expected count is below 5', () => {
    // 9/10 vs 3/10: expected failures per row are 4. scipy fisher_exact([[9, 1], [3, 7]]).
    const result = compareProportions(9, 10, 3, 10);
    expect(result.test).toBe('fisher-exact');
    expect(result.pValue).toBeCloseTo(0.019766611097880443, 9);
    expect(result.difference).toBeCloseTo(-0.6, 12);
  });

  it('uses the z test when every expected count is at least 5', () => {
    const result = compareProportions(48, 80, 56, 70);
    expect(result.test).toBe('two-proportion-z');
    expect(result.pValue).toBeCloseTo(0.00804508136819656, 7);
  });

  it('uses Fisher for all successes on both sides (expected failures 0)', () => {
    expect(compareProportions(40, 40, 40, 40)).toMatchObject({ test: 'fisher-exact', pValue: 1, difference: 0 });
  });

  it('reports no test without trials', () => {
    expect(compareProportions(0, 0, 0, 0).test).toBe('none');
  });
});
