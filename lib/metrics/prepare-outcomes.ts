// Outcomes per variant (100%-stacked, fixed colours, the five outcomes in the spec's order) and
// errors per variant (counts by kind, the most frequent kind first).
import type { Outcome } from '../runner/types';
import { OUTCOME_COLOURS, OUTCOME_ORDER, errorColour } from './prepare-palette';
import { prepareStack, type StackChart } from './prepare-parse-paths';
import { variantSeries, type ChartSeries } from './prepare-rates';
import type { VariantSummaryJson } from './summary-json';

export function prepareOutcomeChart(variants: VariantSummaryJson[]): StackChart<Outcome> {
  return prepareStack(
    OUTCOME_ORDER,
    OUTCOME_COLOURS,
    variants.map((variant) => ({ variant: variant.name, counts: variant.outcomes })),
  );
}

export type ErrorChart = {
  /** Each kind with its field in the rows (`error_<kind>`, so that no kind can clash with `variant`). */
  kinds: { kind: string; field: string; colour: string; total: number }[];
  series: ChartSeries[];
  /**
   * One row per variant: `variant`, and per kind its count under its field, or null for a variant with no model
   * call at all (nothing could go wrong yet: a gap, not a clean record).
   */
  rows: ({ variant: string; modelCalls: number } & Record<string, number | string | null>)[];
  hasData: boolean;
};

export function prepareErrorChart(variants: VariantSummaryJson[]): ErrorChart {
  const totals = new Map<string, number>();
  for (const variant of variants) {
    for (const [kind, count] of Object.entries(variant.errors)) totals.set(kind, (totals.get(kind) ?? 0) + count);
  }
  const ordered = [...totals.entries()]
    .filter(([, total]) => total > 0)
    .sort((first, second) => second[1] - first[1] || first[0].localeCompare(second[0]));
  const kinds = ordered.map(([kind, total]) => ({ kind, field: `error_${kind}`, colour: errorColour(kind), total }));
  const rows = variants.map((variant) => {
    const empty = variant.conversations === 0 && variant.modelCalls === 0;
    const row: { variant: string; modelCalls: number } & Record<string, number | string | null> = {
      variant: variant.name,
      modelCalls: variant.modelCalls,
    };
    for (const { kind, field } of kinds) row[field] = empty ? null : (variant.errors[kind] ?? 0);
    return row;
  });
  return { kinds, series: variantSeries(variants.map((variant) => variant.name)), rows, hasData: kinds.length > 0 };
}
