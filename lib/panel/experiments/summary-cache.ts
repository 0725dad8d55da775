// Summaries of finished experiments: a finished experiment's conversations no longer change, so
// its summary (a quarter of a second for 100,000 conversations) is computed once, kept in this
// process and stored (kept-values.ts), and every later view of the page, poll of the API or history
// chart, also after a panel start, reads it. Running experiments are always summarized afresh.
import type { RemoraDatabase } from '../../db/client';
import { latestJudgeRun } from '../../db/queries/judge';
import type { ExperimentRow } from '../../db/rows';
import { experimentSummary } from '../../experiments/service';
import { toSummaryJson, type SummaryJson } from '../../metrics/summary-json';
import { forgetKeptValues, keptOrComputed } from '../kept-values';

const FINISHED = new Set<string>(['completed', 'cancelled', 'failed']);

/**
 * The summary JSON of an experiment (as the command line prints it). `stored` is how many
 * conversations it holds now: with the status and the finish time it tells a summary still valid
 * from one a resumed run has overtaken.
 */
export function summaryOfExperiment(
  database: RemoraDatabase,
  row: Pick<ExperimentRow, 'id' | 'status' | 'finishedAt'>,
  stored: number,
): SummaryJson {
  const summarize = () => toSummaryJson(experimentSummary(database, row.id));
  if (!FINISHED.has(row.status)) return summarize();
  // A model judge may look at a finished experiment later (remora judge, or the panel's button, in
  // either process): its summary then carries judgePassRate, so the judge run is part of what it is
  // kept under.
  const judgeRun = latestJudgeRun(database, row.id);
  const key = {
    experimentId: row.id,
    kind: judgeRun === null ? 'summary' : `summary|judge:${judgeRun}`,
    status: row.status,
    finishedAt: row.finishedAt,
    conversations: stored,
  };
  return keptOrComputed(database, key, summarize);
}

/** Forgets every summary kept in this process (tests, and the benchmark's cold runs); stored ones stay. */
export function forgetSummaries(database: RemoraDatabase): void {
  forgetKeptValues(database);
}
