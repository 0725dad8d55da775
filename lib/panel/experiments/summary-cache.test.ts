import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExperiment, setExperimentStatus } from '../../db/queries/experiments';
import { insertJudgeVerdict, listJudgeTargets, saveJudgePrompt } from '../../db/queries/judge';
import { experimentSummary } from '../../experiments/service';
import { toSummaryJson } from '../../metrics/summary-json';
import { forgetSummaries, summaryOfExperiment } from './summary-cache';
import type { TestPanel } from '../testing/panel-context';
import { openPanelWithFinishedExperiment } from '../testing/finished-experiment';

let panel: TestPanel;
let id: string;
beforeAll(async () => {
  [panel, id] = await openPanelWithFinishedExperiment(5);
});
afterAll(async () => {
  await panel?.dispose();
});

describe('summaryOfExperiment', () => {
  it('computes a finished experiment’s summary once, equal to a fresh one', () => {
    const row = getExperiment(panel.database, id)!;
    expect(row.status).toBe('completed');
    const first = summaryOfExperiment(panel.database, row, 10);
    expect(first).toEqual(toSummaryJson(experimentSummary(panel.database, id)));
    expect(summaryOfExperiment(panel.database, row, 10)).toBe(first);
    // More conversations stored (a resumed run finished again): computed afresh.
    expect(summaryOfExperiment(panel.database, row, 11)).not.toBe(first);
    forgetSummaries(panel.database);
    expect(summaryOfExperiment(panel.database, row, 10)).not.toBe(first);
  });

  it('never keeps the summary of a running experiment', () => {
    const running = setExperimentStatus(panel.database, id, 'running')!;
    const first = summaryOfExperiment(panel.database, running, 10);
    expect(first.status).toBe('running');
    expect(summaryOfExperiment(panel.database, running, 10)).not.toBe(first);
    setExperimentStatus(panel.database, id, 'completed');
  });

  it('computes it afresh after a model judge looked at the finished experiment', () => {
    const row = getExperiment(panel.database, id)!;
    const before = summaryOfExperiment(panel.database, row, 10);
    expect(before.variants[0]).not.toHaveProperty('judgePassRate');
    const prompt = saveJudgePrompt(panel.database, 'strict', 'Pass when a tool was used.');
    const run = { experimentId: id, runId: 'judge-run-1', promptId: prompt.id, model: 'judge-model' };
    for (const target of listJudgeTargets(panel.database, id)) {
      insertJudgeVerdict(panel.database, run, { target, outcome: 'pass', reason: 'used a tool' });
    }
    const after = summaryOfExperiment(panel.database, row, 10);
    expect(after.variants[0]).toHaveProperty('judgePassRate');
    expect(after).toEqual(toSummaryJson(experimentSummary(panel.database, id)));
    // After a panel start (memory forgotten), the stored copy is the judged one too.
    forgetSummaries(panel.database);
    expect(summaryOfExperiment(panel.database, row, 10)).toEqual(after);
  });
});
