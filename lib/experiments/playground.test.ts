// The playground against the real parts: the simulator on 127.0.0.1 streaming its answers a chunk
// at a time, and the tool worker pool running the harness agent's tool script.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { projectRoot } from '../config';
import { HttpModelClient } from '../runner/model-client';
import { resolveSettings } from '../runner/settings';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { startSimServer, type SimServer } from '../sim/server';
import { ToolWorkerPool } from '../tools/worker-pool';
import { getExperiment } from '../db/queries/experiments';
import { listConversations } from '../db/queries/conversations';
import { openTemporaryDatabase } from '../db/testing/temporary-database';
import { checkTaskSuccess } from '../task-success/check';
import { runPlayground, type PlaygroundEvent } from './playground';
import { keepRun, keptRun, saveRuns } from './playground-runs';
import { experimentSummary } from './service';
import type { EndpointConfig } from '../experiment-config/experiment-config';

let sim: SimServer;
let agent: AgentRuntime;
let inputs: ConversationInput[];
let pool: ToolWorkerPool;

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 5, latencyMs: 0, streamChunkDelayMs: 2, http500Rate: 0, http429Rate: 0 });
  const loaded = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  agent = loaded.toRuntime();
  inputs = loaded.inputs;
  pool = new ToolWorkerPool({ size: 1 });
});
afterAll(async () => {
  await pool?.close();
  await sim?.close();
});

function run(input: ConversationInput, signal?: AbortSignal) {
  const events: PlaygroundEvent[] = [];
  const done = runPlayground({
    agent,
    settings: resolveSettings({ model: 'functiongemma-270m-it' }),
    input,
    client: new HttpModelClient({ baseUrl: sim.url, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }),
    tools: pool,
    signal,
    emit: (event) => events.push(event),
  });
  return { events, done };
}

describe('runPlayground', () => {
  it('reports the native prompt, the streamed response, the parse, the tool result and the end, in order', async () => {
    const { events, done } = run(inputs[1]);
    const { record } = await done;
    const kinds = events.map((event) => event.type);
    expect(kinds[0]).toBe('native-prompt');
    expect(kinds.at(-1)).toBe('end');
    const firstCall = kinds.indexOf('model-call');
    const deltas = kinds.slice(0, firstCall).filter((kind) => kind === 'model-delta');
    // The answer arrived in several pieces before it was parsed.
    expect(deltas.length).toBeGreaterThan(1);
    expect(kinds.filter((kind) => kind === 'native-prompt')).toHaveLength(record.modelCalls.length);
    const prompt = events[0] as Extract<PlaygroundEvent, { type: 'native-prompt' }>;
    expect(prompt.prompt).toContain('<start_of_turn>developer');
    expect(prompt.prompt).toContain('Echo the word hello.');
    const call = events[firstCall] as Extract<PlaygroundEvent, { type: 'model-call' }>;
    expect(call).toMatchObject({ turn: 1, status: 'ok', parsePath: record.modelCalls[0].parsePath });
    const end = events.at(-1) as Extract<PlaygroundEvent, { type: 'end' }>;
    expect(end).toMatchObject({ outcome: record.outcome, modelCalls: record.modelCalls.length });
    expect(kinds.filter((kind) => kind === 'tool-result')).toHaveLength(record.toolExecutions.length);
  });

  it("judges the run with the agent's task-success check, as an experiment's conversation is judged", async () => {
    const { record, taskCheck } = await run(inputs[1]).done;
    const judged = await checkTaskSuccess({
      agent,
      input: inputs[1],
      record,
      expectation: null,
      tools: pool,
      workspace: null,
      original: null,
    });
    expect(judged).not.toBeNull();
    expect(taskCheck).toEqual(judged);
  });

  it('stops when the signal aborts, and says the conversation was cancelled', async () => {
    const controller = new AbortController();
    const { events, done } = run(inputs[0], controller.signal);
    controller.abort();
    const { record } = await done;
    expect(record.outcome).toBe('cancelled');
    expect(events.at(-1)).toMatchObject({ type: 'end', outcome: 'cancelled' });
  });
});

describe('saving playground runs', () => {
  const endpoint: EndpointConfig = {
    kind: 'http',
    baseUrl: 'http://127.0.0.1:9/v1',
    model: 'functiongemma-270m-it',
    simulated: true,
  };

  it('stores a side-by-side pair as one completed experiment of one conversation per variant', async () => {
    const temporary = openTemporaryDatabase();
    try {
      const first = await run(inputs[2]).done;
      const second = await run(inputs[2]).done;
      const ids = [first, second].map((result) =>
        keepRun({
          agent,
          variant: { name: 'draft', settings: {} },
          endpoint,
          input: inputs[2],
          record: result.record,
          workspaceDiff: null,
          changedFiles: null,
        }),
      );
      const { id } = saveRuns(temporary.database, { runIds: ids, name: 'try quotes', tags: ['quotes'] });
      expect(getExperiment(temporary.database, id)).toMatchObject({
        status: 'completed',
        name: 'try quotes',
        tags: ['playground', 'quotes'],
        totalConversations: 2,
      });
      expect(
        listConversations(temporary.database, id).conversations.map((row) => [row.variantName, row.outcome]),
      ).toEqual([
        ['draft', first.record.outcome],
        ['draft (2)', second.record.outcome],
      ]);
      expect(experimentSummary(temporary.database, id).variants.map((variant) => variant.conversations)).toEqual([
        1, 1,
      ]);
      // Saved once: the runs are not kept any more.
      expect(keptRun(ids[0])).toBeNull();
    } finally {
      temporary.dispose();
    }
  });

  it('refuses runs that cannot be one experiment, and unknown runs', async () => {
    const temporary = openTemporaryDatabase();
    try {
      const result = await run(inputs[0]).done;
      const a = keepRun({
        agent,
        variant: { name: 'a', settings: {} },
        endpoint,
        input: inputs[0],
        record: result.record,
        workspaceDiff: null,
        changedFiles: null,
      });
      const b = keepRun({
        agent,
        variant: { name: 'b', settings: {} },
        endpoint,
        input: inputs[3],
        record: result.record,
        workspaceDiff: null,
        changedFiles: null,
      });
      expect(() => saveRuns(temporary.database, { runIds: [a, b] })).toThrow(/cannot be one experiment/);
      expect(() => saveRuns(temporary.database, { runIds: ['missing'] })).toThrow(/no playground run/);
    } finally {
      temporary.dispose();
    }
  });
});
