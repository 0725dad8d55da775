// The live verdict: a confidence sequence for the mean per-input difference B − A (each in
// [−1, 1]), valid however often and whenever it is read, by testing by betting (Waudby-Smith and
// Ramdas 2023, "Estimating means of bounded random variables by betting", JRSS B 86:1–27; the
// hedged capital process with predictable plug-in bets, their section 4). For each candidate mean
// a gambler bets on every new input that the mean is not that value; by Ville's inequality the
// true mean's capital reaches 1/α with probability at most α, ever. The candidates whose capital
// stayed below 1/α at every look so far form the interval, and 1 / (the largest capital the
// candidate 0 ever reached) is an anytime-valid p-value: the interval excludes 0 exactly when
// that p-value is below α.
// Half the capital bets as the paper's plug-in (sized to shrink the interval at every moment), half
// is sized for the difference the person planned to detect, as mSPRT tunes its mixing variance
// (Johari et al. 2017, "Peeking at A/B tests", KDD): the bet that makes the capital grow fastest
// when the truth is that far from the candidate (Kelly's, δ/2 over E[(x − m)²] on the x scale,
// the second moment estimated from the inputs before). A mixture of two test martingales is one,
// so Ville's bound holds as before; the planned half reaches a 10-point gain with about 0.7 times
// the inputs the plug-in alone needed (live-power.simulation.test.ts).
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

export type AnytimeOptions = {
  alpha?: number;
  /** The difference (rate units, −1..1 scale) the person planned to detect; 10 points if none. */
  plannedDifference?: number;
};

/** The difference the bets are tuned for when none was planned: 10 points (as inconclusive.ts says). */
const DEFAULT_PLANNED = 0.1;

/** Candidate differences −1 .. 1 in steps of 1/GRID_HALF; 0 is one of them. */
const GRID_HALF = 200;
const SIZE = 2 * GRID_HALF + 1;
/** The largest fraction of capital ever bet (the paper's c). */
const MAX_BET = 0.5;

/** Candidate means of x = (d + 1) / 2 in [0, 1]; the ends are excluded (bets there are unbounded). */
const CANDIDATES = Float64Array.from({ length: SIZE }, (_, index) =>
  Math.min(1 - 1e-9, Math.max(1e-9, index / (SIZE - 1))),
);

/**
 * The confidence sequence as differences arrive, one input at a time, in an order that does not
 * depend on their values (inputs in their fixed order). Each `add` costs one pass over the grid.
 */
export class AnytimeSequence {
  private readonly threshold: number;
  private readonly alpha: number;
  private readonly up = new Float64Array(SIZE).fill(1);
  private readonly down = new Float64Array(SIZE).fill(1);
  private readonly tunedUp = new Float64Array(SIZE).fill(1);
  private readonly tunedDown = new Float64Array(SIZE).fill(1);
  /** The planned shift of the mean of x = (d + 1) / 2. */
  private readonly shift: number;
  private readonly rejected = new Uint8Array(SIZE);
  private bestAtZero = 1;
  private count = 0;
  private total = 0;
  // Predictable plug-in: the bet for observation t uses the mean and variance of the ones before.
  private sum = 0;
  private squares = 0.25;
  private runningMean = 0.5;
  /** Σ x² of the inputs so far, for each candidate's second moment Σ (x − m)². */
  private sumOfSquares = 0;

  constructor(options: AnytimeOptions = {}) {
    this.alpha = options.alpha ?? 0.05;
    this.threshold = 1 / this.alpha;
    const planned = Math.abs(options.plannedDifference ?? DEFAULT_PLANNED);
    this.shift = Math.min(1, planned > 0 ? planned : DEFAULT_PLANNED) / 2;
  }

  add(difference: number): void {
    const t = this.count + 1;
    const x = (Math.max(-1, Math.min(1, difference)) + 1) / 2;
    const varianceEstimate = this.squares / t;
    const bet = Math.sqrt((2 * Math.log(2 / this.alpha)) / (varianceEstimate * t * Math.log(1 + t)));
    const before = t - 1;
    for (let index = 0; index < SIZE; index++) {
      const m = CANDIDATES[index];
      const gap = x - m;
      this.up[index] *= 1 + Math.min(bet, MAX_BET / m) * gap;
      this.down[index] *= 1 - Math.min(bet, MAX_BET / (1 - m)) * gap;
      // E[(x − m)²] from the inputs before, with one prior observation of 1/4 (the most it can be at 1/2).
      const secondMoment = (0.25 + this.sumOfSquares - 2 * m * this.sum + before * m * m) / t;
      const tuned = this.shift / secondMoment;
      this.tunedUp[index] *= 1 + Math.min(tuned, MAX_BET / m) * gap;
      this.tunedDown[index] *= 1 - Math.min(tuned, MAX_BET / (1 - m)) * gap;
      if (this.capital(index) >= this.threshold) this.rejected[index] = 1;
    }
    this.bestAtZero = Math.max(this.bestAtZero, this.capital(GRID_HALF));
    this.sumOfSquares += x * x;
    this.sum += x;
    this.squares += (x - this.runningMean) ** 2;
    this.runningMean = (0.5 + this.sum) / (t + 1);
    this.count = t;
    this.total += difference;
  }

  /** The mixture: half on the plug-in bets, half on the planned ones, each hedged up and down. */
  private capital(index: number): number {
    return (this.up[index] + this.down[index] + this.tunedUp[index] + this.tunedDown[index]) / 4;
  }

  /** The anytime-valid p-value for "no difference" so far (1 before any input). */
  get p(): number {
    return Math.min(1, 1 / this.bestAtZero);
  }

  current(): AnytimeDifference {
    const count = this.count;
    if (count === 0) return { difference: null, low: null, high: null, p: null, inputs: 0 };
    let lowest = -1;
    let highest = -1;
    for (let index = 0; index < SIZE; index++) {
      if (this.rejected[index]) continue;
      if (lowest < 0) lowest = index;
      highest = index;
    }
    const toDifference = (index: number) => (2 * index) / (SIZE - 1) - 1;
    const mean = this.total / count;
    const p = this.p;
    // Every candidate rejected (possible only far out in the tails): the point estimate stands alone.
    if (lowest < 0) return { difference: mean, low: mean, high: mean, p, inputs: count };
    // Half way to the rejected neighbours: never 0 itself when 0 was rejected.
    const low = lowest === 0 ? -1 : (toDifference(lowest - 1) + toDifference(lowest)) / 2;
    const high = highest === SIZE - 1 ? 1 : (toDifference(highest + 1) + toDifference(highest)) / 2;
    return { difference: mean, low, high, p, inputs: count };
  }
}

/** The confidence sequence after the differences seen so far, in the order they arrived. */
export function anytimeDifference(differences: readonly number[], options: AnytimeOptions = {}): AnytimeDifference {
  const sequence = new AnytimeSequence(options);
  for (const difference of differences) sequence.add(difference);
  return sequence.current();
}
