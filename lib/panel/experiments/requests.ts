// The API's request bodies and queries (spec: "HTTP API of the control panel"). Unknown keys are
// refused, so that a misspelt setting is a 400 with its reason rather than silently ignored.
import { z } from 'zod';
import { LIMITS } from '../../protocol/limits';
import { COMPARED_METRICS } from '../../metrics/types';
import { SCORING_MODES } from '../../datasets/experiment-cases';
import { ALL_PARSE_PATHS } from '../../parsing/types';
import { VERDICT_FILTERS } from '../../db/queries/search-types';
import { OUTCOMES, type Outcome } from '../../runner/types';
import { EXPERIMENT_STATUSES } from '../../db/queries/experiments';
import { RunnerSettingsInput, Temperature } from '../../runner/settings';
import {
  ConversationInputSchema,
  RequestTimeoutsSchema,
  TokenPricesSchema,
} from '../../experiment-config/experiment-config';
import { wholeNumberIn } from '../../protocol/plain-issues';
import { CustomCheckConfig } from '../../task-success/custom-check';

const environmentVariableName = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]{0,63}$/, 'must be the NAME of an environment variable (like OPENAI_API_KEY), not a key');

/** auto | required | none | the name of one of the agent's tools. */
const ToolChoiceRequest = z.string().trim().min(1);

const runnerSetting = RunnerSettingsInput.shape;

/**
 * Settings a variant may set besides its prompt. None has a default here (the runner's defaults
 * apply later), so that the experiment's toolChoice, temperature and maxTokens reach every
 * variant that does not set its own.
 */
export const VariantSettingsRequest = z
  .object({
    toolChoice: ToolChoiceRequest.optional(),
    temperature: runnerSetting.temperature.unwrap().optional(),
    maxTokens: runnerSetting.maxTokens,
    topP: runnerSetting.topP,
    topK: runnerSetting.topK,
    responsePreference: runnerSetting.responsePreference.unwrap().optional(),
    historyMode: runnerSetting.historyMode.unwrap().optional(),
    forceSubmitOnLastTurn: runnerSetting.forceSubmitOnLastTurn.unwrap().optional(),
    toolPresentation: runnerSetting.toolPresentation.unwrap().optional(),
    includeKnowledge: runnerSetting.includeKnowledge.unwrap().optional(),
    /** Ask for logprobs: raw output, tool-name confidence and lost values are stored (issue "Serving for real"). */
    logprobs: runnerSetting.logprobs,
    topLogprobs: runnerSetting.topLogprobs,
    stream: runnerSetting.stream,
    /** The variant's model family, whose native call text is read first (lib/families). */
    family: runnerSetting.family,
  })
  .strict();

export const VariantRequest = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.variantNameLength.max),
    /** Missing: the agent's own system prompt. */
    systemPrompt: z.string().max(LIMITS.promptLength.max).optional(),
    nodeContext: z.string().max(LIMITS.promptLength.max).optional(),
    /** A model A/B: this variant's own server and model (the experiment's endpoint otherwise). */
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    /** Or a saved endpoint, resolved as the experiment's is: its URL, model, key variable, timeouts and prices. */
    endpoint: z.strictObject({ name: z.string().trim().min(1) }).optional(),
    model: z.string().trim().min(1).optional(),
    settings: VariantSettingsRequest.optional(),
  })
  .strict()
  .refine((variant) => variant.baseUrl === undefined || variant.endpoint === undefined, {
    path: ['endpoint'],
    message: 'give the variant a base URL or a saved endpoint, not both',
  });

/**
 * Which server to call: a URL and model as in the spec, a saved endpoint by name, or the built-in
 * simulator (`{kind: "simulated"}`). Exactly one of the three.
 */
export const EndpointRequest = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    model: z.string().trim().min(1).optional(),
    apiKeyEnv: environmentVariableName.optional(),
    name: z.string().trim().min(1).optional(),
    kind: z.literal('simulated').optional(),
    /** Bytes one answer may have, as sent and decompressed (the command line's --max-response-bytes). */
    maxResponseBytes: z.number().int().min(LIMITS.responseBytes.min).max(LIMITS.responseBytes.max).optional(),
    /** One request's first-byte, idle and total timeouts in ms (the command line's --request-timeout). */
    requestTimeouts: RequestTimeoutsSchema.optional(),
  })
  .strict()
  .superRefine((endpoint, context) => {
    const ways = [endpoint.baseUrl !== undefined, endpoint.name !== undefined, endpoint.kind !== undefined].filter(
      Boolean,
    ).length;
    if (ways !== 1) {
      context.addIssue({
        code: 'custom',
        message: 'give exactly one of {baseUrl, model}, {name} (a saved endpoint) or {kind: "simulated"}',
      });
      return;
    }
    if (endpoint.baseUrl !== undefined && endpoint.model === undefined)
      context.addIssue({ code: 'custom', path: ['model'], message: 'the model name is required with baseUrl' });
    if (endpoint.baseUrl === undefined && endpoint.apiKeyEnv !== undefined)
      context.addIssue({ code: 'custom', path: ['apiKeyEnv'], message: 'only goes with baseUrl' });
  });
export type EndpointRequest = z.infer<typeof EndpointRequest>;

