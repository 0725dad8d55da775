import { z } from 'zod';
import { RunnerSettingsInput } from '../runner/settings';
import type { ChatMessage, ToolSpec } from '../runner/messages';
import { DatasetRun } from '../datasets/experiment-cases';
import { EMBEDDED_BASE_URL, EngineSettings } from '../embedded/settings';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export const ConversationInputSchema = z.object({
  node_text: z.string(),
  file_path: z.string().nullable().optional(),
  node_name: z.string().nullable().optional(),
  node_type: z.string().nullable().optional(),
  // A dataset case's conversation so far and own tools (see lib/datasets/to-input.ts).
  messages: z.array(z.custom<ChatMessage>((value) => isObject(value) && typeof (value as { role?: unknown }).role === 'string', 'a chat message')).optional(),
  tools: z.array(z.custom<ToolSpec>((value) => isObject(value) && isObject((value as { function?: unknown }).function), 'a tool spec')).optional(),
  knowledge: z.record(z.string(), z.unknown()).optional(),
});

/** A variant: a prompt and/or settings. Missing prompts fall back to the agent's own. */
export const VariantConfig = z.object({
  name: z.string().min(1).max(100),
  /** The model or LoRA adapter this variant's requests name (base model against adapter is an A/B test). */
  model: z.string().min(1).optional(),
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
    apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
    simulated: z.boolean().default(false),
    /** Embedded: the GGUF file, unless the agent or the variant names its own (a `model` ending in .gguf). */
    ggufPath: z.string().min(1).optional(),
    /** Embedded: engine settings, used when this process first loads the file. */
    engine: EngineSettings.optional(),
    /** More base URLs serving the same model; requests go to the one with the fewest outstanding. */
    replicas: z.array(z.url({ protocol: /^https?$/ })).optional(),
  })
  .superRefine((endpoint, context) => {
    const placeholder = endpoint.baseUrl === EMBEDDED_BASE_URL;
    if (endpoint.kind === 'http' && placeholder) context.addIssue({ code: 'custom', path: ['baseUrl'], message: 'is required for an http endpoint' });
    if (endpoint.kind === 'embedded' && !placeholder) context.addIssue({ code: 'custom', path: ['baseUrl'], message: 'an embedded endpoint has no baseUrl (the model runs in process)' });
    if (endpoint.kind === 'embedded' && endpoint.replicas?.length) context.addIssue({ code: 'custom', path: ['replicas'], message: 'replicas go with an http endpoint' });
    if (endpoint.kind === 'http' && (endpoint.ggufPath !== undefined || endpoint.engine !== undefined)) {
      context.addIssue({ code: 'custom', path: ['kind'], message: 'ggufPath and engine only go with kind "embedded"' });
    }
  });
export type EndpointConfig = z.infer<typeof EndpointConfig>;

export const ExperimentConfig = z
  .object({
    agent: z.string().min(1),
    variants: z.array(VariantConfig).min(1),
    endpoint: EndpointConfig,
    inputs: z.array(ConversationInputSchema).min(1),
    requestsPerVariant: z.number().int().min(1).max(1_000_000),
    concurrency: z.number().int().min(1).max(256).default(8),
    /** Set when the inputs are a dataset's cases: `dataset.cases[i]` is `inputs[i]`. */
    dataset: DatasetRun.optional(),
  })
  .superRefine((config, context) => {
    if (config.dataset && config.dataset.cases.length !== config.inputs.length) {
      context.addIssue({ code: 'custom', path: ['dataset', 'cases'], message: `the dataset has ${config.dataset.cases.length} cases for ${config.inputs.length} inputs` });
    }
    const seen = new Set<string>();
    for (const variant of config.variants) {
      if (seen.has(variant.name)) context.addIssue({ code: 'custom', path: ['variants'], message: `variant name "${variant.name}" is used twice` });
      seen.add(variant.name);
    }
  });
export type ExperimentConfig = z.infer<typeof ExperimentConfig>;
export type ExperimentConfigInput = z.input<typeof ExperimentConfig>;

/** One conversation to run: which variant, which repeat, which input. */
export type Slot = { variantIndex: number; slot: number; inputIndex: number };

export function slotKey(variantIndex: number, slot: number): string {
  return `${variantIndex}:${slot}`;
}

/**
 * Every conversation of an experiment. Variants are interleaved (slot by slot) so that an
 * experiment stopped half way has comparable numbers for every variant. Inputs are cycled.
 */
export function planSlots(config: Pick<ExperimentConfig, 'variants' | 'inputs' | 'requestsPerVariant'>): Slot[] {
  const slots: Slot[] = [];
  for (let slot = 0; slot < config.requestsPerVariant; slot++) {
    for (let variantIndex = 0; variantIndex < config.variants.length; variantIndex++) {
      slots.push({ variantIndex, slot, inputIndex: slot % config.inputs.length });
    }
  }
  return slots;
}
