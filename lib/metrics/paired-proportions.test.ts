// The paired-difference interval against numbers computed once with scipy
// (scripts/statistics-reference.py), against the textbook example, and by simulation: it must
// cover the true difference at least 93% of the time in nested (B succeeds wherever A does),
// independent, and A/A designs from 20 to 1,000 inputs.
import { describe, expect, it } from 'vitest';
import { comparePairedRates, type InputPair } from './compare-rates';
import reference from './fixtures/statistics-reference.json';
import { tangoInterval, tangoPValue } from './paired-proportions';
import { seededRandom } from './random';

describe("Tango's score interval for paired proportions", () => {
  it('gives the textbook example (Fagerland, Lydersen and Laake, ch. 8)', () => {
    const counts = { onlyB: 6, onlyA: 16, inputs: 161 };
    const interval = tangoInterval(counts);
    expect(interval.low).toBeCloseTo(-0.124, 4);
    expect(interval.high).toBeCloseTo(-0.0054, 4);
    expect(tangoPValue(counts)).toBeCloseTo(0.033006, 5);
    const result = comparePairedRates(pairsOf(6, 16, 161));
    expect(result.difference).toBeCloseTo(-0.0621, 4);
    expect(result.low).toBeCloseTo(-0.124, 4);
    // The exact McNemar p stays the p-value (0.0525 here, not significant), and the interval is
    // widened to reach 0 so the two agree.
    expect(result.p).toBeCloseTo(0.052479, 6);
    expect(result.high).toBe(0);
  });

  it.each(reference.tango)('matches scipy for $onlyB only-B, $onlyA only-A of $inputs', (row) => {
    const interval = tangoInterval(row);
    expect(interval.low).toBeCloseTo(row.low, 8);
    expect(interval.high).toBeCloseTo(row.high, 8);
    expect(tangoPValue(row)).toBeCloseTo(row.scoreP, 6);
    const result = comparePairedRates(pairsOf(row.onlyB, row.onlyA, row.inputs));
    expect(result.p).toBeCloseTo(row.exactP, 9);
  });
});

function pairsOf(onlyB: number, onlyA: number, inputs: number, both = 0): InputPair[] {
  return Array.from({ length: inputs }, (_, input) => {
    const a = input >= onlyB && input < onlyB + onlyA + both ? 1 : 0;
    const b = input < onlyB || (input >= onlyB + onlyA && input < onlyB + onlyA + both) ? 1 : 0;
    return { input, a: { successes: a, trials: 1 }, b: { successes: b, trials: 1 } };
  });
}

type PairedDesign = (random: () => number) => { a: boolean; b: boolean };
const DESIGNS: [string, PairedDesign, number][] = [
  // One latent draw per input: B succeeds wherever A does (a prompt that fixes and breaks nothing).
  ['nested', (random) => ((u) => ({ a: u < 0.6, b: u < 0.7 }))(random()), 0.1],
  ['independent', (random) => ({ a: random() < 0.6, b: random() < 0.7 }), 0.1],
  // A/A: the same per-input chance for both, spread between inputs.
  ['A/A', (random) => ((q) => ({ a: random() < q, b: random() < q }))(random() < 0.5 ? 0.95 : 0.45), 0],
];
const RUNS = 2_000;

describe('coverage of the paired 95% interval of B − A', () => {
  it.each(
    DESIGNS.flatMap(([name, design, truth]) => [20, 50, 200, 1000].map((n) => [name, n, design, truth] as const)),
  )('is at least 93 percent in the %s design at %i inputs', (_name, inputs, design, truth) => {
    const random = seededRandom(inputs * 31 + truth * 1000 + _name.length);
    let covered = 0;
    for (let run = 0; run < RUNS; run++) {
      const pairs: InputPair[] = [];
      for (let input = 0; input < inputs; input++) {
        const { a, b } = design(random);
        pairs.push({ input, a: { successes: a ? 1 : 0, trials: 1 }, b: { successes: b ? 1 : 0, trials: 1 } });
      }
      const result = comparePairedRates(pairs);
      if ((result.low as number) <= truth + 1e-12 && truth - 1e-12 <= (result.high as number)) covered++;
    }
    expect(covered / RUNS).toBeGreaterThanOrEqual(0.93);
  });
});

describe('the paired verdict and its interval', () => {
  it('agree on every table of 50 inputs: exact p below 0.05 exactly when the interval excludes 0', () => {
    for (let onlyB = 0; onlyB <= 50; onlyB++) {
      for (let onlyA = 0; onlyA + onlyB <= 50; onlyA++) {
        const result = comparePairedRates(pairsOf(onlyB, onlyA, 50));
        const excludes = (result.low as number) > 0 || (result.high as number) < 0;
        expect(excludes, `${onlyB} only-B, ${onlyA} only-A`).toBe((result.p as number) < 0.05);
      }
    }
  });
});