export const CreateExperimentRequest = z
  .object({
    agent: z.string().trim().min(1),
    variants: z
      .array(VariantRequest)
      .min(LIMITS.variants.min)
      .max(LIMITS.variants.max)
      .superRefine((variants, context) => {
        const seen = new Set<string>();
        variants.forEach((variant, index) => {
          if (seen.has(variant.name))
            context.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `variant name "${variant.name}" is used twice`,
            });
          seen.add(variant.name);
        });
      }),
    endpoint: EndpointRequest,
    requestsPerVariant: wholeNumberIn(LIMITS.requestsPerVariant),
    // The panel shares its machine with the person using it: a lower default than the command line's.
    concurrency: wholeNumberIn(LIMITS.concurrency).default(4),
    toolChoice: ToolChoiceRequest.default('auto'),
    temperature: Temperature.default(0),
    maxTokens: z.number().int().min(LIMITS.maxTokens.min).max(LIMITS.maxTokens.max).optional(),
    /** Missing: the agent's default inputs. */
    inputs: z.array(ConversationInputSchema).min(1).max(10_000).optional(),
    /**
     * A stored dataset (id or name) whose cases are the inputs, scored against what they expect;
     * instead of `inputs`.
     */
    dataset: z.string().trim().min(1).max(LIMITS.idLength.max).optional(),
    /**
     * Folders (relative to the project, or absolute) whose files the inputs or dataset cases may name,
     * besides the agent's folder: the command line's --input-root.
     */
    inputRoots: z.array(z.string().trim().min(1).max(4096)).max(20).optional(),
    /** With a dataset: how first responses are scored, lenient (default) or bfcl (BFCL's AST checker exactly). */
    scoring: z.enum(SCORING_MODES).optional(),
    /**
     * Model calls per conversation; missing: the agent's max_turns, or 1 for a dataset (only the
     * first response is scored).
     */
    maxTurns: wholeNumberIn(LIMITS.maxTurns).optional(),
    /** The metric that decides; the other comparisons are exploratory. */
    primaryMetric: z.enum(COMPARED_METRICS).optional(),
    /** Stop once every chosen comparison is decided by the live, anytime-valid verdict. */
    stopEarly: z.boolean().optional(),
    /** The difference to tell and the no-worse (non-inferiority) margin, in rate units (0.05 = 5 points). */
    plannedDifference: z.number().gt(0).max(1).optional(),
    noWorseMargin: z.number().gt(0).max(1).optional(),
    /**
     * Where bubblewrap is missing, run model-written code (the test agent's pytest) anyway: the
     * form's "Run without a sandbox".
     */
    unsafeNoSandbox: z.boolean().default(false),
    /** A task-success script of the experiment's own, judged beside the agent's check. */
    customCheck: CustomCheckConfig.optional(),
  })
  .strict();
export type CreateExperimentRequest = z.infer<typeof CreateExperimentRequest>;

export const ConversationQuery = z
  .object({
    variant: z.string().min(1).optional(),
    parsePath: z.enum(ALL_PARSE_PATHS).optional(),
    outcome: z.enum(OUTCOMES as [Outcome, ...Outcome[]]).optional(),
    /** Words in the transcript (FTS5; not the system prompt). */
    q: z.string().trim().min(1).max(200).optional(),
    /** A tool error kind, or model_request_failed. */
    errorKind: z.string().trim().min(1).max(100).optional(),
    tool: z.string().trim().min(1).max(200).optional(),
    /** `VALUE` or `NAME=VALUE`: a call with an argument of this value. */
    argument: z.string().trim().min(1).max(200).optional(),
    verdict: z.enum(VERDICT_FILTERS).optional(),
    label: z.string().trim().min(1).max(100).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type ConversationQuery = z.infer<typeof ConversationQuery>;

export const ExperimentListQuery = z
  .object({
    agent: z.string().min(1).optional(),
    /** Part of the name, agent or id. */
    q: z.string().trim().min(1).max(200).optional(),
    tag: z.string().trim().min(1).max(200).optional(),
    status: z.enum(EXPERIMENT_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type ExperimentListQuery = z.infer<typeof ExperimentListQuery>;

export const CreateEndpointRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    kind: z
      .literal('openai', { message: 'only "openai" endpoints can be added (the simulator is built in)' })
      .default('openai'),
    baseUrl: z.url({ protocol: /^https?$/ }),
    model: z.string().trim().min(1),
    apiKeyEnv: environmentVariableName.nullable().optional(),
    /** One request's first-byte, idle and total timeouts in ms; a part not given: the runner's default. */
    requestTimeouts: RequestTimeoutsSchema.optional(),
    /** Prices per million input and output tokens, for the cost per variant; both or neither. */
    pricePerMillionTokens: TokenPricesSchema.nullable().optional(),
  })
  .strict();
export type CreateEndpointRequest = z.infer<typeof CreateEndpointRequest>;

/**
 * PATCH /api/endpoints/:id: the parts given change, the others stay. null clears the key variable,
 * the timeouts (all back to the runner's defaults; given, the three are replaced together) or the prices.
 */
export const UpdateEndpointRequest = z
  .strictObject({
    name: CreateEndpointRequest.shape.name.optional(),
    baseUrl: CreateEndpointRequest.shape.baseUrl.optional(),
    model: CreateEndpointRequest.shape.model.optional(),
    apiKeyEnv: CreateEndpointRequest.shape.apiKeyEnv,
    requestTimeouts: RequestTimeoutsSchema.nullable().optional(),
    pricePerMillionTokens: CreateEndpointRequest.shape.pricePerMillionTokens,
  })
  .refine((change) => Object.keys(change).length > 0, {
    message: 'give at least one of name, baseUrl, model, apiKeyEnv, requestTimeouts, pricePerMillionTokens',
  });
export type UpdateEndpointRequest = z.infer<typeof UpdateEndpointRequest>;
