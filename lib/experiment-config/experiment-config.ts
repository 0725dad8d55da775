import { z } from 'zod';
import { COMPARED_METRICS } from '../metrics/types';
import { isRecord } from '../protocol/records';
import { ConversationVariables } from '../protocol/conversation';
import { RunnerSettingsInput } from '../runner/settings';
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { DatasetRun, SCORING_MODES } from '../datasets/experiment-cases';
import { Expectation } from '../protocol/expectation';
import { EMBEDDED_BASE_URL, EngineSettings } from '../embedded/settings';
import { ExperimentSandbox } from '../tools/sandbox/experiment-sandbox';
import { InputFiles } from '../tools/input-files';
import { LIMITS } from '../protocol/limits';
import { CustomCheckConfig } from '../task-success/custom-check';

export const ConversationInputSchema = ConversationVariables.extend({
  node_line: z.number().int().positive().nullable().optional(),
  // A dataset case's conversation so far and own tools (see lib/datasets/to-input.ts).
  messages: z
    .array(
      z.custom<ChatMessage>(
        (value) => isRecord(value) && typeof (value as { role?: unknown }).role === 'string',
        'a chat message',
      ),
    )
    .optional(),
  tools: z
    .array(
      z.custom<ToolSpec>(
        (value) => isRecord(value) && isRecord((value as { function?: unknown }).function),
        'a tool spec',
      ),
    )
    .optional(),
  knowledge: z.record(z.string(), z.unknown()).optional(),
  /** The call the model should make first (the dataset case model's `expect`): it judges task success. */
  expect: Expectation.optional(),
  /**
   * Calls run (in order, results not used) in the conversation's workspace before its first request:
   * a replay brings the workspace to where the original was at the turn it starts from (lib/replay).
   */
  setupCalls: z
    .array(
      z.object({
        name: z.string(),
        arguments: z.record(z.string(), z.unknown()),
        outcome: z.enum(['success', 'partial', 'error']).optional(),
      }),
    )
    .optional(),
});

/** Where an experiment came from, when it was made from another one (lib/replay). */
export const ExperimentOrigin = z.discriminatedUnion('kind', [
  /** A conversation re-run from one of its turns, the history before that turn kept as it was. */
  z.object({
    kind: z.literal('replay'),
    experimentId: z.string(),
    conversationId: z.string(),
    fromTurn: z.number().int().positive(),
  }),
  /** The inputs that failed in an experiment, run again with another variant. */
  z.object({
    kind: z.literal('rerun-failed'),
    experimentId: z.string(),
    inputIndexes: z.array(z.number().int().nonnegative()),
  }),
]);
export type ExperimentOrigin = z.infer<typeof ExperimentOrigin>;

const timeoutMs = z.number().int().min(1).max(86_400_000).optional();
/** One request's timeouts in ms (lib/runner/request-timeouts.ts); the defaults for what is absent. */
export const RequestTimeoutsSchema = z.strictObject({ firstByteMs: timeoutMs, idleMs: timeoutMs, totalMs: timeoutMs });
const pricePerMillion = z.number().min(0).max(1_000_000);
/** What a million prompt (input) and completion (output) tokens cost, in whatever currency the user counts in. */
export const TokenPricesSchema = z.strictObject({ input: pricePerMillion, output: pricePerMillion });
export type TokenPrices = z.infer<typeof TokenPricesSchema>;

const environmentVariable = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name');

/** A variant: a prompt and/or settings. Missing prompts fall back to the agent's own. */
export const VariantConfig = z.object({
  name: z.string().min(1).max(LIMITS.variantNameLength.max),
  /** The model or LoRA adapter this variant's requests name (base model against adapter is an A/B test). */
  model: z.string().min(1).optional(),
  /** This variant's own server (another model on another engine); the experiment's endpoint otherwise. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The saved endpoint baseUrl came from, with its settings copied when the experiment started (as the
   * experiment's endpoint copies its own): the key's variable NAME, timeouts and prices. A variant
   * with a typed baseUrl has none of these and shares the experiment's key and timeouts.
   */
  endpointName: z.string().min(1).optional(),
  apiKeyEnv: environmentVariable.optional(),
  requestTimeouts: RequestTimeoutsSchema.optional(),
  pricePerMillionTokens: TokenPricesSchema.optional(),
  systemPrompt: z.string().optional(),
  nodeContext: z.string().optional(),
  settings: RunnerSettingsInput.omit({ model: true }).partial().default({}),
});
export type VariantConfig = z.infer<typeof VariantConfig>;

