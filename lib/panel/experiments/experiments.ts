// Experiments from the panel, read back with their progress (from the database) and the same
// summary the command line prints; cancelled on request. create.ts makes new ones.
import { variantPrices, type TokenPrices } from '../../metrics/cost';
import { listConversations } from '../../db/queries/conversations';
import { listFilteredConversations } from '../../db/queries/conversation-search';
import { type ConversationListItem } from '../../db/queries/conversation-list';
import {
  getExperiment,
  listExperiments,
  type ExperimentFilter,
  type ExperimentListItem,
} from '../../db/queries/experiments';
import { variantNamesOf } from '../../db/experiment-config';
import type { ExperimentRow } from '../../db/rows';
import { ConfigurationError, InputError, NotFoundError } from '../../errors';
import type { Refusal } from '../../experiments/job-runner';
import { isBuiltInSimulator } from '../../experiments/built-in-simulator';
import { inputCount } from '../../experiments/slots';
import { leaseIsLive, shownStatus, type ShownStatus } from '../../experiments/lease';
import { ExperimentConflictError } from '../../errors';
import { readStoredConfig } from '../../experiment-config/stored-config';
import { needsConfinement, type ExperimentSandbox } from '../../tools/sandbox/experiment-sandbox';
import type { SummaryJson } from '../../metrics/summary-json';
import type { PanelContext } from '../context';
import { summaryOfExperiment } from './summary-cache';
import type { ConversationQuery, ExperimentListQuery } from './requests';

type ExperimentProgress = { done: number; total: number };

type ExperimentSettingsView = {
  endpoint: { baseUrl: string; model: string; apiKeyEnv: string | null; builtInSimulator: boolean };
  requestsPerVariant: number;
  concurrency: number;
  inputCount: number;
  variants: {
    name: string;
    systemPrompt: string;
    nodeContext: string;
    settings: Record<string, unknown>;
    /** Its endpoint's prices per million tokens when it started (lib/metrics/cost.ts), or null: not priced. */
    pricePerMillionTokens: TokenPrices | null;
  }[];
  /**
   * How its tools were confined, as recorded when it was created (null for a row from before that was
   * recorded), and whether any tool runs as a process of its own: with none, there is nothing to confine.
   */
  sandbox: (ExperimentSandbox & { toolProcesses: boolean }) | null;
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

function settingsView(row: ExperimentRow): ExperimentSettingsView | null {
  let stored;
  try {
    stored = readStoredConfig(row.config);
  } catch (error) {
    if (InputError.is(error)) return null;
    throw error;
  }
  const { experiment, agent } = stored;
  const prices = variantPrices(experiment.endpoint, experiment.variants);
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
      pricePerMillionTokens: prices[variant.name],
    })),
    sandbox: experiment.sandbox ? { ...experiment.sandbox, toolProcesses: needsConfinement(agent) } : null,
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
  query: Partial<ExperimentListQuery> & Pick<ExperimentFilter, 'text' | 'tag' | 'status'> = {},
): ExperimentListView[] {
  return listExperiments(context.database, {
    agentName: query.agent,
    // The list API names the text filter `q`, as the page's address does.
    text: query.text ?? query.q,
    tag: query.tag,
    status: query.status,
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
