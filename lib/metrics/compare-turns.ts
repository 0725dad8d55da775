// Turns to completion, B − A, counted among completed conversations only (a variant that
// completes harder inputs takes more turns on them, so the words must say what is counted).
// The effect is the same both ways ('turns-difference'): B's mean turns per completed
// conversation minus A's, the means the table shows.
// - paired: over the inputs both variants completed, a bootstrap that resamples inputs with their
//   pair; its p-value is the one that inverts its own percentile interval (a rank test beside it
//   could point the other way: most inputs one turn more, the mean fewer).
// - unpaired: a bootstrap that resamples each side's inputs, for the difference of the mean turns;
//   its p-value is the one that inverts its own percentile interval.
import { quantileSorted } from 'simple-statistics';
import { NONE, type Difference } from './compare-rates';
import { seededRandom } from './random';
import { normalQuantile, normalTwoSidedPValue } from './normal';
import { BOOTSTRAP_MAX_VALUES, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED } from './samples';

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
    ...NONE(paired, 'turns-difference'),
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
  const inputs = both.length;
  if (inputs < 2)
    return {
      ...(tooFew(true, 0, 0) as TurnsDifference),
      completedA,
      completedB,
      reason: `needs inputs completed by both variants (${inputs})`,
    };
  const sidesA = both.map((pair) => pair.a);
  const sidesB = both.map((pair) => pair.b);
  const meanOf = (clusters: readonly TurnsCluster[]) => {
    const total = totals(clusters);
    return total.turns / total.completed;
  };
  const difference = meanOf(sidesB) - meanOf(sidesA);
  let interval: { low: number; high: number; p: number };
  if (inputs > BOOTSTRAP_MAX_VALUES) {
    interval = normalInterval(difference, Math.sqrt(pairedRatioVariance(sidesA, sidesB)), confidence);
  } else {
    // Inputs resampled with their pair; the p-value is the one that inverts this percentile interval.
    const random = seededRandom(BOOTSTRAP_SEED);
    const differences = new Float64Array(resamples);
    for (let resample = 0; resample < resamples; resample++) {
      let turnsA = 0;
      let completedOfA = 0;
      let turnsB = 0;
      let completedOfB = 0;
      for (let draw = 0; draw < inputs; draw++) {
        const pick = Math.floor(random() * inputs);
        turnsA += sidesA[pick].turns;
        completedOfA += sidesA[pick].completed;
        turnsB += sidesB[pick].turns;
        completedOfB += sidesB[pick].completed;
      }
      differences[resample] = turnsB / completedOfB - turnsA / completedOfA;
    }
    interval = percentile(differences, confidence);
  }
  return {
    effect: 'turns-difference',
    difference,
    ...interval,
    method: 'cluster-bootstrap',
    paired: true,
    inputs,
    completedA,
    completedB,
  };
}

/** Cluster-robust variance of a paired difference of two ratios of sums, by input. */
function pairedRatioVariance(a: readonly TurnsCluster[], b: readonly TurnsCluster[]): number {
  const totalA = totals(a);
  const totalB = totals(b);
  const ratioA = totalA.turns / totalA.completed;
  const ratioB = totalB.turns / totalB.completed;
  let squares = 0;
  for (let input = 0; input < a.length; input++) {
    const contribution =
      (b[input].turns - ratioB * b[input].completed) / totalB.completed -
      (a[input].turns - ratioA * a[input].completed) / totalA.completed;
    squares += contribution * contribution;
  }
  return (a.length / (a.length - 1)) * squares;
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
    effect: 'turns-difference' as const,
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
