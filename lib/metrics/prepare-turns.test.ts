import { describe, expect, it } from 'vitest';
import { prepareTurnsHistogram } from './prepare-turns';

describe('prepareTurnsHistogram', () => {
  it('gives every turn count between the smallest and the largest a row, as shares of each variant', () => {
    const histogram = prepareTurnsHistogram(
      ['baseline', 'directive'],
      [
        { variantIndex: 0, turns: 2, count: 6 },
        { variantIndex: 0, turns: 4, count: 2 },
        { variantIndex: 1, turns: 2, count: 1 },
      ],
    );
    expect(histogram.rows.map((row) => row.turns)).toEqual([2, 3, 4]);
    expect(histogram.rows[0]).toMatchObject({ v0: 0.75, v0Count: 6, v1: 1, v1Count: 1 });
    // Three turns: nobody, a real zero.
    expect(histogram.rows[1]).toMatchObject({ v0: 0, v0Count: 0, v1: 0, v1Count: 0 });
    expect(histogram.rows[2]).toMatchObject({ v0: 0.25, v0Count: 2, v1: 0 });
    expect(histogram.counts).toEqual([
      { key: 'v0', name: 'baseline', total: 8, byTurns: [6, 0, 2] },
      { key: 'v1', name: 'directive', total: 1, byTurns: [1, 0, 0] },
    ]);
  });

  it('leaves a variant with no completed conversation as a gap', () => {
    const histogram = prepareTurnsHistogram(['a', 'b'], [{ variantIndex: 0, turns: 1, count: 3 }]);
    expect(histogram.rows).toEqual([{ turns: 1, v0: 1, v0Count: 3, v1: null, v1Count: null }]);
    expect(histogram.counts[1].total).toBe(0);
  });

  it('has no rows before anything completed, and ignores variants it does not know', () => {
    expect(prepareTurnsHistogram(['a'], [])).toMatchObject({ rows: [], hasData: false });
    expect(prepareTurnsHistogram(['a'], [{ variantIndex: 3, turns: 2, count: 5 }]).hasData).toBe(false);
  });
});
