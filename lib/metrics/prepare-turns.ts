// The turns-to-completion distribution: how many model responses each submitted conversation
// took, per variant, as the share of that variant's submitted conversations (variants with
// different numbers of completions stay comparable), with the counts kept for the table.
import { variantSeries, type ChartSeries } from './prepare-rates';

/** Submitted conversations of one variant (by position) that took this many model responses. */
export type TurnsGroup = { variantIndex: number; turns: number; count: number };

type TurnsRow = { turns: number; [field: string]: number | null };

export type TurnsHistogram = {
  series: ChartSeries[];
  /** One row per turn count from the smallest to the largest seen, none skipped (a count of 0 is a real 0). */
  rows: TurnsRow[];
  /** Per series: the counts by row, and the variant's submitted total (0: the variant is a gap). */
  counts: { key: string; name: string; total: number; byTurns: number[] }[];
  hasData: boolean;
};

export function prepareTurnsHistogram(variantNames: string[], groups: TurnsGroup[]): TurnsHistogram {
  const series = variantSeries(variantNames);
  const known = groups.filter(
    (group) => group.variantIndex >= 0 && group.variantIndex < variantNames.length && group.count > 0,
  );
  if (known.length === 0)
    return {
      series,
      rows: [],
      counts: series.map((entry) => ({ key: entry.key, name: entry.name, total: 0, byTurns: [] })),
      hasData: false,
    };
  const smallest = Math.min(...known.map((group) => group.turns));
  const largest = Math.max(...known.map((group) => group.turns));
  const width = largest - smallest + 1;
  const byVariant = series.map(() => new Array<number>(width).fill(0));
  for (const group of known) byVariant[group.variantIndex][group.turns - smallest] += group.count;
  const totals = byVariant.map((counts) => counts.reduce((sum, count) => sum + count, 0));
  const rows: TurnsRow[] = [];
  for (let offset = 0; offset < width; offset++) {
    const row: TurnsRow = { turns: smallest + offset };
    series.forEach((entry, index) => {
      // A variant with no completion has no distribution at all: a gap, not a row of zeros.
      row[entry.key] = totals[index] === 0 ? null : byVariant[index][offset] / totals[index];
      row[`${entry.key}Count`] = totals[index] === 0 ? null : byVariant[index][offset];
    });
    rows.push(row);
  }
  return {
    series,
    rows,
    counts: series.map((entry, index) => ({
      key: entry.key,
      name: entry.name,
      total: totals[index],
      byTurns: byVariant[index],
    })),
    hasData: true,
  };
}
