import { z } from 'zod';
import { ExperimentConfig } from './experiment-config';
import type { AgentRuntime } from '../runner/types';
import type { ToolSpec } from '../protocol/messages';
import { toolSpecs } from '../runner/prompt';
import { InputError } from '../errors';

/**
 * What an experiment row keeps: the request that started it, the agent exactly as it was run
 * (so a resume runs the same prompts and tools even if the agent was edited since), and the
 * `tools` parameter as sent.
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
      limits: z.object({ timeoutMs: z.number(), maxOutputBytes: z.number(), workspaceBytes: z.number().optional() }),
    }),
  ),
  taskSuccess: z
    .object({
      description: z.string(),
      script: z.string().nullable(),
      limits: z.object({ timeoutMs: z.number(), maxOutputBytes: z.number(), workspaceBytes: z.number().optional() }),
    })
    .optional(),
});

export const StoredConfig = z.object({
  experiment: ExperimentConfig,
  agent: AgentSnapshot,
  tools: z.array(z.custom<ToolSpec>()),
  variants: z.array(z.object({ name: z.string() })),
});
export type StoredConfig = z.infer<typeof StoredConfig>;

export function toStoredConfig(experiment: ExperimentConfig, agent: AgentRuntime): StoredConfig {
  return {
    experiment,
    agent: AgentSnapshot.parse(agent),
    tools: toolSpecs(agent.tools),
    variants: experiment.variants.map((variant) => ({ name: variant.name })),
  };
}

export function readStoredConfig(value: unknown): StoredConfig {
  const parsed = StoredConfig.safeParse(value);
  if (!parsed.success)
    throw new InputError(
      'the stored experiment settings cannot be read',
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  return parsed.data;
}
