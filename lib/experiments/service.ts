import type { RemoraDatabase } from '../db/client';
import { createConversationWriter } from '../db/conversation-writer';
import { createExperiment, getExperiment, setExperimentStatus } from '../db/queries/experiments';
import { getMetricsInput } from '../db/queries/metrics-facts';
import { NotFoundError } from '../errors';
import { HttpModelClient } from '../runner/model-client';
import type { AgentRuntime } from '../runner/types';
import { summarizeExperiment } from '../metrics/summarize';
import type { ExperimentSummary } from '../metrics/types';
import type { ToolExecutor } from '../tools/protocol';
import { planSlots, type ExperimentConfig } from './config';
import { startExperiment, type ExperimentResult, type Progress, type WorkspaceProvider } from './run-experiment';
import { readStoredConfig, toStoredConfig } from './stored-config';

export function createStoredExperiment(database: RemoraDatabase, config: ExperimentConfig, agent: AgentRuntime, id?: string) {
  return createExperiment(database, {
    id,
    agentName: agent.name,
    config: toStoredConfig(config, agent) as unknown as Record<string, unknown>,
    simulated: config.endpoint.simulated,
    totalConversations: planSlots(config).length,
  });
}

export type RunOptions = {
  tools: ToolExecutor;
  workspaces?: WorkspaceProvider;
  onProgress?(progress: Progress): void;
  /** Reads an API key by the name of its environment variable (never stored). */
  readEnvironment?(name: string): string | undefined;
};

export type StoredRun = { done: Promise<ExperimentResult>; cancel(): void; interrupt(): void };

/**
 * Runs (or resumes) a stored experiment: only the slots not stored yet are run, the database is
 * the truth for progress, and the experiment's status follows the run.
 */
export function runStoredExperiment(database: RemoraDatabase, experimentId: string, options: RunOptions): StoredRun {
  const row = getExperiment(database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const stored = readStoredConfig(row.config);
  const { experiment: config } = stored;
  const readEnvironment = options.readEnvironment ?? ((name: string) => process.env[name]);
  const apiKey = config.endpoint.apiKeyEnv ? readEnvironment(config.endpoint.apiKeyEnv) : undefined;

  const writer = createConversationWriter(database);
  setExperimentStatus(database, experimentId, 'running');
  const run = startExperiment({
    config,
    agent: stored.agent,
    tools: options.tools,
    workspaces: options.workspaces,
    onProgress: options.onProgress,
    createClient: (settings) => new HttpModelClient({ baseUrl: config.endpoint.baseUrl, apiKey, retry: settings.retry }),
    store: {
      completedSlots: () => writer.completedSlots(experimentId),
      write: (meta, record) => writer.write(experimentId, meta, record),
      flush: () => writer.flush(),
    },
  });

  const done = run.done.then(
    (result) => {
      writer.close();
      // An interrupted run stays `running` so that the next start resumes it.
      if (result.status !== 'interrupted') setExperimentStatus(database, experimentId, result.status);
      return result;
    },
    (error: unknown) => {
      try {
        writer.close();
      } finally {
        setExperimentStatus(database, experimentId, 'failed', { error: String(error) });
      }
      throw error;
    },
  );
  return { done, cancel: run.cancel, interrupt: run.interrupt };
}

export function experimentSummary(database: RemoraDatabase, experimentId: string): ExperimentSummary {
  const row = getExperiment(database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const facts = getMetricsInput(database, experimentId);
  if (!facts) throw new NotFoundError(`no experiment with id ${experimentId}`);
  return summarizeExperiment(experimentId, row.status, facts, { simulated: row.simulated });
}
