// The live verdict: a confidence sequence for the mean per-input difference B − A (each in
// [−1, 1]), valid however often and whenever it is read, by testing by betting (Waudby-Smith and
// Ramdas 2023, "Estimating means of bounded random variables by betting", JRSS B 86:1–27; the
// hedged capital process with predictable plug-in bets, their section 4). For each candidate mean
// a gambler bets on every new input that the mean is not that value; by Ville's inequality the
// true mean's capital reaches 1/α with probability at most α, ever. The candidates whose capital
// stayed below 1/α at every look so far form the interval, and 1 / (the largest capital the
// candidate 0 ever reached) is an anytime-valid p-value: the interval excludes 0 exactly when
// that p-value is below α.
// Each input counts once, on its first repeat: repeats of an input (identical at temperature 0)
// are not new evidence, and a bet must be placed before its outcome is seen.

export type AnytimeDifference = {
  /** Mean of the per-input differences seen so far; null before the first. */
  difference: number | null;
  low: number | null;
  high: number | null;
  /** Anytime-valid p-value for "no difference" (never increases as inputs arrive). */
  p: number | null;
  /** Inputs that have counted so far. */
  inputs: number;
};

/** Candidate differences −1 .. 1 in steps of 1/GRID_HALF; 0 is one of them. */
const GRID_HALF = 200;
/** The largest fraction of capital ever bet (the paper's c). */
const MAX_BET = 0.5;

/**
 * The confidence sequence after the differences seen so far, in the order they arrived (the
 * order must not depend on their values: inputs in their fixed order).
 */
export function anytimeDifference(differences: readonly number[], alpha = 0.05): AnytimeDifference {
  const count = differences.length;
  if (count === 0) return { difference: null, low: null, high: null, p: null, inputs: 0 };
  const size = 2 * GRID_HALF + 1;
  // Candidate means of x = (d + 1) / 2 in [0, 1]; the ends are excluded (bets there are unbounded).
  const candidates = new Float64Array(size);
  for (let index = 0; index < size; index++) candidates[index] = Math.min(1 - 1e-9, Math.max(1e-9, index / (size - 1)));
  const up = new Float64Array(size).fill(1);
  const down = new Float64Array(size).fill(1);
  const rejected = new Uint8Array(size);
  const threshold = 1 / alpha;
  const zero = GRID_HALF;
  let bestAtZero = 1;
  // Predictable plug-in: the bet for observation t uses the mean and variance of the ones before.
  let sum = 0;
  let squares = 0.25;
  let runningMean = 0.5;
  for (let t = 1; t <= count; t++) {
    const x = (Math.max(-1, Math.min(1, differences[t - 1])) + 1) / 2;
    const varianceEstimate = squares / t;
    const bet = Math.sqrt((2 * Math.log(2 / alpha)) / (varianceEstimate * t * Math.log(1 + t)));
    for (let index = 0; index < size; index++) {
      const m = candidates[index];
      up[index] *= 1 + Math.min(bet, MAX_BET / m) * (x - m);
      down[index] *= 1 - Math.min(bet, MAX_BET / (1 - m)) * (x - m);
      if ((up[index] + down[index]) / 2 >= threshold) rejected[index] = 1;
    }
    bestAtZero = Math.max(bestAtZero, (up[zero] + down[zero]) / 2);
    sum += x;
    squares += (x - runningMean) ** 2;
    runningMean = (0.5 + sum) / (t + 1);
  }
  let lowest = -1;
  let highest = -1;
  for (let index = 0; index < size; index++) {
    if (rejected[index]) continue;
    if (lowest < 0) lowest = index;
    highest = index;
  }
  const toDifference = (index: number) => (2 * index) / (size - 1) - 1;
  const mean = differences.reduce((total, value) => total + value, 0) / count;
  const p = Math.min(1, 1 / bestAtZero);
  if (lowest < 0) {
    // Every candidate rejected (possible only far out in the tails): the point estimate stands alone.
    return { difference: mean, low: mean, high: mean, p, inputs: count };
  }
  // Half way to the rejected neighbours: never 0 itself when 0 was rejected.
  const low = lowest === 0 ? -1 : (toDifference(lowest - 1) + toDifference(lowest)) / 2;
  const high = highest === size - 1 ? 1 : (toDifference(highest + 1) + toDifference(highest)) / 2;
  return { difference: mean, low, high, p, inputs: count };
}
