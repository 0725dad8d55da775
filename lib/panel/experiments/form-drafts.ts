// The new-experiment form's state: what it offers (agents, endpoints, datasets), the draft it
// edits and its first value (from the agent, its saved prompt variants and the page's
// ?agent=&variant=&dataset=). form-request.ts makes the POST /api/experiments body of a draft,
// form-reasons.ts places the API's reasons, form-choices.ts says what applies to the chosen agent.
// Pure, so that the browser and the tests use the same code.

import { describeParent } from '../agents/lineage';
import { missingTools } from './form-choices';
import type { ExperimentFormOptions, FormAgent } from './form-options';

// What the form offers lives in form-options.ts, which form-choices.ts reads without reading this.
export type { ExperimentFormOptions, FormAgent, FormEndpoint } from './form-options';

export const HISTORY_MODES = ['full', 'initial-only'] as const;
export const RESPONSE_PREFERENCES = ['tool_calls-first', 'content-first'] as const;
export const TOOL_PRESENTATIONS = ['native', 'system-prompt'] as const;

export type VariantSettingsDraft = {
  /** auto | required | none | a tool's name */
  toolChoice: string;
  temperature: string;
  maxTokens: string;
  historyMode: (typeof HISTORY_MODES)[number];
  responsePreference: (typeof RESPONSE_PREFERENCES)[number];
  forceSubmitOnLastTurn: boolean;
  toolPresentation: (typeof TOOL_PRESENTATIONS)[number];
  /** Ask for logprobs (the tool-name confidence comes from them), with this many alternatives per token. */
  logprobs: boolean;
};

/**
 * `source`: where the prompt came from: "agent", "saved:<id>", or "edited" once typed in.
 * `nodeContext`: a saved variant's own node_context template (kept when its prompt is edited), or
 * null for the agent's.
 */
export type VariantDraft = {
  key: number;
  name: string;
  source: string;
  systemPrompt: string;
  nodeContext: string | null;
  settings: VariantSettingsDraft;
  /**
   * A model A/B: where this variant's requests go: '' (the experiment's endpoint), `saved:NAME` (a
   * saved endpoint's base URL) or `url` (the base URL typed in `baseUrl`); the model it names ('' for
   * the endpoint's) and its declared family ('' for none: recognised from the text).
   */
  server?: string;
  baseUrl?: string;
  model?: string;
  family?: string;
};

export const SAVED_SERVER = 'saved:';
export const URL_SERVER = 'url';

export type ExperimentDraft = {
  agent: string;
  variants: VariantDraft[];
  /** An endpoint's name. */
  endpoint: string;
  /** "agent" (its default inputs) or "dataset:<id>". */
  inputSource: string;
  requestsPerVariant: string;
  concurrency: string;
  maxTurns: string;
  /** '' (every comparison exploratory) or a compared metric. */
  primaryMetric?: string;
  stopEarly?: boolean;
  /** Percentage points as typed: the difference to tell (the form shows 5 until changed), and the no-worse margin. */
  plannedDifference?: string;
  noWorseMargin?: string;
  /** The experiment's own task-success script (Python) and its name; empty: none. */
  customCheckName?: string;
  customCheckSource?: string;
  /**
   * Folders (besides the agent's own) whose files the inputs may name, one a line, relative to the
   * panel's project: the API's inputRoots. Dot files, node_modules, data/ and the database stay refused.
   */
  inputRoots?: string;
  /**
   * "Run without a sandbox": where the server has none, run model-written code anyway, with the
   * server user's rights.
   */
  unsafeNoSandbox?: boolean;
  /** How a dataset run scores first responses: lenient (the default) or bfcl (BFCL's AST checker). */
  scoring?: 'lenient' | 'bfcl';
};

export const DEFAULT_SETTINGS: VariantSettingsDraft = {
  toolChoice: 'auto',
  temperature: '0',
  maxTokens: '',
  historyMode: 'full',
  responsePreference: 'tool_calls-first',
  forceSubmitOnLastTurn: false,
  toolPresentation: 'native',
  logprobs: false,
};

/** Alternatives per token asked with logprobs: enough to show the runner-up tool names. */
export const TOP_LOGPROBS = 5;

export const AGENT_SOURCE = 'agent';
export const EDITED_SOURCE = 'edited';

export type PromptSource = { value: string; label: string; systemPrompt: string; nodeContext: string | null };

