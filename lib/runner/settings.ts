import { z } from 'zod';
import type { RunnerSettings } from './types';
import { FAMILY_NAMES } from '../families/family';

/**
 * A tool choice as a person writes it, checked against the tools it may name: `auto`, `required`,
 * `none`, or one of `toolNames`. The command line and the API both use it.
 */
export function checkToolChoice(
  choice: string,
  toolNames: string[],
): { ok: true; value: RunnerSettings['toolChoice'] } | { ok: false; problem: string } {
  const value = parseToolChoice(choice);
  if (typeof value === 'object' && !toolNames.includes(value.function.name)) {
    return {
      ok: false,
      problem: `must be auto, required, none or one of the agent's tools (${toolNames.join(', ')}), not "${choice}"`,
    };
  }
  return { ok: true, value };
}

const ToolChoiceSetting = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
]);

// In plain words wherever a request carries it (the panel shows this text as it is).
const TEMPERATURE_RANGE = 'Temperature must be a number from 0 to 2';
export const Temperature = z
  .number({ error: TEMPERATURE_RANGE })
  .min(0, { error: TEMPERATURE_RANGE })
  .max(2, { error: TEMPERATURE_RANGE });

/** Per-variant runner settings as users write them; every field has the harness default. */
export const RunnerSettingsInput = z.object({
  model: z.string().min(1),
  toolChoice: ToolChoiceSetting.default('auto'),
  temperature: Temperature.default(0),
  maxTokens: z.number().int().positive().optional(),
  topP: z.number().gt(0).max(1).optional(),
  topK: z.number().int().positive().optional(),
  responsePreference: z.enum(['tool_calls-first', 'content-first']).default('tool_calls-first'),
  historyMode: z.enum(['full', 'initial-only']).default('full'),
  forceSubmitOnLastTurn: z.boolean().default(false),
  toolPresentation: z.enum(['native', 'system-prompt']).default('native'),
  includeKnowledge: z.boolean().default(false),
  historyBudget: z
    .object({
      maxMessages: z.number().int().min(3).nullable().default(null),
      maxTokens: z.number().int().positive().nullable().default(null),
    })
    .default({ maxMessages: null, maxTokens: null }),
  retry: z
    .object({
      attempts: z.number().int().min(1).max(10).default(3),
      baseDelayMs: z.number().int().min(0).default(250),
      maxDelayMs: z.number().int().min(0).default(4000),
    })
    .default({ attempts: 3, baseDelayMs: 250, maxDelayMs: 4000 }),
  // No defaults for these three: settings that leave them out keep the stored shape (and the
  // resume hash) they had before the options existed.
  /** Ask for log probabilities: the raw output and the tool-name confidence come from them. */
  logprobs: z.boolean().optional(),
  /** Alternatives per token (vLLM and OpenAI allow up to 20); sent only with logprobs. */
  topLogprobs: z.number().int().min(0).max(20).optional(),
  /** Stream each response and build the message from its chunks. */
  stream: z.boolean().optional(),
  /** The variant's model family; unset, each response's family is recognised from its text. */
  family: z.enum(FAMILY_NAMES).optional(),
});
export type RunnerSettingsInput = z.input<typeof RunnerSettingsInput>;

export function resolveSettings(input: RunnerSettingsInput): RunnerSettings {
  return RunnerSettingsInput.parse(input);
}

/** Parses the command line's `--tool-choice` value: auto, required, none, or a tool name. */
function parseToolChoice(value: string): RunnerSettings['toolChoice'] {
  if (value === 'auto' || value === 'required' || value === 'none') return value;
  return { type: 'function', function: { name: value } };
}
