// `remora harness`: builds an experiment from flags, runs (or resumes) it, prints the summary.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import { loadAgent } from '../agents/load';
import { loadInputsFile } from '../agents/inputs';
import { inputsFromPython, parseNodeTypes } from '../python/files';
import { nodeTypesFor } from '../campaigns/extract';
import { openDatabase, closeDatabase, type RemoraDatabase } from '../db/client';
import { findUnfinishedExperiment, getExperiment } from '../db/queries/experiments';
import { ConfigurationError, InputError, RemoraError, errorMessage } from '../errors';
import {
  ExperimentConfig,
  type ExperimentConfigInput,
  type StoredCases,
  type VariantConfig,
} from '../experiments/config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from '../experiments/service';
import { toStoredConfig } from '../experiments/stored-config';
import { describeHolder, leaseIsLive, newRunnerId } from '../experiments/lease';
import { ExperimentConflictError } from '../errors';
import { probeEndpoint } from '../experiments/probe-endpoint';
import { toSummaryJson } from '../metrics/summary-json';
import { formatSummaryTable } from './format-table';
import { checkToolChoice } from '../runner/settings';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { ToolWorkerPool } from '../tools/worker-pool';
import { chooseExperimentSandbox } from '../tools/sandbox/experiment-sandbox';
import { sandboxHost } from '../tools/sandbox/host';
import { sweepLeftovers } from '../tools/work-root';
import type { InputFiles } from '../tools/input-files';
import { chooseInputFiles } from './input-files-option';
import { datasetFileFor, prepareDatasetRun, readScoring, type PreparedDatasetRun } from './dataset-run';
import { getConfusion } from '../db/queries/accuracy';
import { formatConfusionTable } from '../metrics/confusion';
import { describeError } from './io';
import { StorageError } from '../db/errors';
import type { ExperimentStatus } from '../db/schema';
import { exitCodeFor } from './exit-code';

export type HarnessOptions = {
  agent: string;
  baseUrl?: string;
  replica: string[];
  gguf?: string;
  model: string;
  variant: string[];
  /** Default: 20, or one pass over the dataset. */
  requestsPerVariant?: number;
  concurrency: number;
  /** The metric that decides; the other comparisons are exploratory. */
  primaryMetric?: string;
  /** Stop once every chosen comparison is decided by the live verdict. */
  stopEarly?: boolean;
  toolChoice: string;
  temperature: number;
  maxTokens?: number;
  responsePreference: string;
  historyMode: string;
  forceSubmit: boolean;
  toolsInPrompt: boolean;
  /** Ask for log probabilities (raw output, tool-name confidence, lost values). */
  logprobs?: boolean;
  topLogprobs?: number;
  /** Stream each response. */
  stream?: boolean;
  apiKeyEnv?: string;
  inputs?: string;
  /** Python files or folders whose nodes become the inputs (instead of --inputs or the agent's own). */
  python?: string[];
  nodeTypes?: string;
  agentsDir: string;
  db: string;
  experimentId?: string;
  json: boolean;
  /** A dataset file whose cases are the inputs (imported into the database, or an identical one reused). */
  dataset?: string;
  datasetFormat?: string;
  /** How a dataset run scores first responses: lenient (default) or bfcl. */
  scoring?: string;
  /** Model calls per conversation; default the agent's, 1 for a dataset run (only the first response is scored). */
  maxTurns?: number;
  /** Bytes one answer of the server may have. */
  maxResponseBytes?: number;
  /** Where bubblewrap is missing, run model-written code anyway (the user's explicit choice). */
  unsafeNoSandbox?: boolean;
  /** More folders whose files the inputs may name (besides the agent's folder and --python). */
  inputRoot?: string[];
};

export async function runHarnessCommand(options: HarnessOptions): Promise<number> {
  let database: RemoraDatabase | null = null;
  try {
    // Workspaces and tool processes a killed run left behind go first.
    sweepLeftovers();
    const host = sandboxHost();
    if (host.confinement === 'none') note(`tools run without a sandbox here: ${host.unavailableReason}`);
    const source = await datasetFileFor(options);
    if (options.scoring !== undefined && !source)
      throw new InputError('--scoring goes with a dataset run (--dataset FILE)');
    const agentRuntime = await loadRuntime(options, source !== null);
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
    const experimentId = chooseExperiment(database, options, config, agentRuntime.runtime);
    return await execute(database, experimentId, options);
  } catch (error) {
    process.stderr.write(`${describeError(error)}\n`);
    return exitCodeFor(error);
  } finally {
    if (database) closeDatabase(database);
  }
}

