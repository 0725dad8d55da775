// Differences of two rates (B − A) whose trials cluster by input. Each method gives the interval
// and the p-value from one construction, so "the interval excludes 0" and "p < 0.05" always
// agree:
// - paired (both variants ran the same inputs): per-input differences. When every input gives
//   one yes/no per variant (one conversation each, or repeats that all agree, as at temperature
//   0), McNemar's exact test on the inputs with Tango's unconditional score interval
//   (lib/metrics/paired-proportions); otherwise the paired t over inputs.
// - unpaired (different inputs, e.g. across experiments): Newcombe's hybrid score interval built
//   from the two input-clustered Wilson intervals, and the p-value that inverts it.
import { tQuantile, tTwoSidedPValue } from './distributions';
import { clusteredInterval, summarizeClusters, type Cluster } from './clustered';
import { tangoInterval } from './paired-proportions';
import { mcnemarExact } from './signed-rank';

export const COMPARISON_METHODS = [
  'mcnemar-exact',
  'paired-t-by-input',
  'newcombe-clustered',
  'wilcoxon-signed-rank',
  'cluster-bootstrap',
  'none',
] as const;
export type ComparisonMethod = (typeof COMPARISON_METHODS)[number];

export type Difference = {
  difference: number | null;
  low: number | null;
  high: number | null;
  p: number | null;
  method: ComparisonMethod;
  paired: boolean;
  /** Inputs that entered the comparison (pairs of inputs when paired). */
  inputs: number;
};

/** No comparison: nothing entered it. */
export const NONE = (paired: boolean): Difference => ({
  difference: null,
  low: null,
  high: null,
  p: null,
  method: 'none',
  paired,
  inputs: 0,
});

export type InputPair = { input: number; a: Cluster; b: Cluster };

const isBinary = (cluster: Cluster) => cluster.successes === 0 || cluster.successes === cluster.trials;

/**
 * Paired comparison over the inputs both variants ran. The difference is the mean over inputs of
 * the per-input difference of rates: each input weighs the same (with the same number of
 * trials per input it equals the difference of the two overall rates).
 */
export function comparePairedRates(pairs: readonly InputPair[], confidence = 0.95): Difference {
  const used = pairs.filter((pair) => pair.a.trials > 0 && pair.b.trials > 0);
  const inputs = used.length;
  if (inputs === 0) return NONE(true);
  if (used.every((pair) => isBinary(pair.a) && isBinary(pair.b))) {
    let onlyA = 0;
    let onlyB = 0;
    for (const pair of used) {
      const a = pair.a.successes > 0;
      const b = pair.b.successes > 0;
      if (a && !b) onlyA++;
      if (b && !a) onlyB++;
    }
    const { p } = mcnemarExact(onlyA, onlyB);
    // Tango's unconditional score interval (the exact conditional one lost its coverage when
    // only one kind of discordance occurs). Its own test at 0 is McNemar's asymptotic one, a
    // little bolder than the exact test kept as the p-value: where the two disagree (the interval
    // clear of 0, the exact p not below 1 − confidence), the interval is widened to reach 0, so
    // the printed interval and verdict always agree and coverage only grows.
    const interval = tangoInterval({ onlyB, onlyA, inputs }, confidence);
    const significant = p < 1 - confidence;
    const low = !significant && interval.low > 0 ? 0 : interval.low;
    const high = !significant && interval.high < 0 ? 0 : interval.high;
    return { difference: (onlyB - onlyA) / inputs, low, high, p, method: 'mcnemar-exact', paired: true, inputs };
  }
  const differences = used.map((pair) => pair.b.successes / pair.b.trials - pair.a.successes / pair.a.trials);
  return pairedMeanDifference(differences, confidence, 'paired-t-by-input');
}

/** The t interval and test of the mean of per-input differences (inputs − 1 degrees of freedom). */
function pairedMeanDifference(
  differences: readonly number[],
  confidence: number,
  method: ComparisonMethod,
): Difference {
  const inputs = differences.length;
  if (inputs < 2) return { ...NONE(true), inputs };
  const mean = differences.reduce((sum, value) => sum + value, 0) / inputs;
  const variance = differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (inputs - 1);
  const standardError = Math.sqrt(variance / inputs);
  if (standardError === 0)
    return { difference: mean, low: mean, high: mean, p: mean === 0 ? 1 : 0, method, paired: true, inputs };
  const t = tQuantile(1 - (1 - confidence) / 2, inputs - 1);
  return {
    difference: mean,
    low: mean - t * standardError,
    high: mean + t * standardError,
    p: tTwoSidedPValue(mean / standardError, inputs - 1),
    method,
    paired: true,
    inputs,
  };
}

/** Newcombe's hybrid interval from the two clustered Wilson intervals at one confidence level. */
function newcombe(
  a: NonNullable<ReturnType<typeof summarizeClusters>>,
  b: NonNullable<ReturnType<typeof summarizeClusters>>,
  confidence: number,
) {
  const intervalA = clusteredInterval(a, confidence);
  const intervalB = clusteredInterval(b, confidence);
  const difference = b.proportion - a.proportion;
  return {
    low: Math.max(
      -1,
      difference - Math.sqrt((b.proportion - intervalB.low) ** 2 + (intervalA.high - a.proportion) ** 2),
    ),
    high: Math.min(
      1,
      difference + Math.sqrt((intervalB.high - b.proportion) ** 2 + (a.proportion - intervalA.low) ** 2),
    ),
  };
}

/**
 * Unpaired comparison of two rates, each clustered by its own inputs: the difference of the
 * overall rates, Newcombe's interval, and as p-value the 1 − confidence at which that interval
 * just reaches 0 (found by bisection; the interval widens as the confidence grows).
 */
export function compareUnpairedRates(a: readonly Cluster[], b: readonly Cluster[], confidence = 0.95): Difference {
  const summaryA = summarizeClusters(a);
  const summaryB = summarizeClusters(b);
  if (!summaryA || !summaryB) return NONE(false);
  const difference = summaryB.proportion - summaryA.proportion;
  const { low, high } = newcombe(summaryA, summaryB, confidence);
  const inputs = summaryA.inputs + summaryB.inputs;
  if (difference === 0) return { difference, low, high, p: 1, method: 'newcombe-clustered', paired: false, inputs };
  const excludesZero = (level: number) => {
    const interval = newcombe(summaryA, summaryB, level);
    return interval.low > 0 || interval.high < 0;
  };
  // Find the level where 0 enters: below it the interval excludes 0.
  let excluded = 0;
  let included = 1 - 1e-12;
  if (excludesZero(included))
    return { difference, low, high, p: 1e-12, method: 'newcombe-clustered', paired: false, inputs };
  for (let step = 0; step < 60; step++) {
    const middle = (excluded + included) / 2;
    if (excludesZero(middle)) excluded = middle;
    else included = middle;
  }
  // Rounded so that exactly p < 1 − confidence when this interval excludes 0.
  const p = 1 - (excluded + included) / 2;
  const consistent = low > 0 || high < 0 ? Math.min(p, (1 - confidence) * (1 - 1e-9)) : Math.max(p, 1 - confidence);
  return { difference, low, high, p: consistent, method: 'newcombe-clustered', paired: false, inputs };
}
