import type { RemoraDatabase } from '../db/client';
import { createConversationWriter } from '../db/conversation-writer';
import { createExperiment, getExperiment } from '../db/queries/experiments';
import { getMetricsInput } from '../db/queries/metrics-facts';
import { NotFoundError } from '../errors';
import { HttpModelClient } from '../runner/model-client';
import { BalancedModelClient } from '../runner/balanced-client';
import { createEmbeddedClient } from '../embedded/endpoint-client';
import type { AgentRuntime } from '../runner/types';
import { summarizeExperiment } from '../metrics/summarize';
import type { ExperimentSummary } from '../metrics/types';
import type { ToolExecutor } from '../tools/protocol';
import { planSlots, type ExperimentConfig } from './config';
import { startExperiment, type ExperimentDependencies, type ExperimentResult, type Progress, type WorkspaceProvider } from './run-experiment';
import { readStoredConfig, toStoredConfig } from './stored-config';
import { defaultWorkspaces } from '../tools/workspace';
import { holdLease, newRunnerId } from './lease';
import { resolveBaseUrl } from './built-in-simulator';

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
  /** Hears every runner event of every conversation (streamed text for a live view). */
  onEvent?: ExperimentDependencies['onEvent'];
  /** Reads an API key by the name of its environment variable (never stored). */
  readEnvironment?(name: string): string | undefined;
  /** Who runs it (lease.ts); another live runner's experiment is refused. A fresh id by default. */
  runnerId?: string;
  /** The live URL of the panel's built-in simulator, for experiments that ran on it. */
  resolveSimulator?(): string;
  heartbeatMs?: number;
  staleAfterMs?: number;
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
  const baseUrl = resolveBaseUrl(config.endpoint.baseUrl, options.resolveSimulator);

  // The lease marks it running; the heartbeat also carries a cancel written by another process.
  const lease = holdLease(database, experimentId, options.runnerId ?? newRunnerId('process'), {
    heartbeatMs: options.heartbeatMs,
    staleAfterMs: options.staleAfterMs,
    onLost: () => run.interrupt(),
    onCancelled: () => run.cancel(),
  });
  const writer = createConversationWriter(database);
  const run = startExperiment({
    config,
    agent: stored.agent,
    tools: options.tools,
    // Agents whose tools change files (settings.workspace) get a private copy per conversation.
    workspaces: options.workspaces ?? defaultWorkspaces(stored.agent),
    onProgress: options.onProgress,
    onEvent: options.onEvent,
    // An embedded endpoint runs the GGUF model in this process (lib/embedded); a missing file fails the run here.
    createClient: (settings) => {
      if (config.endpoint.kind === 'embedded') return createEmbeddedClient(config.endpoint, settings);
      const urls = [baseUrl, ...(config.endpoint.replicas ?? [])];
      const clients = urls.map((url) => new HttpModelClient({ baseUrl: url, apiKey, retry: settings.retry }));
      return clients.length === 1 ? clients[0] : new BalancedModelClient(clients);
    },
    store: {
      completedSlots: () => writer.completedSlots(experimentId),
      write: (meta, record) => writer.write(experimentId, meta, record),
      flush: () => writer.flush(),
    },
  });

  const done = run.done.then(
    (result) => {
      try {
        writer.close();
      } catch (error) {
        lease.finish({ status: 'failed', error: String(error) });
        throw error;
      }
      // An interrupted run stays `running` so that the next start resumes it.
      lease.finish(result.status === 'interrupted' ? null : { status: result.status });
      return result;
    },
    (error: unknown) => {
      try {
        writer.close();
      } finally {
        lease.finish({ status: 'failed', error: String(error) });
      }
      throw error;
    },
  );
  return { done, cancel: run.cancel, interrupt: run.interrupt };
}

export function experimentSummary(database: RemoraDatabase, experimentId: string): ExperimentSummary {
  const row = getExperiment(database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  // Aggregated in SQL: the cost stays flat however many calls the experiment made (metrics-facts.ts).
  const facts = getMetricsInput(database, experimentId, { responses: 'aggregate' });
  if (!facts) throw new NotFoundError(`no experiment with id ${experimentId}`);
  return summarizeExperiment(experimentId, row.status, facts, { simulated: row.simulated });
}
