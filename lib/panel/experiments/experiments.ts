// Experiments from the panel: created from an API request, started on the job runner, read back
// with their progress (from the database) and the same summary the command line prints.
import { listConversations } from '../../db/queries/conversations';
import { listFilteredConversations } from '../../db/queries/conversation-search';
import { type ConversationListItem } from '../../db/queries/conversation-list';
import { getExperiment, listExperiments, type ExperimentListItem } from '../../db/queries/experiments';
import { getEndpointByName } from '../../db/queries/endpoints';
import { variantNamesOf } from '../../db/experiment-config';
import type { ExperimentRow } from '../../db/schema';
import { ConfigurationError, InputError, NotFoundError } from '../../errors';
import type { Refusal } from '../../experiments/job-runner';
import { BUILT_IN_SIMULATOR_URL, isBuiltInSimulator } from '../../experiments/built-in-simulator';
import { ExperimentConfig, inputCount, type ExperimentConfigInput } from '../../experiments/config';
import { leaseIsLive, shownStatus, type ShownStatus } from '../../experiments/lease';
import { ExperimentConflictError } from '../../errors';
import { probeEndpoint } from '../../experiments/probe-endpoint';
import { createStoredExperiment } from '../../experiments/service';
import { readStoredConfig } from '../../experiments/stored-config';
import type { SummaryJson } from '../../metrics/summary-json';
import { checkToolChoice as checkChoice } from '../../runner/settings';
import type { RunnerSettings } from '../../runner/types';
import { zodReasons } from '../../http/read-request';
import { loadRunnableAgent } from '../agents/agents';
import type { PanelContext } from '../context';
import { DEFAULT_SIMULATED_MODEL } from '../endpoints/endpoints';
import { resolveExperimentInputs } from './inputs';
import { chooseExperimentSandbox, type ExperimentSandbox } from '../../tools/sandbox/experiment-sandbox';
import { inputFileProblems, type InputFiles } from '../../tools/input-files';
import { summaryOfExperiment } from './summary-cache';
import type { ConversationQuery, CreateExperimentRequest, EndpointRequest, ExperimentListQuery } from './requests';

export type ExperimentProgress = { done: number; total: number };

export type ExperimentSettingsView = {
  endpoint: { baseUrl: string; model: string; apiKeyEnv: string | null; builtInSimulator: boolean };
  requestsPerVariant: number;
  concurrency: number;
  inputCount: number;
  variants: { name: string; systemPrompt: string; nodeContext: string; settings: Record<string, unknown> }[];
};

/** GET /api/experiments/:id: the spec's {id, status, progress, summary}, and what a page shows beside them. */
export type ExperimentView = {
  id: string;
  /** `interrupted`: stored as running, but no process carries it on (lease.ts shownStatus). */
  status: ShownStatus;
  progress: ExperimentProgress;
  summary: SummaryJson;
  agentName: string;
  simulated: boolean;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  error: string | null;
  /** Conversations in flight in this process. */
  inFlight: number;
  /** Some process (this panel, a command line) is running it now. */
  active: boolean;
  /** Null when the stored settings cannot be read (a row written by an older version). */
  settings: ExperimentSettingsView | null;
};

export type ExperimentListView = Omit<ExperimentListItem, 'runnerId' | 'heartbeatAt' | 'status'> & {
  status: ShownStatus;
  progress: ExperimentProgress;
  active: boolean;
};

/** The status pages and the API show: a run this process carries on is running; one nobody does is interrupted. */
function statusOf(
  context: PanelContext,
  row: Pick<ExperimentRow, 'id' | 'status' | 'runnerId' | 'heartbeatAt'>,
): ShownStatus {
  return context.jobRunner.isRunningHere(row.id) ? row.status : shownStatus(row);
}

/** The job runner's refusal as this module's own error (see job-runner.ts on why it is data). */
export function refusalError(refusal: Refusal): Error {
  switch (refusal.reason) {
    case 'not-found':
      return new NotFoundError(refusal.message);
    case 'conflict':
      return new ExperimentConflictError(refusal.message);
    case 'invalid':
      return new InputError(refusal.message, refusal.problems);
    case 'configuration':
      return new ConfigurationError(refusal.message, refusal.problems);
  }
}

type ResolvedEndpoint = { baseUrl: string; model: string; apiKeyEnv?: string; simulated: boolean };

async function reachableEndpoint(
  baseUrl: string,
  model: string,
  apiKeyEnv: string | undefined,
  where: string,
): Promise<ResolvedEndpoint> {
  const apiKey = apiKeyEnv ? process.env[apiKeyEnv] : undefined;
  // As on the command line: a key named but not set is the user's mistake, not a silent request without one.
  if (apiKeyEnv && !apiKey)
    throw new InputError('the API key is not set', [
      `${where}: the environment variable ${apiKeyEnv} is not set in the panel's environment`,
    ]);
  const probe = await probeEndpoint(baseUrl, 3000, apiKey);
  if (!probe.reachable)
    throw new InputError('the model server cannot be reached', [`${where}: cannot reach ${baseUrl}: ${probe.error}`]);
  return { baseUrl, model, apiKeyEnv, simulated: probe.simulated };
}

