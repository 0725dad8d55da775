import type { RemoraDatabase } from '../db/client';
import { writeCustomCheck } from '../task-success/custom-check';
import { createConversationWriter } from '../db/conversation-writer';
import { createExperiment, getExperiment } from '../db/queries/experiments';
import type { ExperimentDetails } from '../db/queries/experiment-details';
import { countedMetricsInput } from '../db/counters/read-counters';
import { InputError, NotFoundError, errorMessage } from '../errors';
import type { ExperimentStatus } from '../db/schema';
import { copyDatasetCases, experimentCaseInputs } from '../db/queries/experiment-cases';
import { HttpModelClient } from '../runner/model-client';
import { BalancedModelClient } from '../runner/balanced-client';
import { createEmbeddedClient } from '../embedded/endpoint-client';
import type { AgentRuntime } from '../runner/types';
import { summarizeExperiment } from '../metrics/summarize';
import type { ExperimentSummary } from '../metrics/types';
import type { ToolExecutor } from '../tools/protocol';
import { type ExperimentConfig } from '../experiment-config/experiment-config';
import { inputCount, planSlots } from './slots';
import {
  startExperiment,
  variantSettings,
  type ExperimentDependencies,
  type ExperimentResult,
  type Progress,
} from './run-experiment';
import { readStoredConfig, toStoredConfig } from '../experiment-config/stored-config';
import { defaultWorkspaces, type WorkspaceProvider } from '../tools/workspace';
import { withCallOptions } from '../tools/sandbox/experiment-sandbox';
import { holdLease, newRunnerId } from './lease';
import { checkEarlyStop } from './early-stop';
import { setStopReason } from '../db/queries/experiments';
import { resolveBaseUrl } from './built-in-simulator';

