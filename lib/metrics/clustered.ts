// Rates whose trials come in clusters (responses nested in conversations, conversations in
// repeated inputs): the input is the unit. A rate's interval uses the effective number of
// trials that the spread between inputs allows (Korn and Graubard 1998, "Confidence intervals
// for proportions with small expected number of positive counts estimated from survey data",
// Survey Methodology 24:193–201): the Wilson interval at n_eff = p(1 − p) / v, where v is the
// cluster-robust (sandwich) variance of the ratio estimate, with Student's t on (inputs − 1)
// degrees of freedom in place of z. Identical repeats of one input then count as one trial.
import { tQuantile } from './distributions';
import type { Interval } from './proportions';

export type Cluster = { successes: number; trials: number };

export type ClusteredRate = Interval & {
  successes: number;
  trials: number;
  /** Inputs with at least one trial. */
  inputs: number;
  /** The number of independent trials the data is worth (null without trials). */
  effectiveTrials: number | null;
};

/** Wilson's score interval for proportion p seen over n trials, with critical value z. */
function wilsonAt(proportion: number, trials: number, z: number): { low: number; high: number } {
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const centre = proportion + zSquared / (2 * trials);
  const halfWidth = z * Math.sqrt((proportion * (1 - proportion)) / trials + zSquared / (4 * trials * trials));
  return {
    low: proportion === 0 ? 0 : Math.max(0, (centre - halfWidth) / denominator),
    high: proportion === 1 ? 1 : Math.min(1, (centre + halfWidth) / denominator),
  };
}

export type ClusterSummary = {
  proportion: number;
  trials: number;
  successes: number;
  inputs: number;
  effectiveTrials: number;
  /** Degrees of freedom of the t critical value: inputs − 1, at least 1. */
  degreesOfFreedom: number;
};

/** The ratio estimate and its effective sample size; null without trials. */
export function summarizeClusters(clusters: readonly Cluster[]): ClusterSummary | null {
  const used = clusters.filter((cluster) => cluster.trials > 0);
  let successes = 0;
  let trials = 0;
  for (const cluster of used) {
    successes += cluster.successes;
    trials += cluster.trials;
  }
  if (trials === 0) return null;
  const inputs = used.length;
  const proportion = successes / trials;
  let effectiveTrials: number;
  if (used.every((cluster) => cluster.trials === 1)) {
    // One trial per input: nothing is clustered, and this is Wilson's own interval.
    return {
      proportion,
      trials,
      successes,
      inputs,
      effectiveTrials: trials,
      degreesOfFreedom: Number.POSITIVE_INFINITY,
    };
  }
  if (inputs < 2) {
    // One input says nothing about how inputs vary: it is worth one trial.
    effectiveTrials = 1;
  } else {
    let squares = 0;
    for (const cluster of used) squares += (cluster.successes - proportion * cluster.trials) ** 2;
    const variance = ((inputs / (inputs - 1)) * squares) / (trials * trials);
    if (variance > 0) effectiveTrials = (proportion * (1 - proportion)) / variance;
    // All at 0 or all at 1: nothing varies, and inputs are the most the data can be worth.
    else if (proportion === 0 || proportion === 1) effectiveTrials = inputs;
    // Every input at the same rate strictly between: no spread between inputs to account for.
    else effectiveTrials = trials;
  }
  return {
    proportion,
    trials,
    successes,
    inputs,
    effectiveTrials: Math.min(trials, effectiveTrials),
    degreesOfFreedom: Math.max(1, inputs - 1),
  };
}

/** The interval of a summarized rate at a confidence level. */
export function clusteredInterval(summary: ClusterSummary, confidence: number): { low: number; high: number } {
  const z = tQuantile(1 - (1 - confidence) / 2, summary.degreesOfFreedom);
  return wilsonAt(summary.proportion, summary.effectiveTrials, z);
}

/** A rate with its input-clustered interval (see the top of this file). */
export function clusteredRate(clusters: readonly Cluster[], confidence = 0.95): ClusteredRate {
  const summary = summarizeClusters(clusters);
  if (!summary)
    return { value: null, low: null, high: null, successes: 0, trials: 0, inputs: 0, effectiveTrials: null };
  return {
    value: summary.proportion,
    ...clusteredInterval(summary, confidence),
    successes: summary.successes,
    trials: summary.trials,
    inputs: summary.inputs,
    effectiveTrials: summary.effectiveTrials,
  };
}
