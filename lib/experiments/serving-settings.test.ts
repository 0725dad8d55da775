// Stored experiments with the serving settings, against the real parts (a SQLite file, the simulator
// on 127.0.0.1, the tool worker pool): the agent's adapter is the model sent, logprobs give stored
// raw outputs and a mean tool-name confidence per variant, and streaming changes nothing measured.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { projectRoot } from '../config';
import { listConversations } from '../db/queries/conversations';
import { getTranscript } from '../db/queries/transcript';
import { openTemporaryDatabase, type TemporaryDatabase } from '../db/testing/temporary-database';
import type { AgentRuntime, RunnerEvent } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { startSimServer, type SimServer } from '../sim/server';
import { ToolWorkerPool } from '../tools/worker-pool';
import { toSummaryJson } from '../metrics/summary-json';
import { ExperimentConfig, type ExperimentConfigInput } from '../experiment-config/experiment-config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from './service';
import type { SlotMeta } from './run-experiment';

let agent: AgentRuntime;
let inputs: ConversationInput[];
let temporary: TemporaryDatabase;
let tools: ToolWorkerPool;
const sims: SimServer[] = [];

beforeAll(async () => {
  const loaded = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  agent = loaded.toRuntime();
  inputs = loaded.inputs;
  tools = new ToolWorkerPool({ size: 2 });
});
afterAll(async () => {
  await tools.close();
});
beforeEach(() => {
  temporary = openTemporaryDatabase();
});
afterEach(async () => {
  await Promise.all(sims.splice(0).map((sim) => sim.close()));
  temporary.dispose();
});

async function run(
  variants: ExperimentConfigInput['variants'],
  runtime: AgentRuntime,
  onEvent?: (slot: SlotMeta, event: RunnerEvent) => void,
) {
  const sim = await startSimServer({ port: 0, seed: 21, http500Rate: 0, http429Rate: 0, lossyBareValuesRate: 0.5 });
  sims.push(sim);
  const config = ExperimentConfig.parse({
    agent: runtime.name,
    variants,
    endpoint: { baseUrl: sim.url, model: 'base-model' },
    inputs,
    requestsPerVariant: 6,
    concurrency: 3,
  });
  const id = createStoredExperiment(temporary.database, config, runtime).id;
  const result = await runStoredExperiment(temporary.database, id, { tools, onEvent }).done;
  expect(result.status).toBe('completed');
  return id;
}

function storedCalls(id: string) {
  return listConversations(temporary.database, id, { limit: 100, offset: 0 })
    .conversations.sort((left, right) => left.variantIndex - right.variantIndex || left.slot - right.slot)
    .map((row) => getTranscript(temporary.database, row.id)!);
}

describe('serving settings in stored experiments', () => {
  it("sends the agent's adapter as model (a variant may name another), stores logprobs, mean confidence", async () => {
    const withAdapter = { ...agent, model: 'harness-lora' };
    const id = await run(
      [
        { name: 'adapter', settings: { logprobs: true, topLogprobs: 2 } },
        { name: 'base', model: 'base-model', settings: {} },
      ],
      withAdapter,
    );
    const transcripts = storedCalls(id);
    const adapter = transcripts.filter((transcript) => transcript.conversation.variantName === 'adapter');
    const base = transcripts.filter((transcript) => transcript.conversation.variantName === 'base');
    expect(
      adapter.every((transcript) =>
        transcript.modelCalls.every(
          (call) =>
            call.request.model === 'harness-lora' && (call.response as { model: string }).model === 'harness-lora',
        ),
      ),
    ).toBe(true);
    expect(base.every((transcript) => transcript.modelCalls.every((call) => call.request.model === 'base-model'))).toBe(
      true,
    );

    const adapterCalls = adapter.flatMap((transcript) => transcript.modelCalls);
    expect(adapterCalls.every((call) => call.request.logprobs === true && call.request.top_logprobs === 2)).toBe(true);
    expect(
      adapterCalls.every((call) => typeof call.insight?.rawOutput === 'string' && call.insight.tokenCount > 0),
    ).toBe(true);
    const named = adapterCalls.filter((call) => call.insight?.toolNameConfidence !== null);
    expect(named.length).toBeGreaterThan(0);
    expect(named[0].insight!.toolNames[0].runnerUps.length).toBeGreaterThan(0);
    expect(base.flatMap((transcript) => transcript.modelCalls).every((call) => call.insight === undefined)).toBe(true);

    const summary = toSummaryJson(experimentSummary(temporary.database, id));
    const mean = named.reduce((sum, call) => sum + (call.insight!.toolNameConfidence as number), 0) / named.length;
    expect(summary.variants[0].meanToolNameConfidence).toBeCloseTo(mean, 10);
    expect(summary.variants[1].meanToolNameConfidence).toBeNull();
  });

  it('streams when asked: the same stored parse paths and calls as without, model-delta events meanwhile', async () => {
    const deltas: string[] = [];
    const plain = storedCalls(await run([{ name: 'v', settings: { logprobs: true } }], agent));
    const streamed = storedCalls(
      await run([{ name: 'v', settings: { logprobs: true, stream: true } }], agent, (_slot, event) => {
        if (event.type === 'model-delta') deltas.push(event.text);
      }),
    );
    const shape = (transcripts: typeof plain) =>
      transcripts.map((transcript) => [
        transcript.conversation.outcome,
        transcript.modelCalls.map((call) => [
          call.parsePath,
          call.parsedCalls.map((parsed) => [parsed.name, parsed.arguments]),
          call.insight?.toolNameConfidence,
        ]),
      ]);
    expect(shape(streamed)).toEqual(shape(plain));
    expect(streamed[0].modelCalls[0].request.stream).toBe(true);
    expect(deltas.length).toBeGreaterThan(0);
  });
});
