import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRecord } from '../../runner/types';
import type { InputFacts, MetricsInput } from '../../metrics/types';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { createExperiment } from './experiments';
import { emptyInputFacts, getInputFacts } from './input-facts';
import { getMetricsInput } from './metrics-facts';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

type Written = {
  variantIndex: number;
  variantName: string;
  slot: number;
  inputIndex: number;
  record: ConversationRecord;
  taskSuccess?: boolean;
};

/** The facts computed one conversation at a time from the records themselves: the oracle. */
function expectedFacts(written: Written[]): InputFacts[] {
  const byKey = new Map<string, InputFacts>();
  for (const { variantIndex, variantName, inputIndex, record, taskSuccess } of written) {
    const key = `${variantIndex}:${inputIndex}`;
    const fact = byKey.get(key) ?? emptyInputFacts(variantName, inputIndex);
    byKey.set(key, fact);
    fact.conversations += 1;
    if (taskSuccess !== undefined) {
      fact.taskJudged += 1;
      if (taskSuccess) fact.taskSuccesses += 1;
    }
    fact.outcomes[record.outcome] = (fact.outcomes[record.outcome] ?? 0) + 1;
    const responses = record.modelCalls.filter((call) => call.status === 'ok');
    if (record.outcome === 'submitted')
      fact.completedTurns[responses.length] = (fact.completedTurns[responses.length] ?? 0) + 1;
    for (const call of record.modelCalls) {
      fact.modelRequests += 1;
      fact.retries += call.attempts - 1;
      fact.retryWaitMs += call.retryWaitMs ?? 0;
      if (call.status !== 'ok') {
        fact.errors.model_request_failed = (fact.errors.model_request_failed ?? 0) + 1;
        continue;
      }
      fact.modelResponses += 1;
      if (call.calls.length > 0) fact.toolCallResponses += 1;
      if (call.allValid) fact.validCallResponses += 1;
      if (call.parsePath) fact.parsePaths[call.parsePath] = (fact.parsePaths[call.parsePath] ?? 0) + 1;
    }
    for (const execution of record.toolExecutions) {
      if (execution.errorKind) fact.errors[execution.errorKind] = (fact.errors[execution.errorKind] ?? 0) + 1;
    }
  }
  return [...byKey.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, fact]) => fact);
}

describe('getInputFacts', () => {
  it('sums each variant on each input exactly as the rows say, and keeps first repeats apart', () => {
    const { id } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(['baseline', 'directive'], { inputs: [{ node_text: 'a' }, { node_text: 'b' }] }),
      simulated: true,
      totalConversations: 8,
    });
    const written: Written[] = [];
    const writer = createConversationWriter(database);
    const write = (variantIndex: number, slot: number, record: ConversationRecord, taskSuccess?: boolean) => {
      const entry = {
        variantIndex,
        variantName: ['baseline', 'directive'][variantIndex],
        slot,
        inputIndex: slot % 2,
        record,
        taskSuccess,
      };
      written.push(entry);
      const taskCheck = taskSuccess === undefined ? null : { check: 'docstring', success: taskSuccess, reason: 'test' };
      writer.write(id, { ...entry, taskCheck }, record);
    };
    write(0, 0, docstringConversation(), true);
    write(0, 1, textConversation(), false);
    write(0, 2, docstringConversation({ secondPath: 'text' }));
    write(0, 3, docstringConversation());
    write(1, 0, failingConversation());
    write(1, 1, docstringConversation());
    write(1, 2, textConversation());
    writer.close();

    const facts = getInputFacts(database, id, (index) => ['baseline', 'directive'][index]);
    expect(facts).toEqual(expectedFacts(written));
    // Spot checks the oracle could share a mistake with.
    const baselineFirst = facts.find((fact) => fact.variant === 'baseline' && fact.input === 0) as InputFacts;
    expect(baselineFirst.conversations).toBe(2);
    expect(baselineFirst.completedTurns).toEqual({ 3: 2 });
    expect(baselineFirst.modelResponses).toBe(6);
    expect([baselineFirst.taskJudged, baselineFirst.taskSuccesses]).toEqual([1, 1]);
    const failing = facts.find((fact) => fact.variant === 'directive' && fact.input === 0) as InputFacts;
    expect(failing.errors).toEqual({ model_request_failed: 1, tool_timeout: 1, unknown_tool: 1 });
    expect(failing.retries).toBe(2);

    const first = getInputFacts(database, id, (index) => ['baseline', 'directive'][index], {
      firstRepeatOnly: { inputCount: 2 },
    });
    expect(first).toEqual(expectedFacts(written.filter((entry) => entry.slot < 2)));
    const metrics = getMetricsInput(database, id) as MetricsInput;
    expect(metrics.inputs).toEqual(facts);
    expect(metrics.firstRepeats).toEqual(first);
  });
});
