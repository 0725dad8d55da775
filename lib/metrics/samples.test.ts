import { describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_MAX_VALUES,
  bootstrapMeanDifference,
  compareSamples,
  mannWhitneyU,
  mean,
  normalMeanDifference,
  quantile,
  seededRandom,
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

describe('quantile and mean', () => {
  it('interpolates like numpy.quantile', () => {
    const values = [1, 2, 3, 4, 10];
    expect(quantile(values, 0)).toBe(1);
    expect(quantile(values, 0.1)).toBeCloseTo(1.4, 12);
    expect(quantile(values, 0.5)).toBe(3);
    expect(quantile(values, 0.9)).toBeCloseTo(7.6, 12);
    expect(quantile(values, 0.95)).toBeCloseTo(8.8, 12);
    expect(quantile(values, 1)).toBe(10);
    const others = [3, 7, 8, 15, 20, 21];
    expect(quantile(others, 0.25)).toBeCloseTo(7.25, 12);
    expect(quantile(others, 0.5)).toBeCloseTo(11.5, 12);
    expect(quantile(others, 0.9)).toBeCloseTo(20.5, 12);
    expect(quantile(others, 0.95)).toBeCloseTo(20.75, 12);
  });

  it('gives null for no values or a q outside [0, 1]', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([1, 2], 1.5)).toBeNull();
  });

  it('averages, and gives null for no values', () => {
    expect(mean([2, 3, 7])).toBe(4);
    expect(mean([])).toBeNull();
  });
});

describe('mannWhitneyU', () => {
  it.each([
    [[2, 2, 3, 4, 5], [3, 4, 5, 6, 6, 7], 4.5, 0.06476896969888761],
    [[1, 2, 3], [4, 5, 6], 0, 0.08085559837005224],
    [[1, 1, 2, 2, 3, 3, 3], [2, 3, 3, 4, 4, 5], 7, 0.04535219143280889],
    [[5], [6, 7], 0, 0.5402913746074199],
    [[2, 2, 3, 2, 4, 5, 2, 3, 3, 2, 2, 6, 2, 3], [3, 4, 3, 5, 2, 6, 7, 3, 4, 4, 5, 3], 41.5, 0.025669891239373674],
    [[3, 4, 3, 5, 2, 6, 7, 3, 4, 4, 5, 3], [2, 2, 3, 2, 4, 5, 2, 3, 3, 2, 2, 6, 2, 3], 126.5, 0.025669891239373674],
  ])('%j vs %j matches scipy', (samplesA, samplesB, u, pValue) => {
    const result = mannWhitneyU(samplesA, samplesB);
    expect(result.u).toBe(u);
    expect(result.pValue).toBeCloseTo(pValue, 7);
  });

  it('gives p = 1 when every value is tied', () => {
    expect(mannWhitneyU([2, 2, 2], [2, 2, 2, 2])).toEqual({ u: 6, pValue: 1 });
  });

  it('gives nulls for an empty sample', () => {
    expect(mannWhitneyU([], [1, 2])).toEqual({ u: null, pValue: null });
  });
});

describe('bootstrapMeanDifference', () => {
  const samplesA = [2, 2, 3, 2, 4, 5, 2, 3, 3, 2, 2, 6, 2, 3];
  const samplesB = [3, 4, 3, 5, 2, 6, 7, 3, 4, 4, 5, 3];

  it('is reproducible for the same seed and changes with the seed', () => {
    const first = bootstrapMeanDifference(samplesA, samplesB);
    expect(bootstrapMeanDifference(samplesA, samplesB)).toEqual(first);
    expect(bootstrapMeanDifference(samplesA, samplesB, { seed: 7 })).not.toEqual(first);
  });

  it('reports B − A and an interval around it', () => {
    const result = bootstrapMeanDifference(samplesA, samplesB);
    expect(result.difference).toBeCloseTo(49 / 12 - 41 / 14, 12);
    expect(result.low as number).toBeLessThan(result.difference as number);
    expect(result.high as number).toBeGreaterThan(result.difference as number);
    expect(result.low as number).toBeGreaterThan(0);
  });

  it('gives a point interval when both samples are constant', () => {
    expect(bootstrapMeanDifference([2, 2, 2], [3, 3])).toEqual({ difference: 1, low: 1, high: 1 });
    expect(bootstrapMeanDifference([2, 2], [2, 2, 2])).toEqual({ difference: 0, low: 0, high: 0 });
  });

  it('approaches the normal-theory interval for large samples', () => {
    const random = seededRandom(99);
    const draw = (shift: number) => Array.from({ length: 4_000 }, () => 1 + Math.floor(random() * 6) + shift);
    const left = draw(0);
    const right = draw(0.25);
    const result = bootstrapMeanDifference(left, right);
    const variance = (values: number[]) => {
      const average = mean(values) as number;
      return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
    };
    const halfWidth = 1.96 * Math.sqrt(variance(left) / left.length + variance(right) / right.length);
    const difference = result.difference as number;
    expect(Math.abs((result.high as number) - (difference + halfWidth))).toBeLessThan(0.1 * halfWidth);
    expect(Math.abs((result.low as number) - (difference - halfWidth))).toBeLessThan(0.1 * halfWidth);
  });

  it('gives nulls for an empty sample', () => {
    expect(bootstrapMeanDifference([1], [])).toEqual({ difference: null, low: null, high: null });
  });
});

describe('normalMeanDifference', () => {
  it('is the difference ± z·sqrt(varA/nA + varB/nB), by hand', () => {
    // A: mean 2.5, sample variance 5/3; B: mean 4, sample variance 4. 5/3/4 + 4/3 = 1.75.
    const result = normalMeanDifference([1, 2, 3, 4], [2, 4, 6]);
    expect(result.difference).toBe(1.5);
    expect(result.low).toBeCloseTo(1.5 - 1.959963984540054 * Math.sqrt(1.75), 12);
    expect(result.high).toBeCloseTo(1.5 + 1.959963984540054 * Math.sqrt(1.75), 12);
  });

  it('treats a single value as having no variance, and empty samples as missing', () => {
    expect(normalMeanDifference([3], [5])).toEqual({ difference: 2, low: 2, high: 2 });
    expect(normalMeanDifference([], [5])).toEqual({ difference: null, low: null, high: null });
  });
});

describe('compareSamples', () => {
  it('switches to the normal interval above the bootstrap size limit', () => {
    const samplesA = Array.from({ length: BOOTSTRAP_MAX_VALUES / 2 + 1 }, (_, index) => 1 + (index % 5));
    const samplesB = samplesA.map((value) => value + (value % 2));
    const result = compareSamples(samplesA, samplesB);
    expect(result).toMatchObject(normalMeanDifference(samplesA, samplesB));
    expect(result.pValue as number).toBeLessThan(0.001);
  });

  it('joins the bootstrap interval and the Mann–Whitney p-value', () => {
    const result = compareSamples([1, 2, 3], [4, 5, 6]);
    expect(result).toMatchObject({ difference: 3, test: 'mann-whitney-u' });
    expect(result.pValue).toBeCloseTo(0.08085559837005224, 7);
  });

  it('reports no test when a side has no values', () => {
    expect(compareSamples([], [4])).toEqual({ difference: null, low: null, high: null, pValue: null, test: 'none' });
  });
});
