// `remora harness`: builds an experiment from flags (harness-config.ts), runs (or resumes) it, prints the summary.
import { openDatabase, closeDatabase, type RemoraDatabase } from '../db/client';
import { findUnfinishedExperiment, getExperiment } from '../db/queries/experiments';
import { ConfigurationError, InputError } from '../errors';
import type { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from '../experiments/service';
import { toStoredConfig } from '../experiment-config/stored-config';
import { describeHolder, leaseIsLive, newRunnerId } from '../experiments/lease';
import { ExperimentConflictError } from '../errors';
import { probeEndpoint } from '../experiments/probe-endpoint';
import { toSummaryJson } from '../metrics/summary-json';
import { formatSummaryTable } from './format-table';
import type { AgentRuntime } from '../runner/types';
import { needsConfinement } from '../tools/sandbox/experiment-sandbox';
import { sandboxHost } from '../tools/sandbox/host';
import { sweepLeftovers } from '../tools/work-root';
import { chooseInputFiles } from './input-files-option';
import { datasetFileFor, prepareDatasetRun, readScoring, type PreparedDatasetRun } from './dataset-run';
import { getConfusion } from '../db/queries/accuracy';
import { formatConfusionTable } from '../metrics/confusion';
import { describeError } from './io';
import { StorageError } from '../db/errors';
import type { ExperimentStatus } from '../db/schema';
import { exitCodeFor } from './exit-code';
import { interruptOnSignal, progressBar } from './run-controls';
import { buildConfig, loadRuntime, note, type HarnessOptions } from './harness-config';
import { collectGarbage } from './collect-garbage';
import { sizeNote } from './size-note';
import { experimentToolPool } from '../experiments/tool-pool';

/** Conversations from which a run collects its garbage before the closing summary. */
const LARGE_RUN = 10_000;

export type { HarnessOptions } from './harness-config';

export async function runHarnessCommand(options: HarnessOptions): Promise<number> {
  let database: RemoraDatabase | null = null;
  try {
    // Workspaces and tool processes a killed run left behind go first.
    sweepLeftovers();
    const source = await datasetFileFor(options);
    if (options.scoring !== undefined && !source)
      throw new InputError('--scoring goes with a dataset run (--dataset FILE)');
    const agentRuntime = await loadRuntime(options, source !== null);
    // Bubblewrap is probed only for an agent with tools to confine (the harness agent's run in-process).
    if (needsConfinement(agentRuntime.runtime) && sandboxHost().confinement === 'none')
      note(`tools run without a sandbox here: ${sandboxHost().unavailableReason}`);
    let datasetRun: PreparedDatasetRun | null = null;
    if (source) {
      database = openDatabase(options.db);
      datasetRun = prepareDatasetRun(database, source, agentRuntime.runtime, readScoring(options.scoring));
      for (const line of datasetRun.notes) note(line);
    }
    const maxTurns = options.maxTurns ?? (datasetRun ? 1 : undefined);
    if (maxTurns !== undefined) agentRuntime.runtime.maxTurns = maxTurns;
    const inputs = datasetRun ? [] : agentRuntime.inputs;
    const inputFiles = chooseInputFiles(
      options,
      agentRuntime.folder,
      inputs,
      database && datasetRun ? { database, datasetId: datasetRun.storedCases.datasetId } : undefined,
    );
    const config = await buildConfig(options, agentRuntime.runtime, inputs, datasetRun?.storedCases, inputFiles);
    if (config.endpoint.kind === 'http') {
      for (const url of [config.endpoint.baseUrl, ...(config.endpoint.replicas ?? [])]) {
        const probe = await probeEndpoint(url);
        if (!probe.reachable)
          throw new ConfigurationError(`cannot reach the model server at ${url}: ${probe.error}. Is it running?`);
        config.endpoint.simulated ||= probe.simulated;
      }
    }

    database ??= openDatabase(options.db);
    if (config.plannedDifference !== undefined) note(sizeNote(database, config, config.plannedDifference));
    const experimentId = chooseExperiment(database, options, config, agentRuntime.runtime);
    return await execute(database, experimentId, options);
  } catch (error) {
    process.stderr.write(`${describeError(error)}\n`);
    return exitCodeFor(error);
  } finally {
    if (database) closeDatabase(database);
  }
}

/**
 * A new experiment, or the unfinished one to resume (named by --experiment-id, or with exactly these
 * settings). One that another live process runs (the panel, another harness) is never taken over.
 */
function chooseExperiment(
  database: RemoraDatabase,
  options: HarnessOptions,
  config: ExperimentConfig,
  agent: AgentRuntime,
): string {
  if (options.experimentId) {
    const existing = getExperiment(database, options.experimentId);
    if (!existing) return createStoredExperiment(database, config, agent, options.experimentId).id;
    if (existing.agentName !== agent.name)
      throw new InputError(`experiment ${existing.id} belongs to agent "${existing.agentName}", not "${agent.name}"`);
    if (leaseIsLive(existing))
      throw new ExperimentConflictError(
        `experiment ${existing.id} is being run by ${describeHolder(existing)}; ` +
          'cancel it there or wait for it to finish',
      );
    note(`resuming experiment ${existing.id} (${existing.status}) with its stored settings`);
    return existing.id;
  }
  const unfinished = findUnfinishedExperiment(database, toStoredConfig(config, agent));
  if (unfinished && !leaseIsLive(unfinished)) {
    note(`resuming unfinished experiment ${unfinished.id} with the same settings`);
    return unfinished.id;
  }
  if (unfinished)
    note(
      `an experiment with the same settings (${unfinished.id}) is being run by ${describeHolder(unfinished)}; ` +
        'starting a new one',
    );
  return createStoredExperiment(database, config, agent).id;
}

async function execute(database: RemoraDatabase, experimentId: string, options: HarnessOptions): Promise<number> {
  const row = getExperiment(database, experimentId);
  if (row && ['completed', 'cancelled'].includes(row.status)) {
    note(`experiment ${experimentId} is already ${row.status}; showing its results`);
    return report(database, experimentId, options);
  }
  if (row?.status === 'failed')
    note(`experiment ${experimentId} failed before (${row.error ?? 'no reason kept'}); resuming it`);
  const tools = experimentToolPool({ size: Math.min(8, Math.max(2, options.concurrency)) });
  const bar = progressBar('harness |{bar}| {value}/{total} conversations | {running} running | {eta_formatted} left');
  const run = runStoredExperiment(database, experimentId, {
    tools,
    runnerId: newRunnerId('cli'),
    onProgress: (progress) => bar?.show(progress),
    // The summary is printed while the run still holds the experiment: killed before it is out,
    // the experiment is resumed (and its summary printed) by the same command, not started anew.
    beforeFinish: async (result) => {
      bar?.stop();
      await report(database, experimentId, options, result.status);
    },
  });
  const stopListening = interruptOnSignal('conversations', () => run.interrupt());
  try {
    const result = await run.done;
    bar?.stop();
    if (result.status === 'interrupted') {
      process.stderr.write(`interrupted: resume with --experiment-id ${experimentId}\n`);
      return 130;
    }
    return 0;
  } catch (error) {
    bar?.stop();
    if (StorageError.is(error))
      note(
        `experiment ${experimentId} failed: the database stopped taking writes. ` +
          'Run the same command again to resume it once it does.',
      );
    throw error;
  } finally {
    stopListening();
    await tools.close();
  }
}

/**
 * Prints the summary and resolves once it has left the process (stdout may be a pipe that drains
 * slowly); `asStatus` is the status the run is about to write (it still holds the experiment).
 */
async function report(
  database: RemoraDatabase,
  experimentId: string,
  options: HarnessOptions,
  asStatus?: ExperimentStatus,
): Promise<number> {
  // A large run's garbage goes before its summary reads a counter row per input (collect-garbage.ts).
  if ((getExperiment(database, experimentId)?.totalConversations ?? 0) >= LARGE_RUN) collectGarbage();
  const summary = experimentSummary(database, experimentId, asStatus);
  // With --json, stdout holds only the summary: the balance warnings (also in its `balance`) go to stderr.
  if (options.json)
    for (const warning of summary.balance?.warnings ?? []) process.stderr.write(`warning: ${warning}\n`);
  const text = options.json
    ? `${JSON.stringify(toSummaryJson(summary))}\n`
    : `experiment ${experimentId}\n${formatSummaryTable(summary)}\n` +
      confusionTables(database, experimentId, summary.variants);
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(text, (error) => (error ? reject(error) : resolve())),
  );
  return 0;
}

/** For a dataset run, the confusion table of each variant. */
function confusionTables(
  database: RemoraDatabase,
  experimentId: string,
  variants: { name: string; callAccuracy?: unknown }[],
): string {
  return variants
    .filter((variant) => variant.callAccuracy)
    .map((variant) => {
      const confusion = getConfusion(database, experimentId, variant.name);
      return confusion ? `${formatConfusionTable(confusion)}\n\n` : '';
    })
    .join('');
}

export { describeError as describe } from './io';