export const EndpointConfig = z
  .object({
    /** `http`: an OpenAI-compatible server at baseUrl. `embedded`: a GGUF model run in process (lib/embedded). */
    kind: z.enum(['http', 'embedded']).default('http'),
    /** An embedded endpoint keeps the placeholder EMBEDDED_BASE_URL. */
    baseUrl: z.url({ protocol: /^https?$/ }).default(EMBEDDED_BASE_URL),
    model: z.string().min(1),
    /** The NAME of the environment variable that holds the API key; the key itself is never stored. */
    apiKeyEnv: environmentVariable.optional(),
    simulated: z.boolean().default(false),
    /** Embedded: the GGUF file, unless the agent or the variant names its own (a `model` ending in .gguf). */
    ggufPath: z.string().min(1).optional(),
    /** Embedded: engine settings, used when this process first loads the file. */
    engine: EngineSettings.optional(),
    /** More base URLs serving the same model; requests go to the one with the fewest outstanding. */
    replicas: z.array(z.url({ protocol: /^https?$/ })).optional(),
    /** Bytes one answer may have (as sent and decompressed); LIMITS.responseBytes.default when absent. */
    maxResponseBytes: z.number().int().min(LIMITS.responseBytes.min).max(LIMITS.responseBytes.max).optional(),
    /** Ms to the first byte, between chunks, in all (lib/runner/request-timeouts.ts); defaults for what is absent. */
    requestTimeouts: RequestTimeoutsSchema.optional(),
    /** The saved endpoint's token prices when the experiment started, for its cost per variant. */
    pricePerMillionTokens: TokenPricesSchema.optional(),
  })
  .superRefine((endpoint, context) => {
    const placeholder = endpoint.baseUrl === EMBEDDED_BASE_URL;
    if (endpoint.kind === 'http' && placeholder)
      context.addIssue({ code: 'custom', path: ['baseUrl'], message: 'is required for an http endpoint' });
    if (endpoint.kind === 'embedded' && !placeholder)
      context.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message: 'an embedded endpoint has no baseUrl (the model runs in process)',
      });
    if (endpoint.kind === 'embedded' && endpoint.replicas?.length)
      context.addIssue({ code: 'custom', path: ['replicas'], message: 'replicas go with an http endpoint' });
    if (endpoint.kind === 'http' && (endpoint.ggufPath !== undefined || endpoint.engine !== undefined)) {
      context.addIssue({ code: 'custom', path: ['kind'], message: 'ggufPath and engine only go with kind "embedded"' });
    }
  });
export type EndpointConfig = z.infer<typeof EndpointConfig>;

export const StoredCases = z.object({
  /** The dataset the cases were copied from, and its name then. */
  datasetId: z.string().min(1),
  name: z.string(),
  count: z.number().int().min(1),
  /** Which kinds of expectation the cases hold (accuracy is reported for these). */
  kinds: z.array(z.enum(['call', 'no_call'])),
  /** How first responses are scored, as DatasetRun.scoring (absent: lenient). */
  scoring: z.enum(SCORING_MODES).optional(),
});
export type StoredCases = z.infer<typeof StoredCases>;

/**
 * The settings' fields without the checks across them: readers that need a part of the stored
 * settings (`.pick`) take it from here, so that every reading is this one schema's.
 */
export const ExperimentConfigFields = z.object({
  agent: z.string().min(1),
  variants: z.array(VariantConfig).min(LIMITS.variants.min).max(LIMITS.variants.max),
  endpoint: EndpointConfig,
  /** The inputs, in the config itself; empty when `storedCases` says where they are. */
  inputs: z.array(ConversationInputSchema),
  requestsPerVariant: z.number().int().min(LIMITS.requestsPerVariant.min).max(LIMITS.requestsPerVariant.max),
  concurrency: z
    .number()
    .int()
    .min(LIMITS.concurrency.min)
    .max(LIMITS.concurrency.max)
    .default(LIMITS.concurrency.default),
  /** Set when the inputs are a dataset's cases: `dataset.cases[i]` is `inputs[i]`. */
  dataset: DatasetRun.optional(),
  /** How its tools are confined (lib/tools/sandbox): recorded when it is created. */
  sandbox: ExperimentSandbox.optional(),
  /**
   * The folders its inputs' files may lie under, and the folder relative paths start from (lib/tools/input-files.ts).
   */
  inputFiles: InputFiles.optional(),
  /**
   * Instead of `inputs` and `dataset`: the inputs are this stored dataset's cases, copied into the
   * experiment's own table (experiment_cases) when it is created and read back in pages as it runs.
   */
  storedCases: StoredCases.optional(),
  /** The experiment (and conversation) this one was made from, when it was. */
  origin: ExperimentOrigin.optional(),
  /** The metric chosen before the run to decide it; the other comparisons are exploratory. */
  primaryMetric: z.enum(COMPARED_METRICS).optional(),
  /**
   * Stop once every chosen comparison (the primary metric's, else the rates') is decided by the
   * live anytime-valid verdict; requestsPerVariant stays the cap.
   */
  stopEarly: z.boolean().optional(),
  /** The difference (rate units) the person wants to be able to tell: what "more inputs" speaks of. */
  plannedDifference: z.number().gt(0).max(1).optional(),
  /** Non-inferiority margin (rate units): each rate comparison says whether B is no worse than A by it. */
  noWorseMargin: z.number().gt(0).max(1).optional(),
  /** A task-success script of this experiment's own, judged beside the agent's check. */
  customCheck: CustomCheckConfig.optional(),
});

export const ExperimentConfig = ExperimentConfigFields.superRefine((config, context) => {
  if (config.storedCases && (config.inputs.length > 0 || config.dataset)) {
    context.addIssue({
      code: 'custom',
      path: ['storedCases'],
      message: 'an experiment takes its inputs either from `inputs` or from `storedCases`, not both',
    });
  }
  if (!config.storedCases && config.inputs.length === 0)
    context.addIssue({
      code: 'too_small',
      origin: 'array',
      minimum: 1,
      inclusive: true,
      path: ['inputs'],
      message: 'at least one input is needed',
    });
  if (config.dataset && config.dataset.cases.length !== config.inputs.length) {
    context.addIssue({
      code: 'custom',
      path: ['dataset', 'cases'],
      message: `the dataset has ${config.dataset.cases.length} cases for ${config.inputs.length} inputs`,
    });
  }
  const seen = new Set<string>();
  for (const variant of config.variants) {
    if (seen.has(variant.name))
      context.addIssue({
        code: 'custom',
        path: ['variants'],
        message: `variant name "${variant.name}" is used twice`,
      });
    seen.add(variant.name);
  }
});
export type ExperimentConfig = z.infer<typeof ExperimentConfig>;
export type ExperimentConfigInput = z.input<typeof ExperimentConfig>;
