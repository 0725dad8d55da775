// The experiment page's data in one read: the API's experiment view (with the summary the command
// line prints) and what the charts need beyond it (turns and latency distributions, and the
// confusion tables of a dataset run). The page polls this while the experiment runs, so the
// summary is computed once per poll and the latency buckets follow its p95. The turns and the
// confusion tables come from the live counters (lib/db/counters), and so does the latency
// histogram while the experiment runs, so a poll costs the same at 100 and 100,000 conversations.
import { countedConfusion, countedTurnsGroups, sketchedLatencyGroups } from '../../db/counters/chart-counts';
import { readKeptCounters } from '../../db/counters/read-counters';
import { getLatencyGroups, getLatencyRange } from '../../db/queries/experiment-charts';
import { NotFoundError } from '../../errors';
import { labelsOf, prepareConfusionMatrix, type ConfusionMatrix } from '../../metrics/confusion';
import { chooseLatencyBuckets, type LatencyBuckets, type LatencyGroup } from '../../metrics/prepare-latency';
import type { TurnsGroup } from '../../metrics/prepare-turns';
import type { SummaryJson } from '../../metrics/summary-json';
import type { PanelContext } from '../context';
import { keptOrComputed, type SnapshotKey } from '../kept-values';
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
function hasAccuracy(summary: SummaryJson): boolean {
  return summary.variants.some(
    (variant) => variant.callAccuracy !== undefined || variant.irrelevanceAccuracy !== undefined,
  );
}

const FINISHED = new Set<string>(['completed', 'cancelled', 'failed']);

export function getExperimentChartData(
  context: PanelContext,
  experimentId: string,
  summary: SummaryJson,
  /** The finished experiment's state to keep its exact latency groups under (kept-values.ts), if any. */
  kept: Omit<SnapshotKey, 'kind'> | null = null,
): ExperimentChartData {
  const counters = readKeptCounters(context.database, experimentId);
  if (!counters) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const variants = summary.variants.map((variant) => variant.name);
  const position = new Map(variants.map((name, index) => [name, index]));
  // The queries group by the stored variant index; the summary lists variants in config order,
  // which is index order (see metrics-facts.ts), so index i is position i.
  const toPosition = (index: number) => (index < variants.length ? index : -1);

  const turns = countedTurnsGroups(counters).map((group) => ({
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
  // Exact once the experiment ended; from the sketches (bars' edges within 1%) while it runs.
  const countGroups = (width: number, lastIndex: number) =>
    FINISHED.has(summary.status)
      ? keptOrComputed(context.database, kept && { ...kept, kind: `latency|${width}|${lastIndex}` }, () =>
          getLatencyGroups(context.database, experimentId, width, lastIndex),
        )
      : sketchedLatencyGroups(counters, width, lastIndex);
  const latencyGroups = buckets
    ? countGroups(buckets.width, buckets.lastIndex).map((group) => ({
        ...group,
        variantIndex: toPosition(group.variantIndex),
      }))
    : [];

  let confusions: VariantConfusion[] | null = null;
  if (hasAccuracy(summary)) {
    const counted = variants.map((name) => countedConfusion(counters, position.get(name) as number, name));
    // Every variant's table has every row and column any of them has: the same tool in the same place.
    const axes = {
      rows: labelsOf(counted.flatMap((confusion) => confusion.expected)),
      columns: labelsOf(counted.flatMap((confusion) => confusion.called)),
    };
    confusions = counted.map((confusion) => ({
      variant: confusion.variant,
      total: confusion.total,
      matrix: prepareConfusionMatrix(confusion, axes),
    }));
  }
  return { variants, turns, latency: { buckets, groups: latencyGroups }, confusions };
}

/** Everything the experiment page shows; a NotFoundError for an unknown id. */
export function getExperimentPageData(context: PanelContext, experimentId: string): ExperimentPageData {
  const view = getExperimentView(context, experimentId);
  const kept = FINISHED.has(view.status)
    ? { experimentId: view.id, status: view.status, finishedAt: view.finishedAt, conversations: view.progress.done }
    : null;
  return { view, charts: getExperimentChartData(context, experimentId, view.summary, kept) };
}
