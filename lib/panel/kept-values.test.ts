import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLatencyGroups } from '../db/queries/experiment-charts';
import { readSnapshot, writeSnapshot } from '../db/queries/experiment-snapshots';
import { getExperiment } from '../db/queries/experiments';
import { experimentSummary } from '../experiments/service';
import { toSummaryJson } from '../metrics/summary-json';
import { getExperimentPageData } from './experiments/charts';
import { forgetKeptValues, keptOrComputed } from './kept-values';
import type { TestPanel } from './testing/panel-context';
import { openPanelWithFinishedExperiment } from './testing/finished-experiment';

let panel: TestPanel;
let id: string;
beforeAll(async () => {
  [panel, id] = await openPanelWithFinishedExperiment(6);
});
afterAll(async () => {
  await panel?.dispose();
});

function stateOf(kind: string, conversations: number) {
  const row = getExperiment(panel.database, id)!;
  return { experimentId: id, kind, status: row.status, finishedAt: row.finishedAt, conversations };
}

describe('values of a finished experiment stored in experiment_snapshots', () => {
  it('stores the summary and the latency histogram byte for byte as computed, and serves them after a restart', () => {
    forgetKeptValues(panel.database);
    const first = getExperimentPageData(panel, id);
    expect(first.view.status).toBe('completed');
    const conversations = first.view.progress.done;
    const summaryText = readSnapshot(panel.database, stateOf('summary', conversations));
    expect(summaryText).toBe(JSON.stringify(toSummaryJson(experimentSummary(panel.database, id))));
    const { width, lastIndex } = first.charts.latency.buckets!;
    const latencyText = readSnapshot(panel.database, stateOf(`latency|${width}|${lastIndex}`, conversations));
    expect(latencyText).toBe(JSON.stringify(getLatencyGroups(panel.database, id, width, lastIndex)));

    // A new process (nothing kept in memory) reads the stored copies: a model call changed behind
    // the panel's back does not show, which it would if the histogram were computed again. The call
    // changed is neither the fastest nor the slowest, so the histogram's range (part of its key) stays.
    panel.database.$client
      .prepare(
        "update model_calls set status = 'error' where rowid = (select rowid from model_calls " +
          "where experiment_id = ? and status = 'ok' order by latency_ms limit 1 offset 1)",
      )
      .run(id);
    forgetKeptValues(panel.database);
    expect(JSON.stringify(getExperimentPageData(panel, id))).toBe(JSON.stringify(first));
  });

  it('does not serve a stored value to a changed experiment (more conversations, or finished again)', () => {
    forgetKeptValues(panel.database);
    writeSnapshot(panel.database, stateOf('probe', 12), JSON.stringify({ planted: true }));
    expect(keptOrComputed(panel.database, stateOf('probe', 12), () => ({ computed: true }))).toEqual({ planted: true });
    forgetKeptValues(panel.database);
    expect(keptOrComputed(panel.database, stateOf('probe', 13), () => ({ computed: 13 }))).toEqual({ computed: 13 });
    // The value of the new state replaced the old one.
    expect(readSnapshot(panel.database, stateOf('probe', 13))).toBe('{"computed":13}');
    expect(readSnapshot(panel.database, stateOf('probe', 12))).toBeNull();
    const later = { ...stateOf('probe', 13), finishedAt: (stateOf('probe', 13).finishedAt ?? 0) + 1 };
    expect(keptOrComputed(panel.database, later, () => ({ computed: 'later' }))).toEqual({ computed: 'later' });
  });

  it.each(['{"broken', 'null', '42'])(
    'ignores a damaged stored value (%s), computes it again and stores it',
    (text) => {
      forgetKeptValues(panel.database);
      const key = stateOf(`damaged ${text}`, 12);
      writeSnapshot(panel.database, key, text);
      expect(keptOrComputed(panel.database, key, () => ({ fresh: [1, 2] }))).toEqual({ fresh: [1, 2] });
      expect(readSnapshot(panel.database, key)).toBe('{"fresh":[1,2]}');
    },
  );

  it('still answers when the value cannot be stored (the experiment is gone)', () => {
    const key = { ...stateOf('gone', 1), experimentId: 'no-such-experiment' };
    expect(keptOrComputed(panel.database, key, () => ({ value: 1 }))).toEqual({ value: 1 });
    expect(readSnapshot(panel.database, key)).toBeNull();
  });
});