async function loadRuntime(
  options: HarnessOptions,
  forDataset = false,
): Promise<{ runtime: AgentRuntime; inputs: ConversationInput[]; folder: string }> {
  const folder = path.resolve(options.agentsDir, options.agent);
  const agent = await loadAgent(folder);
  let inputs = agent.inputs;
  if (options.inputs) {
    const loaded = await loadInputsFile(options.inputs);
    if (!loaded.ok) throw new InputError(`cannot read inputs from ${options.inputs}: ${loaded.problem}`);
    inputs = loaded.inputs;
  }
  if (options.python && options.python.length > 0) {
    if (options.inputs) throw new InputError('give either --inputs or --python, not both');
    // The agent's own kind of node by default: the lint agent lints each file once, not once per function.
    inputs = await pythonInputs(options.python, options.nodeTypes ?? nodeTypesFor(agent.toRuntime()).join(','));
  }
  if (inputs.length === 0 && !forDataset)
    throw new InputError(`agent "${options.agent}" has no default inputs; give some with --inputs FILE`);
  return { runtime: agent.toRuntime(), inputs, folder: agent.folder };
}

/** Inputs from the nodes of Python files and folders; a path that cannot be read is an input error. */
async function pythonInputs(paths: string[], nodeTypes: string): Promise<ConversationInput[]> {
  const types = parseNodeTypes(nodeTypes);
  if (!types.ok) throw new InputError(`--node-types: ${types.error}`);
  const { inputs, problems } = await inputsFromPython(paths, { nodeTypes: types.types });
  if (problems.length > 0) throw new InputError('cannot take inputs from --python', problems);
  if (inputs.length === 0) throw new InputError(`no ${types.types.join(', ')} nodes in ${paths.join(', ')}`);
  return inputs;
}

