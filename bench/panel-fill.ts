// Fills a database for the panel benches: one stored experiment of the harness agent with
// real-shaped conversations (bench/panel-records.ts) written through the batched writer.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAgent } from '../lib/agents/load';
import { projectRoot } from '../lib/config';
import { createConversationWriter } from '../lib/db/conversation-writer';
import { setExperimentStatus } from '../lib/db/queries/experiments';
import { BUILT_IN_SIMULATOR_URL } from '../lib/experiments/built-in-simulator';
import { ExperimentConfig } from '../lib/experiment-config/experiment-config';
import { createStoredExperiment } from '../lib/experiments/service';
import type { RemoraDatabase } from '../lib/db/client';
import { makeConversation, PROFILES } from './panel-records';

export const log = (message: string) => process.stderr.write(`${message}\n`);

/** Creates a stored experiment of the harness agent and writes `perVariant` conversations per variant. */
export async function fill(
  database: RemoraDatabase,
  perVariant: number,
  seedBase: number,
): Promise<{ id: string; seconds: number }> {
  const agent = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  const runtime = agent.toRuntime();
  const config = ExperimentConfig.parse({
    agent: runtime.name,
    variants: PROFILES.map((profile) => ({
      name: profile.name,
      settings: profile.name === 'required' ? { toolChoice: 'required' } : {},
    })),
    endpoint: { baseUrl: BUILT_IN_SIMULATOR_URL, model: 'functiongemma-270m-it', simulated: true },
    inputs: agent.inputs,
    requestsPerVariant: perVariant,
    concurrency: 32,
  });
  const experiment = createStoredExperiment(database, config, runtime);
  setExperimentStatus(database, experiment.id, 'running');
  const writer = createConversationWriter(database, { maxBatch: 500, flushIntervalMs: 60_000 });
  const started = performance.now();
  for (let slot = 0; slot < perVariant; slot++) {
    for (let variantIndex = 0; variantIndex < PROFILES.length; variantIndex++) {
      const inputIndex = slot % config.inputs.length;
      const record = makeConversation(
        PROFILES[variantIndex],
        slot,
        config.inputs[inputIndex],
        seedBase + slot * PROFILES.length + variantIndex,
      );
      writer.write(experiment.id, { variantIndex, variantName: PROFILES[variantIndex].name, slot, inputIndex }, record);
    }
    if (slot > 0 && slot % 5000 === 0) log(`  ${slot * PROFILES.length} conversations written`);
  }
  writer.close();
  setExperimentStatus(database, experiment.id, 'completed');
  return { id: experiment.id, seconds: (performance.now() - started) / 1000 };
}
