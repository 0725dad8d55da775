// The experiment page's data in one read: the API's experiment view (with the summary the command
// line prints) and what the charts need beyond it (turns and latency distributions, and the
// confusion tables of a dataset run). The page polls this while the experiment runs, so the
// summary is computed once per poll and the latency buckets follow its p95.
import { getConfusion } from '../../db/queries/accuracy';
import { getLatencyGroups, getLatencyRange, getTurnsGroups } from '../../db/queries/experiment-charts';
import { prepareConfusionMatrix, type ConfusionMatrix } from '../../metrics/confusion';
import { chooseLatencyBuckets, type LatencyBuckets, type LatencyGroup } from '../../metrics/prepare-latency';
import type { TurnsGroup } from '../../metrics/prepare-turns';
import type { SummaryJson } from '../../metrics/summary-json';
import type { PanelContext } from '../context';
import { getExperimentView, type ExperimentView } from './experiments';

export type VariantConfusion = { variant: string; total: number; matrix: ConfusionMatrix };

export type ExperimentChartData = {
  /** Variant names in the summary's order: position i is series `v<i>` in every chart. */
  variants: string[];
  turns: TurnsGroup[];
  latency: { buckets: LatencyBuckets | null; groups: LatencyGroup[] };
  /** Expected against called tool names per variant; null unless the experiment ran a dataset with expectations. */
  confusions: VariantConfusion[] | null;
};

export type ExperimentPageData = { view: ExperimentView; charts: ExperimentChartData };

/** True when some variant has accuracy figures: the experiment ran a dataset whose cases expect something. */
export function hasAccuracy(summary: SummaryJson): boolean {
  return summary.variants.some(
    (variant) => variant.callAccuracy !== undefined || variant.irrelevanceAccuracy !== undefined,
  );
}

export function getExperimentChartData(
  context: PanelContext,
  experimentId: string,
  summary: SummaryJson,
): ExperimentChartData {
  const variants = summary.variants.map((variant) => variant.name);
  const position = new Map(variants.map((name, index) => [name, index]));
  // The queries group by the stored variant index; the summary lists variants in config order,
  // which is index order (see metrics-facts.ts), so index i is position i.
  const toPosition = (index: number) => (index < variants.length ? index : -1);

  const turns = getTurnsGroups(context.database, experimentId).map((group) => ({
    ...group,
    variantIndex: toPosition(group.variantIndex),
  }));

  const range = getLatencyRange(
    context.database,
    experimentId,
    variants.map((_name, index) => index),
  );
  const buckets = chooseLatencyBuckets(
    range.minimumMs,
    range.maximumMs,
    summary.variants.map((variant) => variant.latencyMs.p95),
  );
  const latencyGroups = buckets
    ? getLatencyGroups(context.database, experimentId, buckets.width, buckets.lastIndex).map((group) => ({
        ...group,
        variantIndex: toPosition(group.variantIndex),
      }))
    : [];

  let confusions: VariantConfusion[] | null = null;
  if (hasAccuracy(summary)) {
    confusions = [];
    for (const name of variants) {
      const confusion = getConfusion(context.database, experimentId, position.get(name) as number);
      if (confusion)
        confusions.push({ variant: name, total: confusion.total, matrix: prepareConfusionMatrix(confusion) });
    }
  }
  return { variants, turns, latency: { buckets, groups: latencyGroups }, confusions };
}

/** Everything the experiment page shows; a NotFoundError for an unknown id. */
export function getExperimentPageData(context: PanelContext, experimentId: string): ExperimentPageData {
  const view = getExperimentView(context, experimentId);
  return { view, charts: getExperimentChartData(context, experimentId, view.summary) };
}
