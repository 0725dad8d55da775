// What a comparison that decides nothing can still tell: how many more distinct inputs would tell
// a difference of a chosen size, whether a new variant is no worse than the old by a margin the
// person set (non-inferiority, the one-sided half of TOST on the printed interval), and whether
// the interval carries any information at all.
import { normalQuantile } from './normal';

/** Below this many inputs an interval is a guess, however it looks (2 inputs: 0 to 99%, or 0.0 to 0.0). */
const MIN_INFORMATIVE_INPUTS = 3;
/** A rate interval at least this wide (in rate units) rules nothing out. */
const UNINFORMATIVE_RATE_WIDTH = 0.9;
/** The difference "more inputs" speaks of when none was planned: 10 points. */
export const DEFAULT_PLANNED_DIFFERENCE = 0.1;

export type IntervalFacts = { low: number | null; high: number | null; inputs: number };

/**
 * True when the interval carries no information: from fewer than MIN_INFORMATIVE_INPUTS inputs, a
 * rate interval spanning 90 points or more, or an interval of zero width (every input gave the same
 * difference, so the resampling or the variance has nothing to measure: "0.0 to 0.0" is not a
 * measurement of how far the truth may be).
 */
export function uninformative(facts: IntervalFacts, turns: boolean): boolean {
  if (facts.low === null || facts.high === null) return false;
  if (facts.inputs < MIN_INFORMATIVE_INPUTS) return true;
  const width = facts.high - facts.low;
  return width === 0 || (!turns && width >= UNINFORMATIVE_RATE_WIDTH);
}

/**
 * About how many more distinct inputs (paired: per variant; the same inputs for both) would give
 * 80% power to tell a difference of `difference` at the 5% level, from the standard error this
 * interval implies (its half-width over z) shrinking as one over the square root of the inputs.
 * 0 when the inputs are already enough; null without an interval of some width.
 */
export function moreInputsToTell(facts: IntervalFacts, difference: number, power = 0.8): number | null {
  if (facts.low === null || facts.high === null || facts.inputs < 1 || !(difference > 0)) return null;
  const zAlpha = normalQuantile(0.975);
  const standardError = (facts.high - facts.low) / 2 / zAlpha;
  if (!(standardError > 0)) return null;
  const needed = facts.inputs * (((zAlpha + normalQuantile(power)) * standardError) / difference) ** 2;
  return Math.max(0, Math.ceil(needed - facts.inputs));
}

/**
 * Non-inferiority of B against A on a rate, with margin `margin` (> 0, rate units): B is no worse
 * when the whole 95% interval of B − A lies above −margin. That is the one-sided test at 2.5% of
 * "B is worse by the margin or more", the half of TOST that matters for an edit meant to be
 * shorter or cheaper but no worse, and it agrees with the printed interval.
 */
export function noWorseThan(facts: IntervalFacts, margin: number): boolean | null {
  if (facts.low === null || facts.high === null || !(margin > 0)) return null;
  return facts.low > -margin;
}
