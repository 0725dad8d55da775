// Replay (README.md here): a stored conversation run again from turn N as a new small experiment
// linked to the original, the history before turn N's answer kept exactly as it was; and the inputs
// an experiment failed, run again with another variant.
import type { RemoraDatabase } from '../db/client';
import { getConversationRecord } from '../db/queries/conversations';
import { getExperiment } from '../db/queries/experiments';
import { experimentInputsAt } from '../db/queries/experiment-cases';
import {
  ExperimentConfig,
  type ExperimentConfigInput,
  type VariantConfig,
} from '../experiment-config/experiment-config';
import { readStoredConfig } from '../experiment-config/stored-config';
import { resolveSettings } from '../runner/settings';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { InputError, NotFoundError } from '../errors';
import { chooseExperimentSandbox } from '../tools/sandbox/experiment-sandbox';

/**
 * The variant a replay runs: a name, and what changes (a system prompt, settings, a model); absent: as the original
 * ran.
 */
type ReplayVariant = {
  name?: string;
  systemPrompt?: string;
  settings?: VariantConfig['settings'];
  model?: string;
};

export type ReplayRequest = {
  fromTurn: number;
  variant?: ReplayVariant;
  /** Conversations to run (default 1). */ requests?: number;
  /** Where bubblewrap is missing, run model-written code anyway: asked again, never copied from the original. */
  unsafeNoSandbox?: boolean;
};

export type PlannedExperiment = { config: ExperimentConfig; agent: AgentRuntime };

