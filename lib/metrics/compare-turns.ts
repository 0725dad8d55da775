// Turns to completion, B − A, counted among completed conversations only (a variant that
// completes harder inputs takes more turns on them, so the words must say what is counted).
// - paired: per input, the mean turns of its completed conversations in each variant; the
//   Wilcoxon signed-rank test of the per-input differences, and a paired bootstrap interval of
//   their mean (inputs resampled with their pair).
// - unpaired: a bootstrap that resamples each side's inputs, for the difference of the mean turns;
//   its p-value is the one that inverts its own percentile interval.
import { quantileSorted } from 'simple-statistics';
import { NONE, type Difference } from './compare-rates';
import { seededRandom } from './random';
import { normalQuantile, normalTwoSidedPValue } from './normal';
import { BOOTSTRAP_MAX_VALUES, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from './samples';
import { wilcoxonSignedRank } from './signed-rank';

/** Completed conversations of one input and the sum of their turns. */
export type TurnsCluster = { completed: number; turns: number };
export type TurnsPair = { input: number; a: TurnsCluster; b: TurnsCluster };

/** Fewer completed conversations than this on either side: no turns verdict. */
const MIN_COMPLETED_FOR_TURNS = 10;

export type TurnsDifference = Difference & {
  /** Completed conversations on each side (the comparison's n). */
  completedA: number;
  completedB: number;
  /** Set when the comparison was not made: why. */
  reason?: string;
};

function totals(clusters: readonly TurnsCluster[]): TurnsCluster {
  return clusters.reduce(
    (sum, cluster) => ({ completed: sum.completed + cluster.completed, turns: sum.turns + cluster.turns }),
    { completed: 0, turns: 0 },
  );
}

function tooFew(paired: boolean, completedA: number, completedB: number): TurnsDifference | null {
  if (completedA >= MIN_COMPLETED_FOR_TURNS && completedB >= MIN_COMPLETED_FOR_TURNS) return null;
  return {
    ...NONE(paired),
    completedA,
    completedB,
    reason: `needs ${MIN_COMPLETED_FOR_TURNS} completed conversations a side (${completedA} and ${completedB})`,
  };
}

/** The (1 ± confidence)/2 quantiles of resampled statistics, and the p-value of that percentile interval. */
function percentile(resampled: Float64Array, confidence: number): { low: number; high: number; p: number } {
  resampled.sort();
  const sorted = Array.from(resampled);
  let atOrBelow = 0;
  let atOrAbove = 0;
  for (const value of sorted) {
    if (value <= 0) atOrBelow++;
    if (value >= 0) atOrAbove++;
  }
  const p = Math.min(1, (2 * Math.min(atOrBelow, atOrAbove)) / sorted.length);
  return { low: quantileSorted(sorted, (1 - confidence) / 2), high: quantileSorted(sorted, (1 + confidence) / 2), p };
}

/**
 * Beyond BOOTSTRAP_MAX_VALUES inputs the bootstrap's own noise is larger than its departure from
 * the normal: the normal interval of the same statistic (an estimate and its standard error),
 * and the p-value of that interval.
 */
function normalInterval(
  estimate: number,
  standardError: number,
  confidence: number,
): { low: number; high: number; p: number } {
  if (standardError === 0) return { low: estimate, high: estimate, p: estimate === 0 ? 1 : 0 };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  return {
    low: estimate - z * standardError,
    high: estimate + z * standardError,
    p: normalTwoSidedPValue(estimate / standardError),
  };
}

/** Cluster-robust variance of a ratio of sums (turns over completed conversations) over its clusters. */
function ratioVariance(clusters: readonly TurnsCluster[]): number {
  const total = totals(clusters);
  const ratio = total.turns / total.completed;
  const count = clusters.length;
  if (count < 2) return 0;
  let squares = 0;
  for (const cluster of clusters) squares += (cluster.turns - ratio * cluster.completed) ** 2;
  return ((count / (count - 1)) * squares) / (total.completed * total.completed);
}

export function comparePairedTurns(
  pairs: readonly TurnsPair[],
  confidence = 0.95,
  resamples = BOOTSTRAP_RESAMPLES,
): TurnsDifference {
  const completedA = totals(pairs.map((pair) => pair.a)).completed;
  const completedB = totals(pairs.map((pair) => pair.b)).completed;
  const refused = tooFew(true, completedA, completedB);
  if (refused) return refused;
  const both = pairs.filter((pair) => pair.a.completed > 0 && pair.b.completed > 0);
  const differences = both.map((pair) => pair.b.turns / pair.b.completed - pair.a.turns / pair.a.completed);
  const inputs = differences.length;
  if (inputs < 2)
    return {
      ...(tooFew(true, 0, 0) as TurnsDifference),
      completedA,
      completedB,
      reason: `needs inputs completed by both variants (${inputs})`,
    };
  const mean = differences.reduce((sum, value) => sum + value, 0) / inputs;
  const wilcoxon = wilcoxonSignedRank(differences).p;
  let interval: { low: number; high: number };
  if (inputs > BOOTSTRAP_MAX_VALUES) {
    const variance = differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (inputs - 1);
    interval = normalInterval(mean, Math.sqrt(variance / inputs), confidence);
  } else {
    const random = seededRandom(BOOTSTRAP_SEED);
    const means = new Float64Array(resamples);
    for (let resample = 0; resample < resamples; resample++) {
      let sum = 0;
      for (let draw = 0; draw < inputs; draw++) sum += differences[Math.floor(random() * inputs)];
      means[resample] = sum / inputs;
    }
    interval = percentile(means, confidence);
  }
  return {
    difference: mean,
    low: interval.low,
    high: interval.high,
    p: wilcoxon,
    method: 'wilcoxon-signed-rank',
    paired: true,
    inputs,
    completedA,
    completedB,
  };
}

export function compareUnpairedTurns(
  a: readonly TurnsCluster[],
  b: readonly TurnsCluster[],
  confidence = 0.95,
  resamples = BOOTSTRAP_RESAMPLES,
): TurnsDifference {
  const usedA = a.filter((cluster) => cluster.completed > 0);
  const usedB = b.filter((cluster) => cluster.completed > 0);
  const totalA = totals(usedA);
  const totalB = totals(usedB);
  const refused = tooFew(false, totalA.completed, totalB.completed);
  if (refused) return refused;
  const difference = totalB.turns / totalB.completed - totalA.turns / totalA.completed;
  const base = {
    difference,
    method: 'cluster-bootstrap' as const,
    paired: false,
    inputs: usedA.length + usedB.length,
    completedA: totalA.completed,
    completedB: totalB.completed,
  };
  if (usedA.length + usedB.length > BOOTSTRAP_MAX_VALUES) {
    return {
      ...base,
      ...normalInterval(difference, Math.sqrt(ratioVariance(usedA) + ratioVariance(usedB)), confidence),
    };
  }
  const random = seededRandom(BOOTSTRAP_SEED);
  const resampledMean = (clusters: readonly TurnsCluster[]) => {
    let completed = 0;
    let turns = 0;
    for (let draw = 0; draw < clusters.length; draw++) {
      const cluster = clusters[Math.floor(random() * clusters.length)];
      completed += cluster.completed;
      turns += cluster.turns;
    }
    return turns / completed;
  };
  const differences = new Float64Array(resamples);
  for (let resample = 0; resample < resamples; resample++) {
    const meanA = resampledMean(usedA);
    differences[resample] = resampledMean(usedB) - meanA;
  }
  return { ...base, ...percentile(differences, confidence) };
}
