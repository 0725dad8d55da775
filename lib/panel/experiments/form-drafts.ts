// The new-experiment form's state and how it becomes a POST /api/experiments body: the first
// draft (from the agent, its saved prompt variants and the page's ?agent=&variant=&dataset=), the
// request built from it, and the API's reasons placed next to the fields they name. Pure, so that
// the browser and the tests use the same code.

import { describeParent } from '../agents/lineage';

/** A saved prompt variant's latest version; a null nodeContext means the agent's own template. */
export type FormSavedVariant = {
  id: string;
  name: string;
  version: number;
  systemPrompt: string;
  nodeContext: string | null;
  /** The version it was forked from ("from v2 of baseline"), when it was. */
  origin?: { name: string; version: number } | null;
};
/** `runsModelCode`: its tools run code the model wrote (the test agent's pytest), so it needs a sandbox or the user's opt-in. */
export type FormAgent = {
  name: string;
  systemPrompt: string;
  tools: string[];
  inputCount: number;
  maxTurns: number | null;
  savedVariants: FormSavedVariant[];
  runsModelCode?: boolean;
};
export type FormEndpoint = { name: string; model: string; builtIn: boolean; baseUrl: string };
export type FormDataset = { id: string; name: string; caseCount: number };
/** How the server confines tools (lib/tools/sandbox): bubblewrap, or none with the reason. */
export type FormSandbox = { confinement: 'bubblewrap' | 'none'; reason: string | null };
export type ExperimentFormOptions = {
  agents: FormAgent[];
  invalidAgents: string[];
  endpoints: FormEndpoint[];
  datasets: FormDataset[];
  sandbox?: FormSandbox;
};

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
};

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
  /** "Run without a sandbox": where the server has none, run model-written code anyway, with the server user's rights. */
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
    ...agent.savedVariants.map((variant) => ({
      value: `saved:${variant.id}`,
      label: `saved: ${variant.name} v${variant.version}${variant.origin ? ` (${describeParent(variant.name, variant.origin)})` : ''}`,
      systemPrompt: variant.systemPrompt,
      nodeContext: variant.nodeContext,
    })),
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
    if (dataset) {
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

export type FieldErrors = Record<string, string[]>;

function wholeNumber(text: string, field: string, errors: FieldErrors, required: boolean): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') {
    if (required) (errors[field] ??= []).push('is required');
    return undefined;
  }
  if (!/^-?\d+$/.test(trimmed)) {
    (errors[field] ??= []).push(`must be a whole number, not "${trimmed}"`);
    return undefined;
  }
  return Number(trimmed);
}

function decimal(text: string, field: string, errors: FieldErrors): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') {
    (errors[field] ??= []).push('is required');
    return undefined;
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    (errors[field] ??= []).push(`must be a number, not "${trimmed}"`);
    return undefined;
  }
  return value;
}

/**
 * The request body, or the fields whose text is not a number at all (ranges and the rest are the
 * API's to judge, so that the form and the API never disagree).
 */
export function requestBodyOf(
  draft: ExperimentDraft,
  options: ExperimentFormOptions,
): { body: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const endpoint = options.endpoints.find((candidate) => candidate.name === draft.endpoint);
  const variants = draft.variants.map((variant, index) => {
    const where = `variants.${index}.settings`;
    const maxTokens = wholeNumber(variant.settings.maxTokens, `${where}.maxTokens`, errors, false);
    return {
      name: variant.name.trim(),
      systemPrompt: variant.systemPrompt,
      ...(variant.nodeContext === null ? {} : { nodeContext: variant.nodeContext }),
      settings: {
        toolChoice: variant.settings.toolChoice,
        temperature: decimal(variant.settings.temperature, `${where}.temperature`, errors),
        ...(maxTokens === undefined ? {} : { maxTokens }),
        historyMode: variant.settings.historyMode,
        responsePreference: variant.settings.responsePreference,
        forceSubmitOnLastTurn: variant.settings.forceSubmitOnLastTurn,
        toolPresentation: variant.settings.toolPresentation,
        ...(variant.settings.logprobs ? { logprobs: true, topLogprobs: TOP_LOGPROBS } : {}),
      },
    };
  });
  const maxTurns = wholeNumber(draft.maxTurns, 'maxTurns', errors, false);
  const dataset = draft.inputSource.startsWith('dataset:') ? draft.inputSource.slice('dataset:'.length) : undefined;
  const body: Record<string, unknown> = {
    agent: draft.agent,
    variants,
    endpoint: !endpoint || endpoint.builtIn ? { kind: 'simulated' } : { name: endpoint.name },
    requestsPerVariant: wholeNumber(draft.requestsPerVariant, 'requestsPerVariant', errors, true),
    concurrency: wholeNumber(draft.concurrency, 'concurrency', errors, true),
    ...(maxTurns === undefined ? {} : { maxTurns }),
    ...(dataset === undefined ? {} : { dataset }),
    // Scoring belongs to a dataset run; lenient is what the API assumes without it.
    ...(dataset !== undefined && draft.scoring === 'bfcl' ? { scoring: 'bfcl' } : {}),
    ...(draft.primaryMetric ? { primaryMetric: draft.primaryMetric } : {}),
    ...(draft.stopEarly ? { stopEarly: true } : {}),
    ...(draft.unsafeNoSandbox ? { unsafeNoSandbox: true } : {}),
  };
  return { body, errors };
}

