// How many conversations per variant detect a chosen difference with a chosen power. The unit is
// the input: at temperature 0 a repeat of an input is no new evidence, so the sizes below are of
// distinct inputs (a conversation each), and repeats only multiply the cost.
import { normalQuantile, normalTwoSidedPValue } from './normal';

export type PowerPlan = {
  /** Distinct inputs (one conversation each per variant) for a paired comparison within one experiment. */
  pairedInputs: number;
  /** The same for two unpaired groups (variants run on different inputs, e.g. across experiments). */
  unpairedInputs: number;
  /** The chance that the two variants disagree on an input, used for the paired size. */
  discordance: number;
};

export type PowerQuestion = {
  /** The current rate (from the agent's history when there is one). */
  baseline: number;
  /** The difference to detect, in rate units (0.05 for 5 points); its sign does not matter. */
  difference: number;
  alpha?: number;
  power?: number;
  /**
   * Chance that the two variants disagree on an input. Measured on the agent's history when
   * possible; unknown, it is taken as if the variants succeeded independently (the largest
   * plausible value, so the paired size is then an upper bound).
   */
  discordance?: number;
};

/**
 * Sizes for a two-sided test at level alpha: unpaired by the normal approximation for two
 * proportions (Fleiss, Levin and Paik 2003, eq. 4.14, without continuity correction), paired by
 * Connor's formula for McNemar's test (Connor 1987, Biometrics 43:207–211):
 * n = [z(α/2)·sqrt(ψ) + z(β)·sqrt(ψ − δ²)]² / δ², ψ the discordance. Rounded up.
 */
export function planSampleSize(question: PowerQuestion): PowerPlan {
  const alpha = question.alpha ?? 0.05;
  const power = question.power ?? 0.8;
  const delta = Math.abs(question.difference);
  const first = Math.min(1, Math.max(0, question.baseline));
  const second = Math.min(1, Math.max(0, first + (first + delta <= 1 ? delta : -delta)));
  if (!(delta > 0) || first === second)
    throw new Error('the difference to detect must be above 0 and leave the rate within 0..1');
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zBeta = normalQuantile(power);
  const mean = (first + second) / 2;
  const unpaired =
    (zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(first * (1 - first) + second * (1 - second))) ** 2 /
    delta ** 2;
  const independent = first * (1 - second) + second * (1 - first);
  // The discordance can never be below the difference itself.
  const discordance = Math.max(delta, Math.min(1, question.discordance ?? independent));
  const paired =
    (zAlpha * Math.sqrt(discordance) + zBeta * Math.sqrt(Math.max(0, discordance - delta * delta))) ** 2 / delta ** 2;
  return { pairedInputs: Math.ceil(paired), unpairedInputs: Math.ceil(unpaired), discordance };
}

/** The standard normal distribution function, from the two-sided tail. */
function normalCdf(z: number): number {
  const tail = normalTwoSidedPValue(z) / 2;
  return z < 0 ? tail : 1 - tail;
}

/** P(T ≤ t) for T inverse Gaussian with the given mean and shape (the first passage time of a drifting walk). */
function inverseGaussianCdf(t: number, mean: number, shape: number): number {
  const root = Math.sqrt(shape / t);
  const exponent = (2 * shape) / mean;
  const far = exponent > 700 ? 0 : Math.exp(exponent) * normalCdf(-root * (t / mean + 1));
  return normalCdf(root * (t / mean - 1)) + far;
}

/**
 * Distinct inputs the live, anytime-valid verdict (sequential.ts) reads before it tells the
 * difference with the chosen power, watched after every input: the first time its capital for
 * "no difference" reaches 1/α. Its planned half alone must reach 4/α (half the capital, hedged in
 * two directions), and its log grows by a random walk whose drift and variance follow from the
 * per-input difference's three values (−1, 0, 1) at the discordance ψ: P(±1) = (ψ ± δ) / 2. The
 * walk's first passage time is inverse Gaussian; its power-quantile is the size. The plug-in half
 * only helps, so this errs a little high (within 25% of simulation: live-power.simulation.test.ts).
 */
export function planAnytimeInputs(question: PowerQuestion): number {
  const alpha = question.alpha ?? 0.05;
  const power = question.power ?? 0.8;
  const delta = Math.abs(question.difference);
  const { discordance } = planSampleSize(question);
  // The planned bet on x = (d + 1) / 2 at the candidate 1/2: (δ/2) / E[(x − 1/2)²], at most 1.
  const bet = Math.min(1, (2 * delta) / discordance);
  const gain = Math.log(1 + bet / 2);
  const loss = Math.log(1 - bet / 2);
  const upward = (discordance + delta) / 2;
  const downward = (discordance - delta) / 2;
  const drift = upward * gain + downward * loss;
  const variance = upward * gain ** 2 + downward * loss ** 2 - drift ** 2;
  const level = Math.log(4 / alpha);
  if (variance <= 1e-12) return Math.ceil(level / drift);
  const mean = level / drift;
  const shape = level ** 2 / variance;
  let low = 1;
  let high = Math.max(2, Math.ceil(mean));
  while (inverseGaussianCdf(high, mean, shape) < power) high *= 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (inverseGaussianCdf(middle, mean, shape) < power) low = middle;
    else high = middle;
  }
  return high;
}

export type HistoryPair = { a: boolean; b: boolean };

/** The share of inputs on which two variants of a past experiment disagreed (null without inputs). */
export function discordanceOf(pairs: readonly HistoryPair[]): number | null {
  if (pairs.length === 0) return null;
  return pairs.filter((pair) => pair.a !== pair.b).length / pairs.length;
}