/** The prompts a variant can start from: the agent's own, then each saved variant's latest version. */
export function promptSources(agent: FormAgent | undefined): PromptSource[] {
  if (!agent) return [];
  return [
    {
      value: AGENT_SOURCE,
      label: `${agent.name}'s system prompt`,
      systemPrompt: agent.systemPrompt,
      nodeContext: null,
    },
    ...agent.savedVariants.map((variant) => {
      const parent = variant.origin ? ` (${describeParent(variant.name, variant.origin)})` : '';
      return {
        value: `saved:${variant.id}`,
        label: `saved: ${variant.name} v${variant.version}${parent}`,
        systemPrompt: variant.systemPrompt,
        nodeContext: variant.nodeContext,
      };
    }),
  ];
}

export function newVariant(
  key: number,
  name: string,
  agent: FormAgent | undefined,
  settings: VariantSettingsDraft = DEFAULT_SETTINGS,
): VariantDraft {
  return {
    key,
    name,
    source: AGENT_SOURCE,
    systemPrompt: agent?.systemPrompt ?? '',
    nodeContext: null,
    settings: { ...settings },
  };
}

/** A variant name not used yet: "variant-c", "variant-d"... */
export function nextVariantName(taken: string[]): string {
  for (let index = 0; ; index++) {
    const letters =
      index < 26
        ? String.fromCharCode(97 + index)
        : `${String.fromCharCode(97 + (index % 26))}${Math.floor(index / 26)}`;
    const name = `variant-${letters}`;
    if (!taken.includes(name)) return name;
  }
}

export type DraftQuery = { agent?: string | string[]; variant?: string | string[]; dataset?: string | string[] };

const list = (value: string | string[] | undefined) =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((entry) => entry.trim() !== '');

/**
 * The form's first state: the agent the page was asked for (or the first), a baseline on its own
 * prompt, and each saved variant the query names (by name or id), or a second copy of the prompt
 * to edit. Notices say what the query asked for that does not exist.
 */
export function initialDraft(
  options: ExperimentFormOptions,
  query: DraftQuery = {},
): { draft: ExperimentDraft; notices: string[] } {
  const notices: string[] = [];
  const [askedAgent] = list(query.agent);
  let agent = options.agents[0];
  if (askedAgent !== undefined) {
    const found = options.agents.find((candidate) => candidate.name === askedAgent);
    if (found) agent = found;
    else
      notices.push(
        options.invalidAgents.includes(askedAgent)
          ? `Agent "${askedAgent}" cannot run: its definition has problems.`
          : `There is no agent named "${askedAgent}".`,
      );
  }
  const variants: VariantDraft[] = [newVariant(1, 'baseline', agent)];
  for (const asked of list(query.variant)) {
    const saved =
      agent?.savedVariants.find((variant) => variant.id === asked) ??
      agent?.savedVariants.find((variant) => variant.name === asked);
    if (!saved) {
      notices.push(`Agent "${agent?.name ?? askedAgent}" has no saved prompt variant "${asked}".`);
      continue;
    }
    const taken = variants.map((variant) => variant.name);
    variants.push({
      ...newVariant(
        variants.length + 1,
        taken.includes(saved.name) ? `${saved.name}-v${saved.version}` : saved.name,
        agent,
      ),
      source: `saved:${saved.id}`,
      systemPrompt: saved.systemPrompt,
      nodeContext: saved.nodeContext,
    });
  }
  if (variants.length === 1) variants.push(newVariant(2, 'variant-b', agent));

  let inputSource = AGENT_SOURCE;
  let requestsPerVariant = '20';
  const [askedDataset] = list(query.dataset);
  if (askedDataset !== undefined) {
    const dataset =
      options.datasets.find((candidate) => candidate.id === askedDataset) ??
      options.datasets.find((candidate) => candidate.name === askedDataset);
    const missing = dataset ? missingTools(dataset, agent) : [];
    if (dataset && missing.length > 0)
      notices.push(
        `Dataset "${dataset.name}" expects tools agent "${agent?.name}" does not have (${missing.join(', ')}); ` +
          "the agent's own inputs are used.",
      );
    else if (dataset) {
      inputSource = `dataset:${dataset.id}`;
      requestsPerVariant = String(dataset.caseCount);
    } else notices.push(`There is no dataset "${askedDataset}".`);
  }
  const endpoint = options.endpoints.find((candidate) => candidate.builtIn)?.name ?? options.endpoints[0]?.name ?? '';
  return {
    draft: {
      agent: agent?.name ?? '',
      variants,
      endpoint,
      inputSource,
      requestsPerVariant,
      concurrency: '4',
      maxTurns: '',
    },
    notices,
  };
}
