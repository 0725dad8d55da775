// One effect, one p, one interval: the paired difference is the difference of the two pooled
// rates the table shows (however many repeats each input got), its p-value inverts its interval,
// and for turns the p-value is the bootstrap's own, not a Wilcoxon test beside a bootstrap interval.
import { describe, expect, it } from 'vitest';
import { clusteredRate } from './clustered';
import { comparePairedRates, type InputPair } from './compare-rates';
import { comparePairedTurns, type TurnsPair } from './compare-turns';
import { seededRandom } from './random';

describe('the paired rate difference', () => {
  it('is the difference of the pooled rates the table shows when repeats per input differ', () => {
    // Identical repeats (temperature 0): 3 repeats of inputs 0-9, 1 of inputs 10-19.
    const pairs: InputPair[] = Array.from({ length: 20 }, (_, input) => {
      const trials = input < 10 ? 3 : 1;
      const a = input % 4 === 0 ? trials : 0;
      const b = input % 2 === 0 || input >= 15 ? trials : 0;
      return { input, a: { successes: a, trials }, b: { successes: b, trials } };
    });
    const pooledA = clusteredRate(pairs.map((pair) => pair.a)).value as number;
    const pooledB = clusteredRate(pairs.map((pair) => pair.b)).value as number;
    const result = comparePairedRates(pairs);
    expect(result.difference).toBeCloseTo(pooledB - pooledA, 12);
    expect(result.effect).toBe('rate-difference');
  });

  it('has a p-value below 0.05 exactly when its interval excludes 0', () => {
    const random = seededRandom(11);
    for (let run = 0; run < 300; run++) {
      const pairs: InputPair[] = Array.from({ length: 8 + (run % 30) }, (_, input) => {
        const trials = 1 + Math.floor(random() * 4);
        const q = random();
        const lift = (run % 3) * 0.15;
        let a = 0;
        let b = 0;
        for (let trial = 0; trial < trials; trial++) {
          if (random() < q) a++;
          if (random() < Math.min(1, q + lift)) b++;
        }
        return { input, a: { successes: a, trials }, b: { successes: b, trials: trials } };
      });
      const result = comparePairedRates(pairs);
      if (result.p === null) continue;
      const excludes = (result.low as number) > 0 || (result.high as number) < 0;
      expect(excludes, `run ${run}`).toBe(result.p < 0.05);
    }
  });
});

describe('the paired turns difference', () => {
  it('gives the p-value that inverts its bootstrap interval, not a rank test pointing the other way', () => {
    // Most inputs need one more turn in B; a few need many fewer: the mean says "fewer", the
    // signed ranks "more".
    const pairs: TurnsPair[] = Array.from({ length: 30 }, (_, input) => {
      const fewer = input % 10 === 0;
      return { input, a: { completed: 1, turns: fewer ? 12 : 3 }, b: { completed: 1, turns: fewer ? 2 : 4 } };
    });
    const result = comparePairedTurns(pairs);
    const excludes = (result.low as number) > 0 || (result.high as number) < 0;
    expect(excludes).toBe((result.p as number) < 0.05);
    expect(result.method).toBe('cluster-bootstrap');
    expect(result.effect).toBe('turns-difference');
  });
});
