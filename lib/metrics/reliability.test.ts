import { describe, expect, it } from 'vitest';
import { passHatK, passHatKCurve } from './reliability';
import { seededRandom } from './random';

describe('passHatKCurve', () => {
  it('is, for every k, exactly the mean over inputs of passHatK', () => {
    const random = seededRandom(7);
    const inputs = Array.from({ length: 12 }, (_, input) => {
      const repeats = 40 + Math.floor(random() * 30);
      return {
        input,
        repeats,
        successes: input === 0 ? repeats : input === 1 ? 0 : Math.floor(random() * (repeats + 1)),
      };
    });
    const curve = passHatKCurve(inputs);
    const fewest = Math.min(...inputs.map((entry) => entry.repeats));
    expect(Object.keys(curve)).toHaveLength(fewest);
    for (let k = 1; k <= fewest; k++) {
      let total = 0;
      for (const entry of inputs) total += passHatK(entry.successes, entry.repeats, k) as number;
      expect(curve[String(k)]).toBe(total / inputs.length);
    }
  });
});
