import { describe, expect, it } from 'vitest';
import { discordanceOf, planSampleSize } from './power';

// Reference sizes computed with scipy.stats.norm.ppf and the textbook formulas (Fleiss, Levin and
// Paik 2003, eq. 4.14; Connor 1987): 0.5 against 0.6 needs 387.34 a group unpaired; 0.8 against
// 0.85 needs 905.37 unpaired, and 311.59 pairs at a discordance of 0.1.
describe('planSampleSize', () => {
  it('matches the textbook unpaired size', () => {
    expect(planSampleSize({ baseline: 0.5, difference: 0.1 }).unpairedInputs).toBe(388);
    expect(planSampleSize({ baseline: 0.8, difference: 0.05 }).unpairedInputs).toBe(906);
  });

  it("matches Connor's paired size, smaller when the variants agree on most inputs", () => {
    const plan = planSampleSize({ baseline: 0.8, difference: 0.05, discordance: 0.1 });
    expect(plan.pairedInputs).toBe(312);
    expect(plan.pairedInputs).toBeLessThan(plan.unpairedInputs);
  });

  it('assumes independent variants without history (the paired size is then an upper bound)', () => {
    const plan = planSampleSize({ baseline: 0.8, difference: 0.05 });
    expect(plan.discordance).toBeCloseTo(0.8 * 0.15 + 0.85 * 0.2, 12);
    expect(plan.pairedInputs).toBe(909);
  });

  it('turns downward near 1 and refuses a zero difference', () => {
    expect(planSampleSize({ baseline: 0.98, difference: 0.05 }).unpairedInputs).toBeGreaterThan(0);
    expect(() => planSampleSize({ baseline: 0.5, difference: 0 })).toThrow(/above 0/);
  });

  it('measures discordance on past pairs', () => {
    expect(
      discordanceOf([
        { a: true, b: true },
        { a: true, b: false },
        { a: false, b: false },
        { a: false, b: true },
      ]),
    ).toBe(0.5);
    expect(discordanceOf([])).toBeNull();
  });
});