export function createStoredExperiment(
  database: RemoraDatabase,
  config: ExperimentConfig,
  agent: AgentRuntime,
  id?: string,
  details: ExperimentDetails = {},
) {
  const stored = config.storedCases;
  return database.transaction((transaction) => {
    const row = createExperiment(transaction, {
      ...details,
      id,
      agentName: agent.name,
      config: toStoredConfig(config, agent),
      simulated: config.endpoint.simulated,
      totalConversations: planSlots(config).length,
    });
    if (stored) {
      const copied = copyDatasetCases(transaction, row.id, stored.datasetId);
      if (copied !== stored.count)
        throw new InputError(
          `dataset ${stored.name} (${stored.datasetId}) holds ${copied} cases, ` +
            `not the ${stored.count} the experiment was planned with`,
        );
    }
    return row;
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
  /**
   * Runs once every conversation is stored, before the final status is written (the command line
   * prints its summary here). The run still holds the experiment meanwhile: a process that dies
   * here leaves it to be finished by the next start, not marked done with its summary unseen.
   */
  beforeFinish?(result: ExperimentResult & { status: 'completed' | 'cancelled' }): void | Promise<void>;
};

export type StoredRun = { done: Promise<ExperimentResult>; cancel(): void; interrupt(): void };

/**
 * How the run reaches its model: an embedded endpoint runs the GGUF model in this process
 * (lib/embedded; a missing file fails the run there), a variant with its own server (a model A/B)
 * talks to it alone, and the others share the endpoint and its replicas.
 */
function modelClients(
  config: ExperimentConfig,
  baseUrl: string,
  readEnvironment: (name: string) => string | undefined,
): ExperimentDependencies['createClient'] {
  const keyOf = (name: string | undefined) => (name ? readEnvironment(name) : undefined);
  return (settings, variant) => {
    if (variant.baseUrl === undefined && config.endpoint.kind === 'embedded')
      return createEmbeddedClient(config.endpoint, settings);
    const urls = variant.baseUrl ? [variant.baseUrl] : [baseUrl, ...(config.endpoint.replicas ?? [])];
    const limits =
      config.endpoint.maxResponseBytes === undefined
        ? undefined
        : { maxResponseBytes: config.endpoint.maxResponseBytes };
    // A variant on a saved endpoint of its own uses that endpoint's key and timeouts (copied when the
    // experiment started; the key read now, never stored), and never the experiment's key.
    const ownEndpoint = variant.endpointName !== undefined;
    const apiKey = keyOf(ownEndpoint ? variant.apiKeyEnv : config.endpoint.apiKeyEnv);
    const timeouts = ownEndpoint ? variant.requestTimeouts : config.endpoint.requestTimeouts;
    const clients = urls.map(
      (url) => new HttpModelClient({ baseUrl: url, apiKey, retry: settings.retry, limits, timeouts }),
    );
    return clients.length === 1 ? clients[0] : new BalancedModelClient(clients);
  };
}

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
  const baseUrl = resolveBaseUrl(config.endpoint.baseUrl, options.resolveSimulator);

  // The lease marks it running; the heartbeat also carries a cancel written by another process.
  const lease = holdLease(database, experimentId, options.runnerId ?? newRunnerId('process'), {
    heartbeatMs: options.heartbeatMs,
    staleAfterMs: options.staleAfterMs,
    onLost: () => run.interrupt(),
    onCancelled: () => run.cancel(),
  });
  let stopReason: string | null = null;
  let storageFailure: unknown = null;
  const writer = createConversationWriter(database, {
    // Storage that breaks ends the run (conversations would have nowhere to go): it fails, resumable.
    onError: (error) => {
      storageFailure ??= error;
      run.interrupt();
    },
  });
  const closeWriter = (): unknown => {
    try {
      writer.close();
      return storageFailure;
    } catch (error) {
      return error;
    }
  };
  // The experiment's own check lives in a folder of its own while it runs (lib/task-success/custom-check.ts).
  const customCheck = config.customCheck ? writeCustomCheck(config.customCheck) : null;
  const run = startExperiment({
    config,
    agent: stored.agent,
    customCheck,
    // Where no sandbox exists, programs for the model run only if the experiment says the user allowed it.
    tools: withCallOptions(options.tools, { allowUnconfined: config.sandbox?.unsafeNoSandbox === true }),
    // Agents whose tools change files (settings.workspace) get a private copy per conversation.
    // An experiment stored before inputFiles existed names its files relative to where it was started.
    workspaces: options.workspaces ?? defaultWorkspaces(stored.agent, config.inputFiles, process.cwd()),
    // A dataset's cases are read from the database in pages as the run reaches them.
    inputs: config.storedCases ? experimentCaseInputs(database, experimentId, config.storedCases.count) : undefined,
    onProgress: options.onProgress,
    onEvent: options.onEvent,
    createClient: modelClients(config, baseUrl, readEnvironment),
    store: {
      completedSlots: () => writer.completedSlots(experimentId),
      write: (meta, record) => {
        writer.write(experimentId, meta, record);
        // The live verdict moves only while first repeats arrive (early-stop.ts).
        if (config.stopEarly && stopReason === null && meta.slot < inputCount(config)) {
          writer.flush();
          stopReason = checkEarlyStop(database, experimentId, {
            variants: config.variants.map((variant) => variant.name),
            inputCount: inputCount(config),
            primaryMetric: config.primaryMetric,
            plannedDifference: config.plannedDifference,
          });
          if (stopReason !== null) {
            setStopReason(database, experimentId, stopReason);
            run.stop();
          }
        }
      },
      flush: () => writer.flush(),
    },
  });

  const finish = async (): Promise<ExperimentResult> => {
    let result: ExperimentResult;
    try {
      result = await run.done;
    } catch (error) {
      customCheck?.remove();
      // What is queued is still stored; the run failed either way.
      const closeFailure = closeWriter();
      lease.finish({
        status: 'failed',
        error: closeFailure ? `${errorMessage(error)}; ${errorMessage(closeFailure)}` : errorMessage(error),
      });
      throw error;
    }
    customCheck?.remove();
    const failure = closeWriter();
    if (failure) {
      lease.finish({ status: 'failed', error: errorMessage(failure) });
      throw failure;
    }
    // An interrupted run stays `running` so that the next start resumes it.
    if (result.status === 'interrupted') {
      lease.finish(null);
      return result;
    }
    try {
      await options.beforeFinish?.({ ...result, status: result.status });
    } catch (error) {
      lease.finish(null);
      throw error;
    }
    lease.finish({ status: result.status });
    return result;
  };
  return { done: finish(), cancel: run.cancel, interrupt: run.interrupt };
}

/**
 * The summary of an experiment; `asStatus` names it as it is about to be (a run that has not written its final status
 * yet).
 */
export function experimentSummary(
  database: RemoraDatabase,
  experimentId: string,
  asStatus?: ExperimentStatus,
): ExperimentSummary {
  const row = getExperiment(database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  // From the live counters: the cost stays flat however many conversations the experiment stored
  // (lib/db/counters). A finished experiment's latency quantiles are read exactly from the index.
  const status = asStatus ?? row.status;
  const live = status === 'running' || status === 'pending';
  // Only the anytime-valid verdict (live, or after an early stop) reads each input's first repeat.
  const stopped = !live && row.stopReason ? row.stopReason : undefined;
  const facts = countedMetricsInput(database, experimentId, {
    exactLatency: !live,
    firstRepeats: live || stopped !== undefined,
  });
  if (!facts) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const stored = readStoredConfig(row.config);
  const config = stored.experiment;
  const summary = withModels(
    summarizeExperiment(experimentId, status, facts, {
      simulated: row.simulated,
      primaryMetric: config.primaryMetric,
      stoppedEarly: stopped,
      plannedDifference: config.plannedDifference,
      noWorseMargin: config.noWorseMargin,
    }),
    config,
    stored.agent,
  );
  return row.stopReason && !stopped ? { ...summary, stoppedEarly: row.stopReason } : summary;
}

/** Each variant's model (as its requests name it) and declared family, so a model A/B says what it compared. */
function withModels(
  summary: ExperimentSummary,
  config: ExperimentConfig,
  agent: { model?: string },
): ExperimentSummary {
  const byName = new Map(config.variants.map((variant) => [variant.name, variant]));
  return {
    ...summary,
    variants: summary.variants.map((variant) => {
      const declared = byName.get(variant.name);
      if (!declared) return variant;
      return {
        ...variant,
        model: variantSettings(config, declared, agent).model,
        family: declared.settings.family ?? null,
      };
    }),
  };
}
