// `remora harness`'s flags made into an experiment: the agent and its inputs, the variants and
// their settings, the endpoint; checked as the experiment config before anything runs.
import { customCheckFromFile } from '../task-success/custom-check';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadAgent, withWorkspaceLimit } from '../agents/load';
import { loadInputsFile } from '../agents/inputs';
import { inputsFromPython, parseNodeTypes } from '../python/files';
import { nodeTypesFor } from '../campaigns/extract';
import { ConfigurationError, InputError, errorMessage } from '../errors';
import {
  ExperimentConfig,
  type ExperimentConfigInput,
  type StoredCases,
  type VariantConfig,
} from '../experiment-config/experiment-config';
import { checkToolChoice } from '../runner/settings';
import type { RequestTimeouts } from '../runner/request-timeouts';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { chooseExperimentSandbox } from '../tools/sandbox/experiment-sandbox';
import type { InputFiles } from '../tools/input-files';
import { applyVariantFlags, type VariantFlags } from './variant-flags';
import { plainIssue } from '../protocol/plain-issues';

export type HarnessOptions = VariantFlags & {
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
  /** --detect and --non-inferiority-margin, in rate units. */
  detect?: number;
  nonInferiorityMargin?: number;
  /** --check-script: the experiment's own task-success script (a .py or .sh file). */
  checkScript?: string;
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
  /** First-byte, idle and total timeouts of one request, in ms (--request-timeout). */
  requestTimeout?: Partial<RequestTimeouts>;
  /** Where bubblewrap is missing, run model-written code anyway (the user's explicit choice). */
  unsafeNoSandbox?: boolean;
  /** More folders whose files the inputs may name (besides the agent's folder and --python). */
  inputRoot?: string[];
  /** What each tool call's workspace may hold, in bytes (--workspace-limit). */
  workspaceLimit?: number;
};

export async function loadRuntime(
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
  return { runtime: withWorkspaceLimit(agent.toRuntime(), options.workspaceLimit), inputs, folder: agent.folder };
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

/** The --variant flags' prompts read from their files (else the agent's own prompt as "baseline"). */
async function readVariants(
  options: HarnessOptions,
  agent: AgentRuntime,
  settings: VariantConfig['settings'],
): Promise<ExperimentConfigInput['variants']> {
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
  return variants;
}

export async function buildConfig(
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
      `--api-key-env: the environment variable ${options.apiKeyEnv} is not set; ` +
        "set it to the server's API key, or leave the option out for a server that needs none",
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
      `--requests-per-variant ${options.requestsPerVariant} ${coverage}; ` +
        'leave it out to run every node once (or use campaign run to work on a whole repository)',
    );
  }
  if (agent.model && agent.model !== options.model)
    note(
      `agent "${agent.name}" names the model "${agent.model}": ` +
        `its requests send that instead of --model ${options.model}`,
    );
  const variants = await readVariants(options, agent, settings);
  const parsed = ExperimentConfig.safeParse({
    agent: agent.name,
    variants: applyVariantFlags(variants, options),
    endpoint: endpointFromOptions(options),
    inputs,
    requestsPerVariant:
      options.requestsPerVariant ?? storedCases?.count ?? (options.python?.length ? inputs.length : 20),
    concurrency: options.concurrency,
    storedCases,
    ...(options.primaryMetric ? { primaryMetric: options.primaryMetric } : {}),
    ...(options.stopEarly ? { stopEarly: true } : {}),
    ...(options.detect !== undefined ? { plannedDifference: options.detect } : {}),
    ...(options.nonInferiorityMargin !== undefined ? { noWorseMargin: options.nonInferiorityMargin } : {}),
    ...(options.checkScript ? { customCheck: customCheckFromFile(options.checkScript) } : {}),
    sandbox: chooseExperimentSandbox(agent, options.unsafeNoSandbox === true),
    inputFiles,
  });
  if (!parsed.success) {
    throw new InputError(
      'the experiment settings are not valid',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${plainIssue(issue)}`),
    );
  }
  return parsed.data;
}

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
    requestTimeouts: options.requestTimeout,
  };
}

export function note(text: string) {
  process.stderr.write(`${text}\n`);
}
