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
  // The anytime-valid confidence sequence (sequential.ts), while a run is live or after it stopped early.
  'confidence-sequence',
  'none',
] as const;
export type ComparisonMethod = (typeof COMPARISON_METHODS)[number];

/**
 * What `difference` measures, named in the summary so every reader takes the same number:
 * - 'rate-difference': B's pooled rate minus A's (successes over trials, the rates the table
 *   shows), paired or not;
 * - 'turns-difference': B's mean turns per completed conversation minus A's (paired: over the
 *   inputs both completed).
 */
export type Effect = 'rate-difference' | 'turns-difference';

export type Difference = {
  effect: Effect;
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
export const NONE = (paired: boolean, effect: Effect = 'rate-difference'): Difference => ({
  effect,
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

const sameTrials = (clusters: readonly Cluster[]) => clusters.every((cluster) => cluster.trials === clusters[0].trials);

/**
 * Paired comparison over the inputs both variants ran, of the pooled rates (the effect is the
 * difference of the two rates the table shows; an input with more repeats weighs more, as it does
 * in those rates). When each input is one yes/no per variant with the same number of trials
 * everywhere, the pooled difference is the mean per-input difference and McNemar applies;
 * otherwise a t interval of the pooled difference with a by-input (jackknife) variance.
 */
export function comparePairedRates(pairs: readonly InputPair[], confidence = 0.95): Difference {
  const used = pairs.filter((pair) => pair.a.trials > 0 && pair.b.trials > 0);
  const inputs = used.length;
  if (inputs === 0) return NONE(true);
  const sidesA = used.map((pair) => pair.a);
  const sidesB = used.map((pair) => pair.b);
  if (used.every((pair) => isBinary(pair.a) && isBinary(pair.b)) && sameTrials(sidesA) && sameTrials(sidesB)) {
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
    return {
      effect: 'rate-difference',
      difference: (onlyB - onlyA) / inputs,
      low,
      high,
      p,
      method: 'mcnemar-exact',
      paired: true,
      inputs,
    };
  }
  return pairedPooledDifference(sidesA, sidesB, confidence);
}

/**
 * The pooled difference pB − pA with its variance by input (the leave-one-input-out jackknife,
 * each input leaving with its pair), and Student's t on inputs − 1 degrees of freedom, p from the
 * same statistic. With the same trials on every input it is the paired t of per-input differences.
 */
function pairedPooledDifference(a: readonly Cluster[], b: readonly Cluster[], confidence: number): Difference {
  const inputs = a.length;
  if (inputs < 2) return { ...NONE(true), inputs };
  const total = (clusters: readonly Cluster[]) =>
    clusters.reduce((sum, cluster) => ({ s: sum.s + cluster.successes, t: sum.t + cluster.trials }), { s: 0, t: 0 });
  const totalA = total(a);
  const totalB = total(b);
  const rateA = totalA.s / totalA.t;
  const rateB = totalB.s / totalB.t;
  const mean = rateB - rateA;
  // Leave-one-input-out (jackknife) variance: the delta method's sandwich is a little liberal with
  // inputs of unequal size at 20-30 inputs (5.7% false differences in the A/A simulation), the
  // jackknife is not (CR3 in the cluster-robust literature).
  const leftOut = new Float64Array(inputs);
  let leftOutSum = 0;
  for (let input = 0; input < inputs; input++) {
    const withoutB = (totalB.s - b[input].successes) / (totalB.t - b[input].trials || Number.NaN);
    const withoutA = (totalA.s - a[input].successes) / (totalA.t - a[input].trials || Number.NaN);
    leftOut[input] = withoutB - withoutA;
    leftOutSum += leftOut[input];
  }
  const leftOutMean = leftOutSum / inputs;
  let squares = 0;
  for (const value of leftOut) squares += (value - leftOutMean) ** 2;
  squares *= (inputs - 1) / inputs;
  if (!Number.isFinite(squares)) return { ...NONE(true), inputs };
  const standardError = Math.sqrt(squares);
  const method = 'paired-t-by-input' as const;
  const base = { effect: 'rate-difference' as const, difference: mean, method, paired: true, inputs };
  if (standardError < 1e-15) return { ...base, low: mean, high: mean, p: Math.abs(mean) < 1e-15 ? 1 : 0 };
  const t = tQuantile(1 - (1 - confidence) / 2, inputs - 1);
  return {
    ...base,
    low: mean - t * standardError,
    high: mean + t * standardError,
    p: tTwoSidedPValue(mean / standardError, inputs - 1),
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
  if (difference === 0)
    return {
      effect: 'rate-difference',
      difference,
      low,
      high,
      p: 1,
      method: 'newcombe-clustered',
      paired: false,
      inputs,
    };
  const excludesZero = (level: number) => {
    const interval = newcombe(summaryA, summaryB, level);
    return interval.low > 0 || interval.high < 0;
  };
  // Find the level where 0 enters: below it the interval excludes 0.
  let excluded = 0;
  let included = 1 - 1e-12;
  if (excludesZero(included))
    return {
      effect: 'rate-difference',
      difference,
      low,
      high,
      p: 1e-12,
      method: 'newcombe-clustered',
      paired: false,
      inputs,
    };
  for (let step = 0; step < 60; step++) {
    const middle = (excluded + included) / 2;
    if (excludesZero(middle)) excluded = middle;
    else included = middle;
  }
  // Rounded so that exactly p < 1 − confidence when this interval excludes 0.
  const p = 1 - (excluded + included) / 2;
  const consistent = low > 0 || high < 0 ? Math.min(p, (1 - confidence) * (1 - 1e-9)) : Math.max(p, 1 - confidence);
  return {
    effect: 'rate-difference',
    difference,
    low,
    high,
    p: consistent,
    method: 'newcombe-clustered',
    paired: false,
    inputs,
  };
}
