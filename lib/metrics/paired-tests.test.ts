import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm';
import { inputReliability, isFlaky, passHatK, passHatKCurve } from './reliability';
import { mcnemarExact, wilcoxonSignedRank } from './signed-rank';

// Reference values from scipy 1.17.1 (written down here, computed once):
// McNemar exact = scipy.stats.binomtest(onlyA, onlyA + onlyB, 0.5).pvalue;
// mid-p = 2 * (binom.cdf(k, n, .5) - binom.pmf(k, n, .5) / 2), k = min(onlyA, onlyB).
const MCNEMAR: [number, number, number, number][] = [
  [0, 0, 1, 1], // no discordant pairs
  [5, 0, 0.0625, 0.03125000000000003],
  [3, 1, 0.625, 0.375],
  [10, 4, 0.1795654296875, 0.11846923828125003],
  [0, 7, 0.015625, 0.007812500000000052],
  [12, 12, 1, 1],
  [40, 25, 0.08168153394154003, 0.06401750413722561],
  [1, 0, 1, 0.4999999999999999],
];

const WILCOXON_LARGE_P = 0.013629387816504147;

describe("McNemar's exact test", () => {
  it.each(MCNEMAR)('onlyA %i, onlyB %i: p %f, mid-p %f', (onlyA, onlyB, p, midP) => {
    const result = mcnemarExact(onlyA, onlyB);
    expect(Math.abs(result.p - p)).toBeLessThan(1e-9);
    expect(Math.abs(result.midP - midP)).toBeLessThan(1e-9);
  });
});

describe('Wilcoxon signed-rank test', () => {
  it('matches scipy.stats.wilcoxon(method="exact") without ties', () => {
    const first = wilcoxonSignedRank([1.5, -0.5, 2.5, 3.5, 4.5, -6.5, 7.5]);
    expect(first).toMatchObject({ statistic: 7, method: 'exact' });
    expect(Math.abs(first.p - 0.296875)).toBeLessThan(1e-9);
    const second = wilcoxonSignedRank([0.1, 0.25, -0.4, 0.7, 0.9, 1.1, -1.3, 1.6, 2.0, 2.2]);
    expect(second.statistic).toBe(10);
    expect(Math.abs(second.p - 0.083984375)).toBeLessThan(1e-9);
  });

  // A brute-force enumeration of all 2^14 sign patterns of the midranks gives 0.024658203125.
  it('is exact with ties and zeros', () => {
    const result = wilcoxonSignedRank([0.5, -1, 1, 1, 0, 2, -0.5, 1, 1, 1, 0.5, 2, 3, -1, 1]);
    expect(result).toMatchObject({ n: 14, positiveRankSum: 88, method: 'exact' });
    expect(Math.abs(result.p - 0.024658203125)).toBeLessThan(1e-9);
  });

  it('reduces to the sign test, that is McNemar, when differences are +1, 0 or -1', () => {
    const result = wilcoxonSignedRank([1, 1, 1, 1, 1, 0, 0, -1]);
    expect(Math.abs(result.p - 0.21875)).toBeLessThan(1e-9);
    expect(Math.abs(result.p - mcnemarExact(1, 5).p)).toBeLessThan(1e-12);
  });

  it('gives p = 1 when every difference is zero, and matches scipy method="approx" past the exact limit', () => {
    expect(wilcoxonSignedRank([0, 0, 0])).toMatchObject({ n: 0, p: 1 });
    const large = Array.from({ length: 250 }, (_, index) => ((index * 37) % 101) - 45);
    const result = wilcoxonSignedRank(large);
    expect(result.method).toBe('normal');
    // scipy.stats.wilcoxon(d, method='approx', correction=False) for this d.
    expect(Math.abs(result.p - WILCOXON_LARGE_P)).toBeLessThan(1e-9);
  });
});

describe('Holm adjustment', () => {
  // Textbook step-down (Holm 1979): sorted p times (m - i), running maximum, capped at 1.
  it.each([
    [
      [0.01, 0.04, 0.03, 0.005],
      [0.03, 0.06, 0.06, 0.02],
    ],
    [[0.5], [0.5]],
    [
      [0.02, 0.02, 0.9],
      [0.06, 0.06, 0.9],
    ],
    [
      [0.3, 0.2, 0.1, 0.05, 0.001],
      [0.4, 0.4, 0.30000000000000004, 0.2, 0.005],
    ],
    [
      [0, 1, 0.5],
      [0, 1, 1],
    ],
  ])('%j -> %j', (raw, adjusted) => {
    const result = holmAdjust(raw);
    result.forEach((value, index) => expect(Math.abs((value as number) - adjusted[index])).toBeLessThan(1e-9));
  });

  it('leaves nulls out of the family', () => {
    expect(holmAdjust([0.01, null, 0.02])).toEqual([0.02, null, 0.02]);
  });
});

describe('pass^k', () => {
  // C(c, k) / C(n, k) from Python's math.comb.
  it.each([
    [3, 5, 2, 0.3],
    [5, 5, 3, 1],
    [0, 4, 1, 0],
    [7, 10, 4, 0.16666666666666666],
    [19, 20, 10, 0.5],
    [2, 3, 3, 0],
  ])('%i successes of %i repeats, k = %i: %f', (successes, repeats, k, expected) => {
    expect(Math.abs((passHatK(successes, repeats, k) as number) - expected)).toBeLessThan(1e-9);
  });

  it('cannot be estimated from fewer repeats than tries (n < k)', () => {
    expect(passHatK(3, 2, 3)).toBeNull();
  });

  it('averages over inputs for k up to the fewest repeats, and finds flaky inputs', () => {
    const inputs = [
      { input: 0, repeats: 4, successes: 4 },
      { input: 1, repeats: 3, successes: 1 },
      { input: 2, repeats: 5, successes: 0 },
    ];
    const curve = passHatKCurve(inputs);
    expect(Object.keys(curve)).toEqual(['1', '2', '3']);
    expect(curve['1']).toBeCloseTo((1 + 1 / 3 + 0) / 3, 12);
    expect(curve['2']).toBeCloseTo((1 + 0 + 0) / 3, 12);
    expect(inputs.map(isFlaky)).toEqual([false, true, false]);
  });
});

describe('per-input reliability', () => {
  it('puts the inputs the variants disagree on most first, and marks flaky ones', () => {
    const rows = inputReliability([
      [
        { input: 0, repeats: 4, successes: 4 },
        { input: 1, repeats: 4, successes: 2 },
        { input: 2, repeats: 4, successes: 0 },
      ],
      [
        { input: 0, repeats: 4, successes: 4 },
        { input: 1, repeats: 4, successes: 2 },
        { input: 2, repeats: 4, successes: 4 },
      ],
    ]);
    expect(rows.map((row) => [row.input, row.spread, row.flaky])).toEqual([
      [2, 1, false],
      [1, 0, true],
      [0, 0, false],
    ]);
    expect(rows[1].variants[0]).toEqual({ repeats: 4, successes: 2, share: 0.5 });
  });
});
