// The experiments list's headline: each variant's call accuracy in a dataset run (its cases say
// which call is right: that is what the run measures), else its task-success rate when its
// conversations were judged by the agent's check (that is the agent's task; for smart_home
// "submitted" is only a text answer), else its completion rate (submitted / conversations), with
// its 95% interval, read from the cached summary of a finished experiment. A running one shows none
// (its summary would be recomputed at every page load).
import { getExperiment } from '../../db/queries/experiments';
import type { PanelContext } from '../context';
import { summaryOfExperiment } from './summary-cache';
import type { ExperimentListView } from './experiments';

export type Headline = {
  variant: string;
  /** Which rate it is: accuracy in a dataset run, task success where the agent's check judged, else completion. */
  metric: 'callAccuracy' | 'taskSuccessRate' | 'completionRate';
  value: number | null;
  low: number | null;
  high: number | null;
  n: number;
};

export const HEADLINE_NAMES: Record<Headline['metric'], string> = {
  callAccuracy: 'call accuracy',
  taskSuccessRate: 'task success',
  completionRate: 'completion',
};

type HeadlineRate = { value: number | null; low: number | null; high: number | null };

export function headlineOf(variant: {
  name: string;
  conversations: number;
  completionRate: HeadlineRate;
  taskSuccessRate?: HeadlineRate;
  callAccuracy?: HeadlineRate;
}): Headline {
  const metric = variant.callAccuracy ? 'callAccuracy' : variant.taskSuccessRate ? 'taskSuccessRate' : 'completionRate';
  const rate = variant.callAccuracy ?? variant.taskSuccessRate ?? variant.completionRate;
  return { variant: variant.name, metric, value: rate.value, low: rate.low, high: rate.high, n: variant.conversations };
}

const FINISHED = new Set(['completed', 'cancelled', 'failed']);

export function experimentHeadlines(context: PanelContext, experiments: ExperimentListView[]): Map<string, Headline[]> {
  const found = new Map<string, Headline[]>();
  for (const experiment of experiments) {
    if (!FINISHED.has(experiment.status)) continue;
    const row = getExperiment(context.database, experiment.id);
    if (!row) continue;
    const summary = summaryOfExperiment(context.database, row, experiment.progress.done);
    found.set(experiment.id, summary.variants.map(headlineOf));
  }
  return found;
}

/** "72.0% (65.1–78.2)" */
export function headlineText(headline: Headline): string {
  if (headline.value === null) return '—';
  const percent = (value: number) => (value * 100).toFixed(1);
  const interval =
    headline.low !== null && headline.high !== null ? ` (${percent(headline.low)}–${percent(headline.high)})` : '';
  return `${percent(headline.value)}%${interval}`;
}
