// Paired tests on per-input differences: McNemar's exact test (and its mid-p) and the Wilcoxon
// signed-rank test. McNemar's exact test is the sign test on the discordant pairs, and the
// signed-rank test of differences that are all +1, 0 or −1 is that same sign test.
import { fairBinomialProbabilities } from './distributions';
import { normalTwoSidedPValue } from './normal';

export type McNemarResult = {
  /** Pairs where only A succeeded, only B succeeded. */
  onlyA: number;
  onlyB: number;
  /** Two-sided exact p-value: twice the smaller binomial tail of the discordant pairs, at most 1. */
  p: number;
  /** The mid-p version: the observed count's own probability counted half (less conservative, not exact). */
  midP: number;
};

/**
 * McNemar's exact test: among the onlyA + onlyB discordant pairs, onlyA is Binomial(n, 1/2)
 * under the null. The same as statsmodels' mcnemar(exact=True) and scipy's
 * binomtest(onlyA, n, 0.5); no discordant pair gives p = 1.
 */
export function mcnemarExact(onlyA: number, onlyB: number): McNemarResult {
  const discordant = onlyA + onlyB;
  if (discordant === 0) return { onlyA, onlyB, p: 1, midP: 1 };
  const probabilities = fairBinomialProbabilities(discordant);
  const smaller = Math.min(onlyA, onlyB);
  let tail = 0;
  for (let k = 0; k <= smaller; k++) tail += probabilities[k];
  return { onlyA, onlyB, p: Math.min(1, 2 * tail), midP: Math.min(1, 2 * (tail - probabilities[smaller] / 2)) };
}

export type SignedRankResult = {
  /** Non-zero differences (zeros are dropped, Wilcoxon's own rule and scipy's default). */
  n: number;
  /** Sum of the ranks of the positive differences. */
  positiveRankSum: number;
  /** scipy's two-sided statistic: the smaller of the positive and negative rank sums. */
  statistic: number;
  p: number;
  method: 'exact' | 'normal';
};

/** Above this many non-zero differences the normal approximation is used (it is very close by then). */
const SIGNED_RANK_EXACT_LIMIT = 200;

/** Differences that agree to 12 significant digits are ties (per-input means are computed in floating point). */
function tieKey(value: number): number {
  return Number(Math.abs(value).toPrecision(12));
}

/** Midranks of the absolute values, doubled so that they are integers. */
function doubledMidranks(values: number[]): number[] {
  const order = values
    .map((value, index) => ({ key: tieKey(value), index }))
    .sort((left, right) => left.key - right.key);
  const doubled = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].key === order[start].key) end++;
    // Ranks start..end (1-based start+1..end+1) share their mean; doubled: start + end + 2.
    for (let position = start; position <= end; position++) doubled[order[position].index] = start + end + 2;
    start = end + 1;
  }
  return doubled;
}

/**
 * Wilcoxon signed-rank test, two-sided, zeros dropped. Exact up to SIGNED_RANK_EXACT_LIMIT
 * non-zero differences: the distribution of the positive rank sum over all 2^n sign patterns is
 * built by convolution over the (doubled, hence integer) midranks, so ties are handled exactly
 * too. Beyond, the normal approximation with the tie correction of the variance and no continuity
 * correction (scipy.stats.wilcoxon's method='approx', correction=False). No non-zero difference
 * gives p = 1.
 */
export function wilcoxonSignedRank(differences: readonly number[]): SignedRankResult {
  const nonZero = differences.filter((value) => tieKey(value) !== 0);
  const n = nonZero.length;
  if (n === 0) return { n, positiveRankSum: 0, statistic: 0, p: 1, method: 'exact' };
  const doubled = doubledMidranks(nonZero);
  let doubledPositive = 0;
  let doubledTotal = 0;
  for (let index = 0; index < n; index++) {
    doubledTotal += doubled[index];
    if (nonZero[index] > 0) doubledPositive += doubled[index];
  }
  const positiveRankSum = doubledPositive / 2;
  const statistic = Math.min(doubledPositive, doubledTotal - doubledPositive) / 2;
  if (n > SIGNED_RANK_EXACT_LIMIT)
    return { n, positiveRankSum, statistic, p: normalSignedRankP(nonZero, positiveRankSum), method: 'normal' };

  // distribution[s]: probability that the doubled positive rank sum is s.
  let distribution = new Float64Array(doubledTotal + 1);
  distribution[0] = 1;
  let reach = 0;
  for (const rank of doubled) {
    const next = new Float64Array(doubledTotal + 1);
    for (let sum = 0; sum <= reach; sum++) {
      const mass = distribution[sum] / 2;
      if (mass === 0) continue;
      next[sum] += mass;
      next[sum + rank] += mass;
    }
    reach += rank;
    distribution = next;
  }
  let below = 0;
  let above = 0;
  for (let sum = 0; sum <= doubledTotal; sum++) {
    if (sum <= doubledPositive) below += distribution[sum];
    if (sum >= doubledPositive) above += distribution[sum];
  }
  return { n, positiveRankSum, statistic, p: Math.min(1, 2 * Math.min(below, above)), method: 'exact' };
}

function normalSignedRankP(nonZero: number[], positiveRankSum: number): number {
  const n = nonZero.length;
  const keys = nonZero.map(tieKey).sort((left, right) => left - right);
  let tieTerm = 0;
  for (let start = 0; start < n;) {
    let end = start;
    while (end + 1 < n && keys[end + 1] === keys[start]) end++;
    const tied = end - start + 1;
    tieTerm += tied ** 3 - tied;
    start = end + 1;
  }
  const mean = (n * (n + 1)) / 4;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48;
  if (!(variance > 0)) return 1;
  return normalTwoSidedPValue((positiveRankSum - mean) / Math.sqrt(variance));
}
