// Simulated experiments for the statistics' own checks (tests and bench/): inputs whose success
// rates vary, conversations of several responses that tend to succeed or fail together, and
// repeats that are identical at temperature 0 (as a real server's are). Seeded, so every run of
// a check sees the same experiments.
import type { Cluster } from './clustered';

export type Random = () => number;

/** A Beta(a, b) draw from two gamma draws (Marsaglia and Tsang's method). */
function betaDraw(random: Random, a: number, b: number): number {
  const x = gammaDraw(random, a);
  return x / (x + gammaDraw(random, b));
}

function gammaDraw(random: Random, shape: number): number {
  if (shape < 1) return gammaDraw(random, shape + 1) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normalDraw(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

export function normalDraw(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export type Design = {
  inputs: number;
  /** Conversations per variant, cycled over the inputs (so some inputs get one more). */
  conversations: number;
  /** Identical repeats of each input (temperature 0) or fresh draws per repeat. */
  identicalRepeats: boolean;
  /** Chance that a conversation's responses all share one outcome (within-conversation correlation). */
  sharedOutcome: number;
  /** Responses per conversation: 1 + input index mod this. */
  maxResponses: number;
};

/** One conversation's responses with calls, out of `responses`, when its input succeeds with chance q. */
function conversationSuccesses(random: Random, q: number, responses: number, shared: number): number {
  if (random() < shared) return random() < q ? responses : 0;
  let successes = 0;
  for (let response = 0; response < responses; response++) if (random() < q) successes++;
  return successes;
}

/** The per-input clusters of one variant whose inputs succeed with chances `rates`. */
export function simulateClusters(random: Random, design: Design, rates: readonly number[]): Cluster[] {
  const clusters: Cluster[] = rates.map(() => ({ successes: 0, trials: 0 }));
  const first: number[] = rates.map(() => -1);
  for (let conversation = 0; conversation < design.conversations; conversation++) {
    const input = conversation % design.inputs;
    const responses = 1 + (input % design.maxResponses);
    let successes: number;
    if (design.identicalRepeats && first[input] >= 0) successes = first[input];
    else successes = conversationSuccesses(random, rates[input], responses, design.sharedOutcome);
    first[input] = successes;
    clusters[input].successes += successes;
    clusters[input].trials += responses;
  }
  return clusters;
}

/** Per-input success chances drawn from Beta(mean·s, (1 − mean)·s): small s, large spread between inputs. */
export function inputRates(random: Random, inputs: number, mean: number, spread: number): number[] {
  return Array.from({ length: inputs }, () => betaDraw(random, mean * spread, (1 - mean) * spread));
}
