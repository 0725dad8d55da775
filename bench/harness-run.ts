// One experiment of the harness agent through the path `remora harness` takes: the experiment is
// created in SQLite, runStoredExperiment runs it with the real model client and tool worker pool,
// and every conversation is stored before the run counts as done.
import path from 'node:path';
import { loadAgent } from '../lib/agents/load';
import { type RemoraDatabase } from '../lib/db/client';
import { projectRoot } from '../lib/config';
import { ExperimentConfig } from '../lib/experiment-config/experiment-config';
import { probeEndpoint } from '../lib/experiments/probe-endpoint';
import { createStoredExperiment, runStoredExperiment } from '../lib/experiments/service';
import type { AgentRuntime } from '../lib/runner/types';
import type { ConversationInput } from '../lib/protocol/conversation';
import type { ToolExecutor } from '../lib/tools/protocol';

export type HarnessAgent = { runtime: AgentRuntime; inputs: ConversationInput[] };

export type StoredCounts = { conversations: number; modelCalls: number; toolExecutions: number };

export async function loadHarnessAgent(): Promise<HarnessAgent> {
  const agent = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  return { runtime: agent.toRuntime(), inputs: agent.inputs };
}

export type HarnessRunOptions = {
  database: RemoraDatabase;
  tools: ToolExecutor;
  agent: HarnessAgent;
  url: string;
  conversations: number;
  concurrency: number;
  simulated: boolean;
};

/** The CLI's defaults for `remora harness --agent harness` (tool choice auto, temperature 0...). */
function harnessConfig(options: HarnessRunOptions): ExperimentConfig {
  return ExperimentConfig.parse({
    agent: options.agent.runtime.name,
    variants: [
      {
        name: 'baseline',
        systemPrompt: options.agent.runtime.systemPrompt,
        settings: {
          toolChoice: 'auto',
          temperature: 0,
          responsePreference: 'tool_calls-first',
          historyMode: 'full',
          forceSubmitOnLastTurn: false,
          toolPresentation: 'native',
        },
      },
    ],
    endpoint: { baseUrl: options.url, model: 'functiongemma-270m-it-sim' },
    inputs: options.agent.inputs,
    requestsPerVariant: options.conversations,
    concurrency: options.concurrency,
  });
}

/** What the database holds for an experiment: the proof that every transcript was stored. */
export function storedCounts(database: RemoraDatabase, experimentId: string): StoredCounts {
  const count = (table: string) =>
    (
      database.$client.prepare(`SELECT count(*) AS n FROM ${table} WHERE experiment_id = ?`).get(experimentId) as {
        n: number;
      }
    ).n;
  return {
    conversations: count('conversations'),
    modelCalls: count('model_calls'),
    toolExecutions: count('tool_executions'),
  };
}

/** Checks the endpoint the way the CLI does before it runs anything; returns whether it is the simulator. */
export async function probeSimulator(url: string): Promise<boolean> {
  const probe = await probeEndpoint(url);
  if (!probe.reachable) throw new Error(`the simulator is not reachable at ${url}: ${probe.error}`);
  return probe.simulated;
}

/** Creates and runs one experiment; resolves once every conversation is stored. */
export async function runHarness(options: HarnessRunOptions): Promise<{ experimentId: string; status: string }> {
  const config = harnessConfig(options);
  config.endpoint.simulated = options.simulated;
  const experiment = createStoredExperiment(options.database, config, options.agent.runtime);
  const result = await runStoredExperiment(options.database, experiment.id, { tools: options.tools }).done;
  return { experimentId: experiment.id, status: result.status };
}
