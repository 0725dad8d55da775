// "Run again with these settings": the new-experiment form filled from a stored experiment: its
// agent, variants (names, prompts, settings, own server, model and family), endpoint, inputs (its
// dataset when it ran one), size and concurrency. What the form cannot offer any more (an endpoint
// removed since) is named.
import { getExperiment } from '../../db/queries/experiments';
import type { VariantConfig } from '../../experiment-config/experiment-config';
import { readStoredConfig, type StoredConfig } from '../../experiment-config/stored-config';
import { errorMessage } from '../../errors';
import {
  DEFAULT_SETTINGS,
  EDITED_SOURCE,
  HISTORY_MODES,
  RESPONSE_PREFERENCES,
  SAVED_SERVER,
  TOOL_PRESENTATIONS,
  URL_SERVER,
  type ExperimentDraft,
  type ExperimentFormOptions,
  type VariantDraft,
  type VariantSettingsDraft,
} from './form-drafts';
import type { PanelContext } from '../context';

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function settingsDraft(settings: VariantConfig['settings']): VariantSettingsDraft {
  return {
    toolChoice: typeof settings.toolChoice === 'string' ? settings.toolChoice : DEFAULT_SETTINGS.toolChoice,
    temperature: typeof settings.temperature === 'number' ? String(settings.temperature) : DEFAULT_SETTINGS.temperature,
    maxTokens: typeof settings.maxTokens === 'number' ? String(settings.maxTokens) : '',
    historyMode: pick(settings.historyMode, HISTORY_MODES, DEFAULT_SETTINGS.historyMode),
    responsePreference: pick(settings.responsePreference, RESPONSE_PREFERENCES, DEFAULT_SETTINGS.responsePreference),
    forceSubmitOnLastTurn: settings.forceSubmitOnLastTurn === true,
    toolPresentation: pick(settings.toolPresentation, TOOL_PRESENTATIONS, DEFAULT_SETTINGS.toolPresentation),
    logprobs: settings.logprobs === true,
  };
}

type StoredVariant = StoredConfig['experiment']['variants'][number];

/**
 * A variant's own server as the form offers it: the saved endpoint it ran on (by its name, else any
 * that serves its URL: experiments stored before variants named theirs), the URL typed, or none.
 */
function variantServer(
  variant: StoredVariant,
  options: ExperimentFormOptions,
  notices: string[],
): Pick<VariantDraft, 'server' | 'baseUrl' | 'model'> {
  const model = variant.model ?? '';
  if (variant.baseUrl === undefined) return model ? { model } : {};
  const saved = options.endpoints.filter((candidate) => !candidate.builtIn && candidate.baseUrl === variant.baseUrl);
  const endpoint = saved.find((candidate) => candidate.name === variant.endpointName) ?? saved[0];
  if (endpoint)
    return { server: `${SAVED_SERVER}${endpoint.name}`, ...(model && model !== endpoint.model ? { model } : {}) };
  if (variant.endpointName !== undefined) {
    const key = variant.apiKeyEnv
      ? `, without its API key variable ${variant.apiKeyEnv}; pick a saved endpoint to send one`
      : '';
    notices.push(
      `Variant "${variant.name}" ran on the saved endpoint "${variant.endpointName}" at ${variant.baseUrl}, ` +
        `which no saved endpoint serves now: its URL is filled in${key}.`,
    );
  }
  return { server: URL_SERVER, baseUrl: variant.baseUrl, model };
}

/** The draft, or null with the reason when the experiment cannot be read back. */
export function cloneDraft(
  context: PanelContext,
  options: ExperimentFormOptions,
  experimentId: string,
): { draft: ExperimentDraft; notices: string[] } | { draft: null; notices: string[] } {
  const row = getExperiment(context.database, experimentId);
  if (!row) return { draft: null, notices: [`There is no experiment ${experimentId} to run again.`] };
  let stored;
  try {
    stored = readStoredConfig(row.config);
  } catch (error) {
    return {
      draft: null,
      notices: [`Experiment ${experimentId} cannot be run again from the form: ${errorMessage(error)}`],
    };
  }
  const { draft, notices } = draftOfStored(stored, options);
  notices.unshift(`Filled from experiment ${row.name ?? experimentId.slice(0, 8)}: change what you want and start it.`);
  return { draft, notices };
}

/** The form's draft of a stored experiment, with what it can no longer offer named. */
export function draftOfStored(
  stored: StoredConfig,
  options: ExperimentFormOptions,
): { draft: ExperimentDraft; notices: string[] } {
  const config = stored.experiment;
  const notices: string[] = [];
  const agent = options.agents.find((candidate) => candidate.name === config.agent);
  if (!agent) notices.push(`Agent "${config.agent}" is no longer offered; pick another.`);
  const endpoint = config.endpoint.simulated
    ? options.endpoints.find((candidate) => candidate.builtIn)
    : options.endpoints.find(
        (candidate) =>
          !candidate.builtIn &&
          candidate.baseUrl === config.endpoint.baseUrl &&
          candidate.model === config.endpoint.model,
      );
  if (!endpoint)
    notices.push(`No saved endpoint serves ${config.endpoint.model} at ${config.endpoint.baseUrl} any more; pick one.`);
  const datasetId = config.storedCases?.datasetId ?? config.dataset?.id;
  const dataset = datasetId ? options.datasets.find((candidate) => candidate.id === datasetId) : undefined;
  if (datasetId && !dataset) notices.push("The dataset it ran is gone; its inputs are the agent's own now.");
  const variants = config.variants.map((variant, index) => ({
    key: index + 1,
    name: variant.name,
    source: EDITED_SOURCE,
    systemPrompt: variant.systemPrompt ?? stored.agent.systemPrompt,
    nodeContext: variant.nodeContext ?? null,
    settings: settingsDraft(variant.settings),
    ...variantServer(variant, options, notices),
    ...(variant.settings.family ? { family: variant.settings.family } : {}),
  }));
  const draft: ExperimentDraft = {
    agent: agent?.name ?? options.agents[0]?.name ?? '',
    variants,
    endpoint: endpoint?.name ?? options.endpoints[0]?.name ?? '',
    inputSource: dataset ? `dataset:${dataset.id}` : 'agent',
    requestsPerVariant: String(config.requestsPerVariant),
    concurrency: String(config.concurrency),
    maxTurns:
      stored.agent.maxTurns !== agent?.maxTurns && agent?.maxTurns !== null ? String(stored.agent.maxTurns) : '',
    primaryMetric: config.primaryMetric ?? '',
    stopEarly: config.stopEarly ?? false,
    ...(config.plannedDifference === undefined ? {} : { plannedDifference: String(config.plannedDifference * 100) }),
    ...(config.noWorseMargin === undefined ? {} : { noWorseMargin: String(config.noWorseMargin * 100) }),
  };
  return { draft, notices };
}