/** The form field an API reason is about (its path before ": "), or null for the form as a whole. */
export function fieldOfPath(path: string): string | null {
  const variant = /^variants\.(\d+)(?:\.(name|systemPrompt|settings\.\w+))?/.exec(path);
  if (variant) return `variants.${variant[1]}.${variant[2] ?? 'name'}`;
  if (path === 'variants') return 'variants';
  if (/^endpoint\b/.test(path)) return 'endpoint';
  if (/^(dataset|inputs|scoring)\b/.test(path)) return 'inputs';
  const plain = /^(agent|requestsPerVariant|concurrency|maxTurns)\b/.exec(path);
  return plain ? plain[1] : null;
}

/** The API's reasons ("path: message"), by field; those about no field go to `general`. */
export function placeReasons(reasons: string[]): { fields: FieldErrors; general: string[] } {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const reason of reasons) {
    const separator = reason.indexOf(': ');
    const field = separator > 0 ? fieldOfPath(reason.slice(0, separator)) : null;
    if (field === null) general.push(reason);
    else (fields[field] ??= []).push(reason.slice(separator + 2));
  }
  return { fields, general };
}

/** The API names fields as its JSON does; people read the form's labels. */
const FIELD_LABELS: [RegExp, string][] = [
  [/^requestsPerVariant\b/, 'Conversations per variant'],
  [/^concurrency\b/, 'Concurrency'],
  [/^maxTurns\b/, 'Max turns'],
  [/^temperature\b/, 'Temperature'],
  [/^maxTokens\b/, 'Max tokens'],
  [/^toolChoice\b/, 'Tool choice'],
  [/^variants\.(\d+)\.settings\.temperature\b/, 'Variant $1 temperature'],
  [/^variants\.(\d+)\.settings\.maxTokens\b/, 'Variant $1 max tokens'],
  [/^variants\.(\d+)\.settings\.toolChoice\b/, 'Variant $1 tool choice'],
  [/^variants\.(\d+)\.settings\.(\w+)\b/, 'Variant $1 $2'],
  [/^variants\.(\d+)\.name\b/, 'Variant $1 name'],
  [/^variants\.(\d+)\.systemPrompt\b/, 'Variant $1 prompt'],
  [/^variants\b/, 'Variants'],
  [/^endpoint(\.\w+)?\b/, 'Endpoint'],
  [/^(dataset|inputs)\b/, 'Inputs'],
  [/^scoring\b/, 'Scoring'],
  [/^agent\b/, 'Agent'],
];

/** "variants.1.name: ..." -> "Variant 2 name: ...". */
export function readableReason(reason: string): string {
  for (const [pattern, label] of FIELD_LABELS) {
    const match = pattern.exec(reason);
    if (match) {
      const name = label
        .replace('$1', match[1] === undefined ? '' : String(Number(match[1]) + 1))
        .replace('$2', match[2] ?? '');
      return `${name}${reason.slice(match[0].length)}`;
    }
  }
  return reason;
}

/**
 * What the form says about the sandbox for the chosen agent: nothing to choose where bubblewrap
 * confines the tools; where it does not, a warning, and for an agent that runs model-written code
 * the "Run without a sandbox" checkbox the server requires before it runs that code unconfined.
 */
export function sandboxNotice(
  options: ExperimentFormOptions,
  agent: FormAgent | undefined,
): { status: string; warning: string | null; needsOptIn: boolean } {
  const sandbox = options.sandbox ?? { confinement: 'bubblewrap', reason: null };
  if (sandbox.confinement === 'bubblewrap')
    return {
      status:
        'Tools run in a bubblewrap sandbox: no network, only their workspace writable, none of the server’s secrets.',
      warning: null,
      needsOptIn: false,
    };
  const status = `No sandbox on this server (${sandbox.reason ?? 'bubblewrap is not available'}).`;
  if (!agent?.runsModelCode) return { status, warning: null, needsOptIn: false };
  return {
    status,
    warning: `The agent “${agent.name}” runs code the model writes. Without a sandbox that code runs with the rights of the user running the panel: it can read and change your files, use your network and see the server’s environment. Install bubblewrap instead if you can.`,
    needsOptIn: true,
  };
}
