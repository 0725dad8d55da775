// A new-experiment draft as the body of POST /api/experiments: numbers read from the fields (each
// field that needs one and has none gets its error), the endpoint, inputs and plan as the API says.
// Pure, shared by the browser and the tests.
import {
  SAVED_SERVER,
  TOP_LOGPROBS,
  URL_SERVER,
  type ExperimentDraft,
  type ExperimentFormOptions,
  type VariantDraft,
} from './form-drafts';

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

/** Percentage points as typed, in rate units (5 -> 0.05); empty: none. */
function optionalPoints(text: string, field: string, errors: FieldErrors): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) {
    (errors[field] ??= []).push(`must be percentage points, not "${trimmed}"`);
    return undefined;
  }
  return value / 100;
}

/**
 * A variant's own server and model: a saved endpoint by name (its model unless another is named), a
 * typed base URL with the model it needs, or only another model on the experiment's endpoint.
 */
function variantServer(
  variant: VariantDraft,
  index: number,
  options: ExperimentFormOptions,
  errors: FieldErrors,
): { baseUrl?: string; endpoint?: { name: string }; model?: string } {
  const model = (variant.model ?? '').trim();
  const server = variant.server ?? '';
  if (server.startsWith(SAVED_SERVER)) {
    const name = server.slice(SAVED_SERVER.length);
    const saved = options.endpoints.find((candidate) => candidate.name === name && !candidate.builtIn);
    if (!saved) {
      (errors[`variants.${index}.server`] ??= []).push(`names no saved endpoint "${name}"`);
      return {};
    }
    // By name, so the API resolves it whole: its key variable, timeouts and prices with its URL and model.
    return { endpoint: { name }, ...(model ? { model } : {}) };
  }
  if (server === URL_SERVER) {
    const baseUrl = (variant.baseUrl ?? '').trim();
    if (baseUrl === '') (errors[`variants.${index}.baseUrl`] ??= []).push('is required');
    if (model === '') (errors[`variants.${index}.model`] ??= []).push('is required with a base URL');
    return { ...(baseUrl ? { baseUrl } : {}), ...(model ? { model } : {}) };
  }
  return model ? { model } : {};
}

/** The difference the form shows until the person changes it. */
export const FORM_PLANNED_POINTS = '5';

/** The folders typed one a line (commas also part them); none typed: the API's default, the agent's folder alone. */
function inputRootsOf(text: string | undefined): { inputRoots?: string[] } {
  const roots = (text ?? '')
    .split(/[\n,]/)
    .map((root) => root.trim())
    .filter(Boolean);
  return roots.length > 0 ? { inputRoots: roots } : {};
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
      ...variantServer(variant, index, options, errors),
      settings: {
        toolChoice: variant.settings.toolChoice,
        temperature: decimal(variant.settings.temperature, `${where}.temperature`, errors),
        ...(maxTokens === undefined ? {} : { maxTokens }),
        historyMode: variant.settings.historyMode,
        responsePreference: variant.settings.responsePreference,
        forceSubmitOnLastTurn: variant.settings.forceSubmitOnLastTurn,
        toolPresentation: variant.settings.toolPresentation,
        ...(variant.settings.logprobs ? { logprobs: true, topLogprobs: TOP_LOGPROBS } : {}),
        ...(variant.family ? { family: variant.family } : {}),
      },
    };
  });
  const maxTurns = wholeNumber(draft.maxTurns, 'maxTurns', errors, false);
  const planned = optionalPoints(draft.plannedDifference ?? FORM_PLANNED_POINTS, 'plannedDifference', errors);
  const margin = optionalPoints(draft.noWorseMargin ?? '', 'noWorseMargin', errors);
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
    ...(planned === undefined ? {} : { plannedDifference: planned }),
    ...(margin === undefined ? {} : { noWorseMargin: margin }),
    ...(draft.unsafeNoSandbox ? { unsafeNoSandbox: true } : {}),
    ...inputRootsOf(draft.inputRoots),
    ...(draft.customCheckSource?.trim()
      ? {
          customCheck: {
            name: draft.customCheckName?.trim() || 'custom',
            language: 'python',
            source: draft.customCheckSource,
          },
        }
      : {}),
  };
  return { body, errors };
}
