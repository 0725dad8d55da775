// Settings of the simulated FunctionGemma endpoint. Every rate is a probability per response.
import { FAMILY_NAMES } from '../families/family';
import { z } from 'zod';
import { PARSE_PATHS, type SpecParsePath } from '../parsing/types';

/** What the simulator puts in a response, named by the parse path a correct client reports for it. */
export type SimShape = SpecParsePath;
export const SIM_SHAPES: readonly SimShape[] = PARSE_PATHS;

const Weight = z.number().min(0).optional();
const Rate = z.number().min(0).max(1);

const DEFAULT_SHAPE_WEIGHTS: Record<SimShape, number> = {
  tool_calls: 80,
  json_name_arguments: 3,
  json_name_parameters: 2,
  json_tool_calls: 2,
  json_array: 2,
  functiongemma_tags: 3,
  text: 4,
  empty: 2,
  malformed: 2,
};

/**
 * Relative weights of each output shape under `tool_choice: auto`. A given object replaces the
 * defaults: shapes it leaves out get weight 0.
 */
const ShapeWeights = z
  .object({
    tool_calls: Weight,
    json_name_arguments: Weight,
    json_name_parameters: Weight,
    json_tool_calls: Weight,
    json_array: Weight,
    functiongemma_tags: Weight,
    text: Weight,
    empty: Weight,
    malformed: Weight,
  })
  .strict()
  .transform(
    (weights) =>
      Object.fromEntries(SIM_SHAPES.map((shape) => [shape, weights[shape] ?? 0])) as Record<SimShape, number>,
  )
  .refine(
    (weights) => Object.values(weights).some((weight) => weight > 0),
    'at least one shape needs a weight above 0',
  );

/** One turn of a scripted conversation (see `script`). */
export const ScriptStep = z
  .object({
    /** The tool the model calls at this turn, when the request offers it; otherwise it draws one. */
    tool: z.string().min(1).optional(),
    /** The form it writes the answer in, instead of drawing one from `shapes`. */
    shape: z.enum(SIM_SHAPES as [SimShape, ...SimShape[]]).optional(),
  })
  .strict();
export type ScriptStep = z.infer<typeof ScriptStep>;

export const SimOptions = z
  .object({
    seed: z.number().int().min(0).default(1),
    /** Delay before every answer, in milliseconds. */
    latencyMs: z.number().min(0).max(600_000).default(0),
    /** Delay between the chunks of a streamed answer, in milliseconds (to watch tokens arrive). */
    streamChunkDelayMs: z.number().min(0).max(10_000).default(0),
    model: z.string().min(1).default('functiongemma-270m-it-sim'),
    /**
     * The model family whose native text the model writes; the server then behaves as vLLM with that
     * family's tool parser (losses included, lib/sim/family-output.ts). FunctionGemma by default.
     */
    family: z.enum(FAMILY_NAMES).default('functiongemma'),
    /**
     * LoRA adapter names /v1/models lists beside the model, as vLLM lists `--lora-modules` (any name is answered all
     * the same).
     */
    adapters: z.array(z.string().min(1)).default([]),
    shapes: ShapeWeights.default(DEFAULT_SHAPE_WEIGHTS),
    /** The call names a tool that does not exist. */
    unknownToolRate: Rate.default(0.03),
    /**
     * The call's arguments break the tool's schema (a required one missing, a wrong type, a value outside the enum).
     */
    invalidArgumentsRate: Rate.default(0.05),
    /** Once the history holds a tool result, the model calls submit_result (when the tool exists). */
    submitAfterToolResultRate: Rate.default(0.6),
    /**
     * The model writes non-string values (numbers, booleans, arrays, objects) in true native form,
     * which vLLM's parser drops; otherwise it wraps them in <escape>, which vLLM JSON-decodes.
     */
    lossyBareValuesRate: Rate.default(0.1),
    http500Rate: Rate.default(0.01),
    http429Rate: Rate.default(0.01),
    /**
     * True: identical requests get successive draws (the n-th copy of a request gets draw n), so
     * repeats of one input vary as sampling would while the set of answers stays independent of
     * arrival order. False: an identical request always gets the identical answer (greedy
     * decoding). Unset (the default): as a real server does, identical at temperature 0 and varied
     * above it (a request without a temperature samples at 1, OpenAI's default).
     */
    varyRepeats: z.boolean().optional(),
    /**
     * A scripted model, for tests that need an outcome every time: answer n of a conversation (n =
     * the assistant messages already in the request) follows step n. Past the last step, or for a
     * field a step leaves out, the model draws as usual. Only under tool_choice auto with tools.
     */
    script: z.array(ScriptStep).max(1000).optional(),
  })
  .strict()
  .refine((options) => options.http500Rate + options.http429Rate <= 1, 'http500Rate + http429Rate must not exceed 1');

export type SimOptions = z.infer<typeof SimOptions>;
export type SimOptionsInput = z.input<typeof SimOptions>;

export type SimMode = 'auto' | 'required' | 'named' | 'none' | 'no_tools';

export type SimStats = {
  /** Every POST to /v1/chat/completions, answered or not. */
  requests: number;
  /** 200 answers; their shapes add up to this. */
  completions: number;
  /** Per shape, the parse path a correct client reports for the answer. */
  shapes: Record<SimShape, number>;
  /** Errors the simulator injected on purpose, by status. */
  httpErrors: { '429': number; '500': number };
  /** Requests refused as invalid (400, 404, 413). */
  badRequests: number;
  /** How the model was asked to answer (tool_choice, or no tools at all). */
  modes: Record<SimMode, number>;
  /** Failure modes applied to calls. */
  injected: { unknownTool: number; invalidArguments: number; lossyBareValues: number; submitResult: number };
};

export function emptyStats(): SimStats {
  return {
    requests: 0,
    completions: 0,
    shapes: Object.fromEntries(SIM_SHAPES.map((shape) => [shape, 0])) as Record<SimShape, number>,
    httpErrors: { '429': 0, '500': 0 },
    badRequests: 0,
    modes: { auto: 0, required: 0, named: 0, none: 0, no_tools: 0 },
    injected: { unknownTool: 0, invalidArguments: 0, lossyBareValues: 0, submitResult: 0 },
  };
}