export async function resolveEndpoint(
  context: PanelContext,
  endpoint: EndpointRequest,
  agentModel: string | undefined,
): Promise<ResolvedEndpoint> {
  const simulator = (model?: string): ResolvedEndpoint => ({
    baseUrl: BUILT_IN_SIMULATOR_URL,
    model: model ?? agentModel ?? DEFAULT_SIMULATED_MODEL,
    simulated: true,
  });
  if (endpoint.kind === 'simulated') return simulator(endpoint.model);
  if (endpoint.name !== undefined) {
    const row = getEndpointByName(context.database, endpoint.name);
    if (!row)
      throw new InputError(`unknown endpoint "${endpoint.name}"`, [
        `endpoint.name: no endpoint named "${endpoint.name}"`,
      ]);
    if (row.kind === 'simulated' && isBuiltInSimulator(row.baseUrl)) return simulator(endpoint.model ?? row.model);
    return reachableEndpoint(row.baseUrl, endpoint.model ?? row.model, row.apiKeyEnv ?? undefined, 'endpoint.name');
  }
  const baseUrl = endpoint.baseUrl as string;
  // The built-in simulator's URL changes at every start: keep the placeholder so a resume finds it.
  if (baseUrl.replace(/\/+$/, '') === context.simulatorUrl()) return simulator(endpoint.model);
  return reachableEndpoint(baseUrl, endpoint.model as string, endpoint.apiKeyEnv, 'endpoint.baseUrl');
}

function checkToolChoice(choice: string, toolNames: string[], where: string): RunnerSettings['toolChoice'] {
  const checked = checkChoice(choice, toolNames);
  if (!checked.ok) throw new InputError('invalid tool choice', [`${where}: ${checked.problem}`]);
  return checked.value;
}

/** Creates the experiment from a validated request and starts it on the job runner. */
/**
 * The files a panel experiment's inputs (or dataset cases) may name: under the agent's folder or
 * the project (relative paths from the project). Anything else is refused, naming the input.
 */
function panelInputFiles(
  context: PanelContext,
  agentFolder: string,
  inputs: { file_path?: string | null; node_name?: string | null }[],
): InputFiles {
  const files: InputFiles = { base: context.root, roots: [agentFolder, context.root] };
  const problems = inputFileProblems(inputs, files);
  if (problems.length > 0)
    throw new InputError(
      `${problems.length === 1 ? 'an input names a file' : `${problems.length} inputs name files`} outside the agent’s folder and the project; nothing was run`,
      problems.slice(0, 20),
    );
  return files;
}

/** The experiment's sandbox; a refusal (no bubblewrap, no opt-in) is the request's to fix: tick the form's checkbox. */
function panelSandbox(
  agent: { name: string; settings: Record<string, unknown> },
  unsafeNoSandbox: boolean,
): ExperimentSandbox {
  try {
    return chooseExperimentSandbox(agent, unsafeNoSandbox);
  } catch (error) {
    if (ConfigurationError.is(error)) throw new InputError(error.message, error.problems);
    throw error;
  }
}

export async function createExperimentFromRequest(
  context: PanelContext,
  request: CreateExperimentRequest,
): Promise<{ id: string }> {
  const agent = await loadRunnableAgent(context, request.agent);
  const toolNames = agent.runtime.tools.map((tool) => tool.name);
  const toolChoice = checkToolChoice(request.toolChoice, toolNames, 'toolChoice');
  const variants: ExperimentConfigInput['variants'] = request.variants.map((variant, index) => {
    const { toolChoice: variantChoice, ...settings } = variant.settings ?? {};
    return {
      name: variant.name,
      systemPrompt: variant.systemPrompt,
      nodeContext: variant.nodeContext,
      settings: {
        toolChoice:
          variantChoice === undefined
            ? toolChoice
            : checkToolChoice(variantChoice, toolNames, `variants.${index}.settings.toolChoice`),
        temperature: request.temperature,
        maxTokens: request.maxTokens,
        ...settings,
      },
    };
  });
  // The request's inputs, a stored dataset's cases, or the agent's own (experiment-inputs.ts).
  const { inputs, dataset, maxTurns } = resolveExperimentInputs(context, request, agent.inputs);
  if (maxTurns !== undefined) agent.runtime.maxTurns = maxTurns;
  const inputFiles = panelInputFiles(context, agent.folder, inputs);
  const resolved = await resolveEndpoint(context, request.endpoint, agent.definition.model);
  const endpoint =
    request.endpoint.maxResponseBytes === undefined
      ? resolved
      : { ...resolved, maxResponseBytes: request.endpoint.maxResponseBytes };
  const parsed = ExperimentConfig.safeParse({
    agent: agent.runtime.name,
    variants,
    endpoint,
    inputs,
    requestsPerVariant: request.requestsPerVariant,
    concurrency: request.concurrency,
    dataset,
    primaryMetric: request.primaryMetric,
    stopEarly: request.stopEarly,
    sandbox: panelSandbox(agent.runtime, request.unsafeNoSandbox),
    inputFiles,
  } satisfies ExperimentConfigInput);
  if (!parsed.success) throw new InputError('the experiment settings are not valid', zodReasons(parsed.error));
  const row = createStoredExperiment(context.database, parsed.data, agent.runtime);
  const start = context.jobRunner.start(row.id);
  if (!start.started) throw refusalError(start.refusal);
  return { id: row.id };
}