function originalOf(database: RemoraDatabase, experimentId: string) {
  const row = getExperiment(database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  return readStoredConfig(row.config);
}

function variantFor(original: VariantConfig, change: ReplayVariant | undefined, fallbackName: string): VariantConfig {
  return {
    name: change?.name ?? fallbackName,
    ...((change?.model ?? original.model) ? { model: change?.model ?? original.model } : {}),
    ...((change?.systemPrompt ?? original.systemPrompt)
      ? { systemPrompt: change?.systemPrompt ?? original.systemPrompt }
      : {}),
    ...(original.nodeContext !== undefined ? { nodeContext: original.nodeContext } : {}),
    settings: { ...original.settings, ...(change?.settings ?? {}) },
  };
}

function parseConfig(input: ExperimentConfigInput): ExperimentConfig {
  const parsed = ExperimentConfig.safeParse(input);
  if (!parsed.success)
    throw new InputError(
      'the replay settings are not valid',
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  return parsed.data;
}

/**
 * The experiment that replays a conversation from turn `fromTurn`: its one input starts with the
 * original's messages before that turn's answer (after the system message, which is the replay
 * variant's system prompt), with the knowledge those turns gathered and their calls to run again in
 * the workspace; the agent gets the turns it had left.
 */
export function planReplay(
  database: RemoraDatabase,
  conversationId: string,
  request: ReplayRequest,
): PlannedExperiment {
  const stored = getConversationRecord(database, conversationId);
  if (!stored) throw new NotFoundError(`no conversation with id ${conversationId}`);
  const original = originalOf(database, stored.experimentId);
  const { record, meta } = stored;
  const turns = record.modelCalls.map((call) => call.turn);
  const turnCall = record.modelCalls.find((call) => call.turn === request.fromTurn);
  if (!turnCall)
    throw new InputError(`conversation ${conversationId} has no turn ${request.fromTurn}`, [
      `fromTurn: choose one of ${turns.join(', ') || '(no turns)'}`,
    ]);
  const originalVariant = original.experiment.variants[meta.variantIndex];
  if (!originalVariant)
    throw new InputError(`the experiment of conversation ${conversationId} does not list its variant`);
  if (resolveSettings({ ...originalVariant.settings, model: 'replay' }).historyMode === 'initial-only') {
    throw new InputError(
      'this conversation ran with the initial-only history mode: ' +
        'its requests did not carry the history, so there is none to keep',
    );
  }
  const remaining = original.agent.maxTurns - (request.fromTurn - 1);
  if (remaining < 1) throw new InputError(`turn ${request.fromTurn} was the agent's last allowed turn`);

  // Everything the turn's request held (the history is only ever appended to) and nothing after it.
  const cut = Math.max(...turnCall.messagePositions) + 1;
  const kept = record.toolExecutions.filter((execution) => execution.turn < request.fromTurn);
  const knowledge = { ...(record.input.knowledge ?? {}) };
  for (const execution of kept) if (execution.knowledge_delta) Object.assign(knowledge, execution.knowledge_delta);
  const [{ runCase: datasetCase }] = experimentInputsAt(database, stored.experimentId, original.experiment, [
    meta.inputIndex,
  ]);
  const input: ConversationInput = {
    ...record.input,
    messages: record.messages.slice(1, cut),
    knowledge,
    setupCalls: kept
      .filter((execution) => !execution.errorKind)
      .map((execution) => ({ name: execution.toolName, arguments: execution.arguments, outcome: execution.outcome })),
    ...(datasetCase?.expect ? { expect: datasetCase.expect } : {}),
  };
  const requests = request.requests ?? 1;
  const config = parseConfig({
    ...original.experiment,
    variants: [variantFor(originalVariant, request.variant, `${originalVariant.name} from turn ${request.fromTurn}`)],
    inputs: [input],
    requestsPerVariant: requests,
    concurrency: Math.min(original.experiment.concurrency, requests),
    dataset: undefined,
    storedCases: undefined,
    origin: { kind: 'replay', experimentId: stored.experimentId, conversationId, fromTurn: request.fromTurn },
    // Chosen now, for this machine and this request: the original's choice may have been made elsewhere.
    sandbox: chooseExperimentSandbox(original.agent, request.unsafeNoSandbox === true),
  });
  return { config, agent: { ...original.agent, maxTurns: remaining } };
}

export type RerunRequest = {
  /** Run a variant of the same experiment (by name), or a new one described by `variant`. */
  variantName?: string;
  variant?: ReplayVariant;
  /** Only the inputs this variant of the original failed (default: any variant). */
  failedIn?: string;
  /** Conversations per failed input (default 1). */
  repeats?: number;
  /** As for a replay: the new experiment's own choice, recorded with it. */
  unsafeNoSandbox?: boolean;
};

/** A new experiment over the inputs the original failed (failedInputIndexes), with one variant. */
export function planRerunFailed(
  database: RemoraDatabase,
  experimentId: string,
  failed: number[],
  request: RerunRequest,
): PlannedExperiment {
  const original = originalOf(database, experimentId);
  if (failed.length === 0) throw new InputError(`experiment ${experimentId} has no failed input to run again`);
  const named =
    request.variantName === undefined
      ? undefined
      : original.experiment.variants.find((variant) => variant.name === request.variantName);
  if (request.variantName !== undefined && !named) {
    throw new InputError(`experiment ${experimentId} has no variant "${request.variantName}"`, [
      `variantName: one of ${original.experiment.variants.map((variant) => variant.name).join(', ')}`,
    ]);
  }
  if (!named && !request.variant)
    throw new InputError('say which variant runs the failed inputs: variantName, or a new variant');
  const base = named ?? original.experiment.variants[0];
  const variant = variantFor(
    named ? { ...base, name: base.name } : { ...base, systemPrompt: undefined, settings: {} },
    request.variant,
    named?.name ?? 'rerun',
  );
  const { dataset, storedCases } = original.experiment;
  const repeats = request.repeats ?? 1;
  // The failed inputs only: from the config, or from the experiment's copy of its dataset's cases.
  const picked = experimentInputsAt(database, experimentId, original.experiment, failed);
  const source =
    dataset ??
    (storedCases ? { id: storedCases.datasetId, name: storedCases.name, scoring: storedCases.scoring } : undefined);
  const config = parseConfig({
    ...original.experiment,
    variants: [variant],
    inputs: picked.map((entry) => entry.input),
    requestsPerVariant: failed.length * repeats,
    dataset: source ? { ...source, cases: picked.map((entry) => entry.runCase!) } : undefined,
    storedCases: undefined,
    origin: { kind: 'rerun-failed', experimentId, inputIndexes: failed },
    sandbox: chooseExperimentSandbox(original.agent, request.unsafeNoSandbox === true),
  });
  return { config, agent: original.agent };
}
