import { gammaln } from 'simple-statistics';
import { normalQuantile, normalTwoSidedPValue } from './normal';

export type Interval = { value: number | null; low: number | null; high: number | null };

export type ProportionDifference = {
  /** Proportion of B minus proportion of A; null when either side has no trials. */
  difference: number | null;
  low: number | null;
  high: number | null;
  pValue: number | null;
};

export type ProportionComparison = ProportionDifference & {
  test: 'two-proportion-z' | 'fisher-exact' | 'none';
};

const noInterval: Interval = { value: null, low: null, high: null };

function isCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

function zForConfidence(confidence: number): number {
  return normalQuantile(1 - (1 - confidence) / 2);
}

/**
 * Wilson score interval for a binomial proportion (Wilson 1927; method 3 in Newcombe 1998,
 * "Two-sided confidence intervals for the single proportion", Stat Med 17:857–872). Unlike the
 * Wald interval it stays inside [0, 1] and behaves at 0 and at n successes.
 * No trials (or counts that are not counts) give nulls: there is nothing to estimate.
 */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): Interval {
  if (!isCount(successes) || !isCount(trials) || trials === 0 || successes > trials) return noInterval;
  const z = zForConfidence(confidence);
  const proportion = successes / trials;
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const centre = proportion + zSquared / (2 * trials);
  const halfWidth = z * Math.sqrt((proportion * (1 - proportion)) / trials + zSquared / (4 * trials * trials));
  // At 0 or n successes the bound is exactly 0 or 1; rounding must not leave a hair's breadth.
  const low = successes === 0 ? 0 : Math.max(0, (centre - halfWidth) / denominator);
  const high = successes === trials ? 1 : Math.min(1, (centre + halfWidth) / denominator);
  return { value: proportion, low, high };
}

/**
 * Difference of two proportions (B minus A) with Newcombe's hybrid score interval (method 10 in
 * Newcombe 1998, "Interval estimation for the difference between independent proportions:
 * comparison of eleven methods", Stat Med 17:873–890), built from the two Wilson intervals, and
 * the two-sided p-value of the pooled two-proportion z test.
 */
export function twoProportionTest(
  successesA: number,
  trialsA: number,
  successesB: number,
  trialsB: number,
): ProportionDifference {
  const intervalA = wilsonInterval(successesA, trialsA);
  const intervalB = wilsonInterval(successesB, trialsB);
  if (intervalA.value === null || intervalB.value === null) {
    return { difference: null, low: null, high: null, pValue: null };
  }
  const proportionA = intervalA.value;
  const proportionB = intervalB.value;
  const lowA = intervalA.low as number;
  const highA = intervalA.high as number;
  const lowB = intervalB.low as number;
  const highB = intervalB.high as number;
  const difference = proportionB - proportionA;
  const low = difference - Math.sqrt((proportionB - lowB) ** 2 + (highA - proportionA) ** 2);
  const high = difference + Math.sqrt((highB - proportionB) ** 2 + (proportionA - lowA) ** 2);

  const pooled = (successesA + successesB) / (trialsA + trialsB);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / trialsA + 1 / trialsB));
  // A pooled proportion of 0 or 1 means both sides agree completely: no evidence of a difference.
  const pValue = standardError === 0 ? 1 : normalTwoSidedPValue(difference / standardError);
  return { difference, low: Math.max(-1, low), high: Math.min(1, high), pValue };
}

function logFactorial(n: number): number {
  // gammaln is Lanczos' approximation; exact small values avoid its last-digit noise.
  return n < 2 ? 0 : gammaln(n + 1);
}

/**
 * Two-sided p-value of Fisher's exact test for the 2x2 table [[a, b], [c, d]]: the sum of the
 * hypergeometric probabilities of all tables with the same margins that are no more likely than
 * the observed one (the definition R's fisher.test and scipy's fisher_exact use, with R's
 * relative tolerance of 1e-7 so that ties in floating point count as ties). Probabilities are
 * computed from log-factorials so large margins do not overflow. Null for invalid counts.
 */
export function fisherExactTest(a: number, b: number, c: number, d: number): number | null {
  if (![a, b, c, d].every(isCount)) return null;
  const firstRow = a + b;
  const secondRow = c + d;
  const firstColumn = a + c;
  const total = firstRow + secondRow;
  if (total === 0) return 1;
  // The hypergeometric constant cancels once the probabilities are normalized by their sum,
  // which also keeps approximation noise in gammaln from leaking into the result.
  const logWeight = (x: number) =>
    -logFactorial(x) -
    logFactorial(firstRow - x) -
    logFactorial(firstColumn - x) -
    logFactorial(secondRow - firstColumn + x);
  const lowest = Math.max(0, firstColumn - secondRow);
  const highest = Math.min(firstRow, firstColumn);
  const weights: number[] = [];
  for (let x = lowest; x <= highest; x++) weights.push(logWeight(x));
  const largest = weights.reduce((left, right) => Math.max(left, right), Number.NEGATIVE_INFINITY);
  const threshold = logWeight(a) + Math.log1p(1e-7);
  let all = 0;
  let extreme = 0;
  for (const weight of weights) {
    const relative = Math.exp(weight - largest);
    all += relative;
    if (weight <= threshold) extreme += relative;
  }
  const pValue = extreme / all;
  return Math.min(1, pValue);
}

/**
 * Compares two proportions (B minus A): Newcombe's interval, and the p-value of Fisher's exact
 * test when any expected cell count of the 2x2 table is below 5 (the usual rule of thumb for
 * when the normal approximation is poor), else of the pooled z test.
 */
export function compareProportions(
  successesA: number,
  trialsA: number,
  successesB: number,
  trialsB: number,
): ProportionComparison {
  const result = twoProportionTest(successesA, trialsA, successesB, trialsB);
  if (result.difference === null) return { ...result, test: 'none' };
  const total = trialsA + trialsB;
  const successes = successesA + successesB;
  const failures = total - successes;
  const smallestExpected = (Math.min(trialsA, trialsB) * Math.min(successes, failures)) / total;
  if (smallestExpected < 5) {
    const pValue = fisherExactTest(successesA, trialsA - successesA, successesB, trialsB - successesB);
    return { ...result, pValue, test: 'fisher-exact' };
  }
  return { ...result, test: 'two-proportion-z' };
}