function settingsView(row: ExperimentRow): ExperimentSettingsView | null {
  let stored;
  try {
    stored = readStoredConfig(row.config);
  } catch (error) {
    if (InputError.is(error)) return null;
    throw error;
  }
  const { experiment, agent } = stored;
  return {
    endpoint: {
      baseUrl: experiment.endpoint.baseUrl,
      model: experiment.endpoint.model,
      apiKeyEnv: experiment.endpoint.apiKeyEnv ?? null,
      builtInSimulator: isBuiltInSimulator(experiment.endpoint.baseUrl),
    },
    requestsPerVariant: experiment.requestsPerVariant,
    concurrency: experiment.concurrency,
    inputCount: inputCount(experiment),
    variants: experiment.variants.map((variant) => ({
      name: variant.name,
      systemPrompt: variant.systemPrompt ?? agent.systemPrompt,
      nodeContext: variant.nodeContext ?? agent.nodeContext,
      settings: variant.settings,
    })),
  };
}

export function getExperimentView(context: PanelContext, experimentId: string): ExperimentView {
  const row = getExperiment(context.database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const progress = context.jobRunner.progress(experimentId) ?? { done: 0, total: row.totalConversations, running: 0 };
  const status = statusOf(context, row);
  return {
    id: row.id,
    status,
    progress: { done: progress.done, total: progress.total },
    // Computed once for a finished experiment (experiment-summary-cache.ts), afresh while it runs.
    summary: { ...summaryOfExperiment(context.database, row, progress.done), status },
    agentName: row.agentName,
    simulated: row.simulated,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    error: row.error,
    inFlight: progress.running,
    active: context.jobRunner.isRunningHere(experimentId) || leaseIsLive(row),
    settings: settingsView(row),
  };
}

export function listExperimentViews(
  context: PanelContext,
  query: Partial<ExperimentListQuery> = {},
): ExperimentListView[] {
  return listExperiments(context.database, {
    agentName: query.agent,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  }).map(({ runnerId, heartbeatAt, ...item }) => {
    const progress = context.jobRunner.progress(item.id) ?? { done: 0, total: item.totalConversations };
    return {
      ...item,
      status: statusOf(context, { ...item, runnerId, heartbeatAt }),
      progress: { done: progress.done, total: progress.total },
      active: context.jobRunner.isRunningHere(item.id) || leaseIsLive({ runnerId, heartbeatAt }),
    };
  });
}

export function cancelExperimentById(
  context: PanelContext,
  experimentId: string,
): { id: string; status: ExperimentRow['status'] } {
  const result = context.jobRunner.cancel(experimentId);
  if (!result.cancelled) throw refusalError(result.refusal);
  return { id: result.row.id, status: result.row.status };
}

export type ConversationPage = { total: number; limit: number; offset: number; conversations: ConversationListItem[] };

export function listExperimentConversations(
  context: PanelContext,
  experimentId: string,
  query: ConversationQuery,
): ConversationPage {
  if (!getExperiment(context.database, experimentId)) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const { q, errorKind, tool, argument, verdict, label, variant, ...plain } = query;
  if ([q, errorKind, tool, argument, verdict, label].every((value) => value === undefined)) {
    const page = listConversations(context.database, experimentId, { ...plain, variant });
    return { total: page.total, limit: query.limit, offset: query.offset, conversations: page.conversations };
  }
  // Text, tool, argument, verdict and label go through the search's indexes (FTS5 for text).
  let variantIndex: number | undefined;
  if (variant !== undefined) {
    variantIndex = getExperimentHeader(context, experimentId).variantNames.indexOf(variant);
    if (variantIndex < 0) return { total: 0, limit: query.limit, offset: query.offset, conversations: [] };
  }
  const page = listFilteredConversations(context.database, experimentId, {
    ...plain,
    variantIndex,
    text: q,
    errorKind,
    tool,
    argument,
    verdict,
    label,
  });
  return { total: page.total, limit: query.limit, offset: query.offset, conversations: page.conversations };
}

/** What a page about an experiment's parts needs of it, without computing its summary. */
export type ExperimentHeader = {
  id: string;
  status: ShownStatus;
  agentName: string;
  simulated: boolean;
  variantNames: string[];
};

export function getExperimentHeader(context: PanelContext, experimentId: string): ExperimentHeader {
  const row = getExperiment(context.database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  return {
    id: row.id,
    status: statusOf(context, row),
    agentName: row.agentName,
    simulated: row.simulated,
    variantNames: variantNamesOf(row.config) ?? [],
  };
}
