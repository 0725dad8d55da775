// pass^k per variant for k = 1 .. repeats (the chance that k tries of an input all succeed), and
// which charts mean something for a kind of run: pass^k needs repeats, turns need more than one
// turn (a dataset run scores one response: no turns or outcome charts).
import { variantSeries, type ChartSeries } from './prepare-rates';
import type { SummaryJson } from './summary-json';

type PassKRow = { k: number; [field: string]: number | null };
export type PassKChart = { series: ChartSeries[]; rows: PassKRow[]; hasData: boolean };

export function preparePassKChart(variants: SummaryJson['variants']): PassKChart {
  const series = variantSeries(variants.map((variant) => variant.name));
  const largest = Math.max(0, ...variants.map((variant) => Object.keys(variant.passHatK ?? {}).length));
  const rows: PassKRow[] = [];
  for (let k = 1; k <= largest; k++) {
    const row: PassKRow = { k };
    series.forEach((entry, index) => {
      row[entry.key] = variants[index].passHatK?.[String(k)] ?? null;
    });
    rows.push(row);
  }
  // One try per input says nothing about repeating it.
  return { series, rows, hasData: largest >= 2 };
}

export type ChartChoice = { passK: boolean; turns: boolean; outcomes: boolean; completion: boolean };

/** The charts that mean something for this run. */
export function chartsFor(summary: SummaryJson): ChartChoice {
  const dataset = summary.variants.some((variant) => variant.callAccuracy !== undefined);
  // Every completed conversation at one turn (a one-turn agent): nothing for a turns chart to show.
  const oneTurn = summary.variants.every((variant) => variant.turnsToCompletion.max === 1);
  // In a dataset run "completed" is a text answer instead of the expected call: not a success to draw.
  return {
    passK: preparePassKChart(summary.variants).hasData,
    turns: !dataset && !oneTurn,
    outcomes: !dataset,
    completion: !dataset,
  };
}
