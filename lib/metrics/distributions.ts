// Distribution functions the tests and intervals need beyond the normal (normal.ts): Student's
// t and the beta quantile from jStat, and the binomial with p = 1/2 computed exactly here.
import jStat from 'jstat';
import { normalQuantile } from './normal';

/** The q-quantile of Student's t with `df` degrees of freedom (the normal's when df is infinite). */
export function tQuantile(q: number, df: number): number {
  if (!Number.isFinite(df)) return normalQuantile(q);
  return jStat.studentt.inv(q, df);
}

/** Two-sided p-value of a t statistic. */
export function tTwoSidedPValue(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  const tail = Number.isFinite(df) ? jStat.studentt.cdf(-Math.abs(t), df) : jStat.studentt.cdf(-Math.abs(t), 1e9);
  return Math.min(1, 2 * tail);
}

/**
 * The probabilities of 0..n successes out of n fair coin flips, computed from the mode outwards
 * by the ratio of neighbouring terms and normalised at the end: no factorials, no underflow of
 * 2^-n, and relative error near the machine's.
 */
export function fairBinomialProbabilities(n: number): Float64Array {
  const weights = new Float64Array(n + 1);
  const mode = Math.floor(n / 2);
  weights[mode] = 1;
  for (let k = mode; k < n; k++) weights[k + 1] = (weights[k] * (n - k)) / (k + 1);
  for (let k = mode; k > 0; k--) weights[k - 1] = (weights[k] * k) / (n - k + 1);
  let total = 0;
  for (let k = 0; k <= n; k++) total += weights[k];
  for (let k = 0; k <= n; k++) weights[k] /= total;
  return weights;
}

/**
 * Clopper–Pearson (exact) interval for a binomial proportion: the central interval that
 * inverts the two one-sided exact binomial tests at (1 − confidence)/2 each.
 */
function clopperPearson(successes: number, trials: number, confidence = 0.95): { low: number; high: number } {
  const tail = (1 - confidence) / 2;
  const low = successes === 0 ? 0 : jStat.beta.inv(tail, successes, trials - successes + 1);
  const high = successes === trials ? 1 : jStat.beta.inv(1 - tail, successes + 1, trials - successes);
  return { low, high };
}
