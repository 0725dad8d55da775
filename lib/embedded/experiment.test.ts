// An experiment through the real runner with an `embedded` endpoint: the harness agent, its tool
// script in the real worker pool, the tiny random model in process, a real SQLite file.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { projectRoot } from '../config';
import { modelCalls } from '../db/schema';
import { openTemporaryDatabase, type TemporaryDatabase } from '../db/testing/temporary-database';
import { ConfigurationError } from '../errors';
import { ExperimentConfig, type ExperimentConfigInput } from '../experiment-config/experiment-config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from '../experiments/service';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { ToolWorkerPool } from '../tools/worker-pool';
import { sharedModelRegistry } from './model-registry';
import { EMBEDDED_BASE_URL } from './settings';
import { writeTestModels, type TestModels } from './testing/tiny-models';

let models: TestModels;
let agent: AgentRuntime;
let inputs: ConversationInput[];
let temporary: TemporaryDatabase;
let pool: ToolWorkerPool;

beforeAll(async () => {
  models = await writeTestModels();
  const loaded = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  agent = loaded.toRuntime();
  inputs = loaded.inputs;
  temporary = openTemporaryDatabase();
  pool = new ToolWorkerPool({ size: 1 });
});
afterAll(async () => {
  await pool?.close();
  temporary?.dispose();
  await sharedModelRegistry().close();
  models?.remove();
});

function config(
  endpoint: Partial<ExperimentConfigInput['endpoint']>,
  variants: ExperimentConfigInput['variants'],
): ExperimentConfig {
  return ExperimentConfig.parse({
    agent: 'harness',
    variants,
    endpoint: { kind: 'embedded', model: 'tiny', engine: { sequences: 2, threads: 1 }, ...endpoint },
    inputs,
    requestsPerVariant: 3,
    concurrency: 2,
  } satisfies ExperimentConfigInput);
}

describe('an experiment on an embedded endpoint', () => {
  it('completes through the runner and stores every response with its parse path and raw output', async () => {
    const experiment = config({ ggufPath: models.random }, [
      { name: 'required', settings: { toolChoice: 'required', temperature: 1, maxTokens: 300 } },
      { name: 'auto', settings: { toolChoice: 'auto', temperature: 1, maxTokens: 40 } },
    ]);
    expect(experiment.endpoint).toMatchObject({ kind: 'embedded', baseUrl: EMBEDDED_BASE_URL, simulated: false });
    const { id } = createStoredExperiment(temporary.database, experiment, agent);
    const result = await runStoredExperiment(temporary.database, id, { tools: pool }).done;
    expect(result).toMatchObject({ status: 'completed', ran: 6 });

    const summary = experimentSummary(temporary.database, id);
    const [required, auto] = summary.variants;
    for (const variant of summary.variants) {
      expect(variant.conversations).toBe(3);
      const paths = Object.values(variant.parsePaths as Record<string, number>).reduce((sum, count) => sum + count, 0);
      expect(paths).toBe(variant.modelCalls);
      expect(variant.errors).toEqual({});
    }
    // The grammar makes every response under `required` a valid call of the agent's tools.
    expect(required.parsePaths).toEqual({ tool_calls: required.modelCalls });
    expect(required.validCallRate.value).toBe(1);
    // Without it, the random model writes no call: the conversations end at their first response.
    expect(auto.parsePaths.tool_calls ?? 0).toBe(0);
    expect(auto.modelCalls).toBe(3);

    const rows = temporary.database.select().from(modelCalls).where(eq(modelCalls.experimentId, id)).all();
    expect(rows).toHaveLength(required.modelCalls + auto.modelCalls);
    for (const row of rows) {
      expect(row.status).toBe('ok');
      expect(row.promptTokens).toBeGreaterThan(0);
      const response = row.response as { remora: { raw_text: string; tokens: { probability: number }[] } };
      expect(typeof response.remora.raw_text).toBe('string');
      expect(response.remora.tokens.length).toBe(row.completionTokens);
    }
  });

  it('a variant may name its own GGUF file as its model', async () => {
    const experiment = config({ ggufPath: models.random }, [
      { name: 'own', model: models.scripted, settings: { toolChoice: 'auto', temperature: 0 } },
    ]);
    const { id } = createStoredExperiment(temporary.database, experiment, agent);
    await runStoredExperiment(temporary.database, id, { tools: pool }).done;
    const rows = temporary.database.select().from(modelCalls).where(eq(modelCalls.experimentId, id)).all();
    // The scripted model calls `go` (which the harness agent does not have), then, told so, says "Done".
    const raw = rows.map((row) => [row.turn, (row.response as { remora: { raw_text: string } }).remora.raw_text]);
    const firstTurn = Math.min(...rows.map((row) => row.turn));
    expect(raw.filter(([turn]) => turn === firstTurn)).toEqual(
      Array(3).fill([firstTurn, '<start_function_call>call:go{}<end_function_call>']),
    );
    expect(raw.filter(([turn]) => turn !== firstTurn)).toEqual(Array(3).fill([firstTurn + 1, 'Done']));
  });

  it('refuses an embedded endpoint with a baseUrl, and an http one with a ggufPath', () => {
    const variants = [{ name: 'a' }];
    expect(() => config({ baseUrl: 'http://127.0.0.1:1/v1', ggufPath: models.random }, variants)).toThrow(
      /an embedded endpoint has no baseUrl/,
    );
    expect(() => config({ kind: 'http', baseUrl: 'http://127.0.0.1:1/v1', ggufPath: models.random }, variants)).toThrow(
      /ggufPath and engine only go with kind/,
    );
    expect(() => config({ kind: 'http' }, variants)).toThrow(/is required for an http endpoint/);
  });

  it('fails the run with a clear configuration error when the GGUF file is missing', async () => {
    const experiment = config({ ggufPath: path.join(models.folder, 'missing.gguf') }, [{ name: 'a' }]);
    const { id } = createStoredExperiment(temporary.database, experiment, agent);
    const run = runStoredExperiment(temporary.database, id, { tools: pool });
    await expect(run.done).rejects.toBeInstanceOf(ConfigurationError);
    await expect(run.done).rejects.toThrow(/missing\.gguf does not exist/);
  });
});
