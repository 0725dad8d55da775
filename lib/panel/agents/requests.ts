// Request bodies of the agent pages' API routes (prompt editing, preview, variants, YAML import,
// inputs from Python files). Unknown keys are refused so that a misspelt field is a 400, not ignored.
import { z } from 'zod';
import { FAMILY_NAMES } from '../../families/family';
import { LIMITS } from '../../protocol/limits';
import { NODE_TYPES } from '../../python/nodes';

const PROMPT_LIMIT = LIMITS.promptLength.max;
const ID = LIMITS.idLength.max;

/** A prompt as edited in the browser: the system prompt and the node_context template. */
export const PromptDraft = z
  .object({
    systemPrompt: z.string().max(PROMPT_LIMIT),
    nodeContext: z.string().max(PROMPT_LIMIT),
  })
  .strict();
export type PromptDraft = z.infer<typeof PromptDraft>;

/**
 * Variant names appear in URLs, experiment forms and charts: letters, digits, spaces, dots, dashes
 * and underscores, starting with a letter or digit.
 */
const VariantName = z
  .string()
  .trim()
  .min(1, 'give the variant a name')
  .max(LIMITS.variantNameLength.max)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/,
    'use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit',
  );

export const SaveVariantRequest = PromptDraft.extend({
  name: VariantName,
  note: z.string().trim().max(2000).optional(),
}).strict();
export type SaveVariantRequest = z.infer<typeof SaveVariantRequest>;

export const ForkVariantRequest = z
  .object({
    /** The version to start from (its id). */
    sourceId: z.string().min(1).max(200),
    name: VariantName,
    note: z.string().trim().max(2000).optional(),
  })
  .strict();
export type ForkVariantRequest = z.infer<typeof ForkVariantRequest>;

/** "definition" stands for the prompt in the agent's stored definition now. */
export const DEFINITION_VERSION = 'definition';

export const DiffQuery = z
  .object({
    from: z.string().min(1).max(200),
    to: z.string().min(1).max(200),
  })
  .strict();
export type DiffQuery = z.infer<typeof DiffQuery>;

const SampleInput = z
  .object({
    node_text: z.string().max(PROMPT_LIMIT),
    file_path: z.string().max(4096).nullable().optional(),
    node_name: z.string().max(1000).nullable().optional(),
    node_type: z.string().max(100).nullable().optional(),
  })
  .strict();

export const PreviewRequest = PromptDraft.extend({
  /** One of the agent's inputs, by position; or `input`, typed in. Neither: the first input. */
  inputIndex: z.number().int().min(0).optional(),
  input: SampleInput.optional(),
  /** `system-prompt` reproduces the old injection of schemas into the prompt (then no tools are sent). */
  toolPresentation: z.enum(['native', 'system-prompt']).default('native'),
  /** Whose chat template renders the prompt: FunctionGemma's native renderer, or another family's Jinja template. */
  family: z.enum(FAMILY_NAMES).default('functiongemma'),
})
  .strict()
  .refine((request) => !(request.inputIndex !== undefined && request.input !== undefined), {
    message: 'give inputIndex or input, not both',
  });
export type PreviewRequest = z.infer<typeof PreviewRequest>;

export const ImportAgentRequest = z
  .object({
    yaml: z.string().min(1, 'paste or upload the agent YAML').max(2_000_000),
    /** Replace the stored agent of the same name (otherwise an existing name is refused). */
    replace: z.boolean().default(false),
    /**
     * The stored agent whose folder holds the tool scripts; default: the agent of the same name,
     * else agents/<name>.
     */
    toolsFrom: z.string().trim().min(1).max(200).optional(),
    /** Only check, store nothing. */
    dryRun: z.boolean().default(false),
    /** The user confirmed that the agent's scripts run code on this machine (the import form's checkbox). */
    allowScripts: z.boolean().default(false),
  })
  .strict();
export type ImportAgentRequest = z.infer<typeof ImportAgentRequest>;

export const PythonInputsRequest = z
  .object({
    /** Server-side paths of .py files or folders; relative ones are read from the project root. */
    paths: z.array(z.string().trim().min(1).max(4096)).min(1, 'give at least one file or folder').max(100),
    nodeTypes: z
      .array(z.enum(NODE_TYPES))
      .min(1, 'choose at least one kind of node')
      .default(['function', 'method', 'class']),
    /** `preview` stores nothing; `replace` makes these the agent's inputs; `append` adds them to its inputs. */
    mode: z.enum(['preview', 'replace', 'append']).default('preview'),
  })
  .strict();
export type PythonInputsRequest = z.infer<typeof PythonInputsRequest>;

export const AgentNameParams = z.object({ name: z.string().min(1).max(ID) });
export const VariantParams = z.object({ name: z.string().min(1).max(ID), variant: z.string().min(1).max(ID) });