async function buildConfig(
  options: HarnessOptions,
  agent: AgentRuntime,
  inputs: ConversationInput[],
  storedCases: StoredCases | undefined,
  inputFiles: InputFiles,
): Promise<ExperimentConfig> {
  const toolChoice = checkToolChoice(
    options.toolChoice,
    agent.tools.map((tool) => tool.name),
  );
  if (!toolChoice.ok) throw new InputError(`--tool-choice ${toolChoice.problem}`);
  if (options.apiKeyEnv && !process.env[options.apiKeyEnv]) {
    throw new ConfigurationError(
      `--api-key-env: the environment variable ${options.apiKeyEnv} is not set; set it to the server's API key, or leave the option out for a server that needs none`,
    );
  }
  const settings: VariantConfig['settings'] = {
    toolChoice: toolChoice.value,
    temperature: options.temperature,
    maxTokens: options.maxTokens,
    responsePreference: options.responsePreference as never,
    historyMode: options.historyMode as never,
    forceSubmitOnLastTurn: options.forceSubmit,
    toolPresentation: options.toolsInPrompt ? 'system-prompt' : 'native',
  };
  // Left out unless given, so that the stored settings (and the resume hash) stay as they were.
  if (options.logprobs) settings.logprobs = true;
  if (options.topLogprobs !== undefined) {
    if (!options.logprobs) throw new InputError('--top-logprobs needs --logprobs');
    settings.topLogprobs = options.topLogprobs;
  }
  if (options.stream) settings.stream = true;
  if (
    options.python?.length &&
    options.requestsPerVariant !== undefined &&
    options.requestsPerVariant !== inputs.length
  ) {
    const coverage =
      options.requestsPerVariant < inputs.length
        ? `covers ${options.requestsPerVariant} of the ${inputs.length} nodes`
        : `repeats nodes (${inputs.length} nodes)`;
    note(
      `--requests-per-variant ${options.requestsPerVariant} ${coverage}; leave it out to run every node once (or use campaign run to work on a whole repository)`,
    );
  }
  if (agent.model && agent.model !== options.model)
    note(
      `agent "${agent.name}" names the model "${agent.model}": its requests send that instead of --model ${options.model}`,
    );
  const variants: ExperimentConfigInput['variants'] =
    options.variant.length === 0 ? [{ name: 'baseline', systemPrompt: agent.systemPrompt, settings }] : [];
  for (const spec of options.variant) {
    const separator = spec.indexOf('=');
    if (separator <= 0 || separator === spec.length - 1)
      throw new InputError(`--variant "${spec}" must be NAME=PROMPT_FILE`);
    const file = spec.slice(separator + 1);
    let systemPrompt: string;
    try {
      systemPrompt = await readFile(file, 'utf8');
    } catch (error) {
      throw new InputError(
        `cannot read the prompt file of variant "${spec.slice(0, separator)}": ${errorMessage(error)}`,
        [],
        { cause: error },
      );
    }
    variants.push({ name: spec.slice(0, separator), systemPrompt, settings });
  }
  const parsed = ExperimentConfig.safeParse({
    agent: agent.name,
    variants,
    endpoint: endpointFromOptions(options),
    inputs,
    requestsPerVariant:
      options.requestsPerVariant ?? storedCases?.count ?? (options.python?.length ? inputs.length : 20),
    concurrency: options.concurrency,
    storedCases,
    ...(options.primaryMetric ? { primaryMetric: options.primaryMetric } : {}),
    ...(options.stopEarly ? { stopEarly: true } : {}),
    sandbox: chooseExperimentSandbox(agent, options.unsafeNoSandbox === true),
    inputFiles,
  });
  if (!parsed.success) {
    throw new InputError(
      'the experiment settings are not valid',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`),
    );
  }
  return parsed.data;
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
        `experiment ${existing.id} is being run by ${describeHolder(existing)}; cancel it there or wait for it to finish`,
      );
    note(`resuming experiment ${existing.id} (${existing.status}) with its stored settings`);
    return existing.id;
  }
  const unfinished = findUnfinishedExperiment(
    database,
    toStoredConfig(config, agent) as unknown as Record<string, unknown>,
  );
  if (unfinished && !leaseIsLive(unfinished)) {
    note(`resuming unfinished experiment ${unfinished.id} with the same settings`);
    return unfinished.id;
  }
  if (unfinished)
    note(
      `an experiment with the same settings (${unfinished.id}) is being run by ${describeHolder(unfinished)}; starting a new one`,
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
  const tools = new ToolWorkerPool({ size: Math.min(8, Math.max(2, options.concurrency)) });
  const bar = process.stderr.isTTY
    ? new SingleBar(
        {
          format: 'harness |{bar}| {value}/{total} conversations | {running} running | {eta_formatted} left',
          hideCursor: true,
        },
        Presets.shades_classic,
      )
    : null;
  let barStarted = false;
  const run = runStoredExperiment(database, experimentId, {
    tools,
    runnerId: newRunnerId('cli'),
    onProgress: (progress) => {
      if (!bar) return;
      if (!barStarted) bar.start(progress.total, progress.done, { running: progress.running });
      barStarted = true;
      bar.update(progress.done, { running: progress.running });
    },
    // The summary is printed while the run still holds the experiment: killed before it is out,
    // the experiment is resumed (and its summary printed) by the same command, not started anew.
    beforeFinish: async (result) => {
      bar?.stop();
      await report(database, experimentId, options, result.status);
    },
  });
  let interrupts = 0;
  const onSignal = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    process.stderr.write(
      '\nstopping: finished conversations are kept; run the same command again to resume (Ctrl-C again to quit now)\n',
    );
    run.interrupt();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
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
        `experiment ${experimentId} failed: the database stopped taking writes. Run the same command again to resume it once it does.`,
      );
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
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
  const summary = experimentSummary(database, experimentId, asStatus);
  const text = options.json
    ? `${JSON.stringify(toSummaryJson(summary))}\n`
    : `experiment ${experimentId}\n${formatSummaryTable(summary)}\n${confusionTables(database, experimentId, summary.variants)}`;
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

function note(text: string) {
  process.stderr.write(`${text}\n`);
}

export { describeError as describe } from './io';

function endpointFromOptions(options: HarnessOptions): ExperimentConfigInput['endpoint'] {
  if (options.gguf) {
    if (options.baseUrl || options.replica.length > 0)
      throw new InputError('give either --gguf (a model run in process) or --base-url (a server), not both');
    return { kind: 'embedded', ggufPath: path.resolve(options.gguf), model: options.model };
  }
  if (!options.baseUrl) throw new InputError('--base-url is required (or --gguf for a model run in process)');
  return {
    baseUrl: options.baseUrl,
    model: options.model,
    apiKeyEnv: options.apiKeyEnv,
    replicas: options.replica.length > 0 ? options.replica : undefined,
    maxResponseBytes: options.maxResponseBytes,
  };
}
