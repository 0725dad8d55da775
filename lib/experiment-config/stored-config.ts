// The one schema of an experiment's stored settings (the experiments table's `config` column): the
// column is typed with it, the row is written through its transform and every reader parses with
// it or with a part of it (`.pick`), so a setting is described once from request to storage and back.
import { z } from 'zod';
import { ExperimentConfig, ExperimentConfigFields } from './experiment-config';
import type { AgentRuntime } from '../runner/types';
import { toolSpecs } from '../runner/prompt';
import { InputError } from '../errors';

const ToolLimitsSnapshot = z.object({
  timeoutMs: z.number(),
  maxOutputBytes: z.number(),
  workspaceBytes: z.number().optional(),
});

/**
 * The agent exactly as it was run (so a resume runs the same prompts and tools even if the agent
 * was edited since).
 */
const AgentSnapshot = z.object({
  name: z.string(),
  model: z.string().optional(),
  maxTurns: z.number().int().positive(),
  systemPrompt: z.string(),
  nodeContext: z.string(),
  textAnswerEnds: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      parameters: z.record(z.string(), z.unknown()),
      script: z.string().nullable(),
      limits: ToolLimitsSnapshot,
    }),
  ),
  taskSuccess: z
    .object({ description: z.string(), script: z.string().nullable(), limits: ToolLimitsSnapshot })
    .optional(),
});

/** One tool of the `tools` parameter, as sent. */
const SentTool = z.object({
  type: z.literal('function'),
  function: z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }),
});

/**
 * What an experiment row keeps: the settings that started it, the agent as it was run, and for
 * the queries (transcripts, metrics) the `tools` parameter as sent and the variants in display order.
 */
export const StoredConfig = z.object({
  experiment: ExperimentConfig,
  agent: AgentSnapshot,
  tools: z.array(SentTool),
  variants: z.array(
    z.object({
      name: z.string(),
      /** Tools as sent for this variant, when they differ from the experiment's (the transcript reads them). */
      tools: z.array(SentTool).optional(),
    }),
  ),
});
export type StoredConfig = z.output<typeof StoredConfig>;
/** The column's JSON: the schema's input, so that a row written before a setting had its default still reads. */
export type StoredConfigJson = z.input<typeof StoredConfig>;

/**
 * A run's settings and agent in the stored shape: the transform is where the two shapes differ
 * (the agent reduced to its snapshot, the tools as sent and the variant names beside them).
 */
const StoredConfigOfRun = z
  .object({ experiment: ExperimentConfig, agent: AgentSnapshot })
  .transform(({ experiment, agent }): StoredConfigJson => ({
    experiment,
    agent,
    tools: toolSpecs(agent.tools),
    variants: experiment.variants.map((variant) => ({ name: variant.name })),
  }));

export function toStoredConfig(experiment: ExperimentConfig, agent: AgentRuntime): StoredConfigJson {
  return StoredConfigOfRun.parse({ experiment, agent });
}

/** The problems of a reading, one line each, as InputError lists them. */
function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

export function readStoredConfig(value: unknown): StoredConfig {
  const parsed = StoredConfig.safeParse(value);
  if (!parsed.success) throw new InputError('the stored experiment settings cannot be read', issueLines(parsed.error));
  return parsed.data;
}

/**
 * Parts of the stored settings, read by the one schema without parsing the rest (a dataset run's
 * inputs are large, and the counters and pages read these at every load).
 */
export const StoredParts = {
  /** The variants in display order and the tools as sent. */
  sent: StoredConfig.pick({ tools: true, variants: true }),
  /** A dataset run's cases as they were copied into the config. */
  dataset: z.object({ experiment: ExperimentConfigFields.pick({ dataset: true }) }),
  /** The inputs, or where a stored dataset's cases are. */
  inputs: z.object({ experiment: ExperimentConfigFields.pick({ inputs: true, storedCases: true }) }),
  /** The stored dataset the cases were copied from. */
  storedCases: z.object({ experiment: ExperimentConfigFields.pick({ storedCases: true }) }),
  /** Where the experiment was made from. */
  origin: z.object({ experiment: ExperimentConfigFields.pick({ origin: true }) }),
  /** The endpoint and the variants (each variant's token prices). */
  endpoint: z.object({ experiment: ExperimentConfigFields.pick({ endpoint: true, variants: true }) }),
};
