import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scoreResponse } from '../../datasets/score';
import { ExpectedCall, type Expectation } from '../../protocol/expectation';
import type { ConversationRecord } from '../../runner/types';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { getConfusion } from '../queries/accuracy';
import { getLatencyGroups, getTurnsGroups } from '../queries/experiment-charts';
import { createExperiment, experimentProgress, setExperimentStatus } from '../queries/experiments';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { countedConfusion, countedTurnsGroups, sketchedLatencyGroups } from './chart-counts';
import { readKeptCounters } from './read-counters';
import { verifyCounters } from './verify';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const NAMES = ['baseline', 'directive'];
const lights: Expectation = {
  kind: 'call',
  calls: [ExpectedCall.parse({ name: 'toggle_lights', arguments: { room: ['kitchen'] } })],
};
const none: Expectation = { kind: 'no_call' };
const call = (name: string, args: Record<string, unknown>) => ({ calls: [{ name, arguments: args }] });
const answers = [
  call('toggle_lights', { room: 'kitchen' }),
  call('lock_door', {}),
  { calls: [] },
  { calls: [call('toggle_lights', { room: 'hall' }).calls[0], call('lock_door', {}).calls[0]] },
  null, // a failed request: unscored, no pair
];

/** Latencies far from any 10 ms edge, so the sketch's 1% cannot move a response to another bar. */
function withLatency(record: ConversationRecord, seed: number): ConversationRecord {
  return {
    ...record,
    modelCalls: record.modelCalls.map((modelCall, turn) => ({
      ...modelCall,
      latencyMs: 15 + 10 * ((seed + turn) % 7),
    })),
  };
}

/** Submitted after a first request that failed: two responses, not three. */
function retriedConversation(): ConversationRecord {
  const record = docstringConversation();
  const calls = record.modelCalls.map((modelCall, turn) =>
    turn === 0 ? { ...modelCall, status: 'error' as const, calls: [], allValid: false, parsePath: null } : modelCall,
  );
  return { ...record, modelCalls: calls };
}

/** A dataset run of 2 variants x 30 conversations: every outcome, turns from 1 to 4, scored pairs of every kind. */
function writeDatasetRun(): string {
  const cases = [lights, none, lights].map((expect, index) => ({ caseId: `row-${index}`, key: `c${index}`, expect }));
  const config = experimentConfig(NAMES, { dataset: { id: 'd1', name: 'lights', cases } });
  const { id } = createExperiment(database, {
    agentName: 'smart_home',
    config,
    simulated: false,
    totalConversations: 60,
  });
  setExperimentStatus(database, id, 'running');
  const writer = createConversationWriter(database, { maxBatch: 7 });
  const makers = [
    docstringConversation,
    textConversation,
    failingConversation,
    () => docstringConversation({ outcome: 'turn_limit', secondPath: 'malformed' }),
    retriedConversation,
  ];
  for (let slot = 0; slot < 30; slot++) {
    for (let variantIndex = 0; variantIndex < 2; variantIndex++) {
      const inputIndex = slot % 3;
      const verdict = scoreResponse(
        cases[inputIndex].expect,
        answers[(slot + variantIndex) % answers.length],
        new Map(),
      );
      const record = withLatency(makers[(slot + variantIndex) % makers.length](), slot);
      const meta = {
        variantIndex,
        variantName: NAMES[variantIndex],
        slot,
        inputIndex,
        caseId: `row-${inputIndex}`,
        verdict,
      };
      writer.write(id, meta, record);
    }
  }
  writer.close();
  return id;
}

const byVariantAndKey = <Row extends { variantIndex: number }>(rows: Row[], key: (row: Row) => number) =>
  [...rows].sort((first, second) => first.variantIndex - second.variantIndex || key(first) - key(second));

describe('chart data from the live counters', () => {
  it('gives the same turns histogram and confusion tables as the queries over the rows', () => {
    const id = writeDatasetRun();
    const counters = readKeptCounters(database, id)!;
    const turns = countedTurnsGroups(counters);
    expect(turns).toEqual(byVariantAndKey(getTurnsGroups(database, id), (group) => group.turns));
    expect(new Set(turns.map((group) => group.turns)).size).toBeGreaterThan(1);
    for (const [variantIndex, name] of NAMES.entries()) {
      const counted = countedConfusion(counters, variantIndex, name);
      expect(counted).toEqual(getConfusion(database, id, variantIndex));
      expect(counted.called).toContain('(no call)');
      expect(counted.cells.length).toBeGreaterThan(2);
    }
    expect(verifyCounters(database, id)?.differences).toEqual([]);
    // The progress is read from the variant counters, and counted from the rows until they are kept.
    expect(experimentProgress(database, id)).toEqual({ done: 60, total: 60 });
    database.$client.prepare('delete from summary_counters where experiment_id = ?').run(id);
    database.$client.prepare('update experiments set counters_ready = 0 where id = ?').run(id);
    expect(experimentProgress(database, id)).toEqual({ done: 60, total: 60 });
  });

  it('count the latency histogram from the sketches as the rows count it, away from the bars edges', () => {
    const id = writeDatasetRun();
    const counters = readKeptCounters(database, id)!;
    const exact = byVariantAndKey(getLatencyGroups(database, id, 10, 6), (group) => group.bucket);
    expect(sketchedLatencyGroups(counters, 10, 6)).toEqual(exact);
    expect(exact.length).toBeGreaterThan(4);
  });

  it('report a confusion count that disagrees with the rows, and one missing from counters written before it', () => {
    const id = writeDatasetRun();
    const variantRow = "experiment_id = ? and scope = 'variant' and variant_index = 1";
    const stored = database.$client.prepare(`select counts from summary_counters where ${variantRow}`).pluck().get(id);
    const counts = JSON.parse(stored as string) as { confusion: Record<string, number> };
    const [pair] = Object.keys(counts.confusion);
    counts.confusion[pair] += 1;
    const update = database.$client.prepare(`update summary_counters set counts = ? where ${variantRow}`);
    update.run(JSON.stringify(counts), id);
    expect(verifyCounters(database, id)?.differences).toEqual([
      expect.stringMatching(/^variant 1 counters: kept .*confusion/),
    ]);

    const { confusion: _dropped, ...older } = counts;
    update.run(JSON.stringify(older), id);
    expect(verifyCounters(database, id)?.differences).toHaveLength(1);
    // An experiment marked as not counted yet (as migration 0013 marks one with scored pairs) is counted again.
    database.$client.prepare('update experiments set counters_ready = 0 where id = ?').run(id);
    expect(countedConfusion(readKeptCounters(database, id)!, 1, 'directive')).toEqual(getConfusion(database, id, 1));
    expect(verifyCounters(database, id)?.differences).toEqual([]);
  });
});
