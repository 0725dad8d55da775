// The agent definition file (agents/<name>/agent.yaml): its schema, and the input schema it shares with inputs files.
import { z } from 'zod';
import { ConversationVariables, SUBMIT_RESULT } from '../protocol/conversation';
import { Expectation } from '../protocol/expectation';
import { AgentName, RelativePath } from './agent-paths';
import { LIMITS } from '../protocol/limits';

export const DEFAULT_TOOL_LIMITS = { timeoutMs: 10_000, maxOutputBytes: 256 * 1024 } as const;

/** One conversation input: the variables of the node_context template. A bare string is shorthand for `{node_text}`. */
export const ConversationInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { node_text: value } : value),
  ConversationVariables.extend({
    /** The call the model should make first (the dataset case model's `expect`): task success is then that call. */
    expect: Expectation.optional(),
  }),
);

/**
 * How the agent's task success is judged (lib/task-success/README.md). A run whose input says what
 * call it expects is always judged by that call; otherwise `script` (a check run like a tool, in the
 * conversation's workspace, after it ends) decides. Without a script only expected calls judge.
 */
const TaskSuccessSchema = z
  .object({
    /** What success means for this agent, in one sentence (shown in the panel). */
    description: z.string().trim().min(1),
    script: RelativePath.optional(),
    timeout_ms: z.number().int().positive().optional(),
  })
  .strict();

const ToolDefinitionSchema = z
  .object({
    // Function names must be word characters: vLLM's FunctionGemma parser reads nothing else.
    name: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be letters, digits and underscores, not starting with a digit'),
    description: z.string().trim().min(1, 'must not be empty'),
    /** A JSON Schema object; checkAgent (validate.ts) checks it is a valid one. */
    parameters: z.record(z.string(), z.unknown()),
    /** Path relative to the agent folder, inside it. Only submit_result may omit it (it is then built in). */
    script: RelativePath.optional(),
    timeout_ms: z.number().int().positive().optional(),
    max_output_bytes: z.number().int().positive().optional(),
    /** What the workspace may hold after one call of a Python or shell tool (256 MiB when absent). */
    max_workspace_bytes: z.number().int().min(LIMITS.workspaceBytes.min).max(LIMITS.workspaceBytes.max).optional(),
  })
  .strict();

const AgentDefinitionSchema = z
  .object({
    name: AgentName,
    description: z.string().optional(),
    max_turns: z.number().int().min(LIMITS.maxTurns.min).max(LIMITS.maxTurns.max),
    initial_context: z
      .object({
        system_prompt: z.string(),
        node_context: z.string(),
      })
      .strict(),
    tools: z.array(ToolDefinitionSchema),
    /**
     * A text answer (no call) ends the conversation, as in distil-labs style agents; submit_result
     * is then optional.
     */
    text_answer_ends: z.boolean().optional(),
    /** Agent-specific settings handed to every tool (a ruff configuration, for example). */
    settings: z.record(z.string(), z.unknown()).optional(),
    /** Model or LoRA adapter name to send, when the agent needs a particular one. */
    model: z.string().trim().min(1).optional(),
    /** Inputs file (YAML, JSON or JSONL) relative to the agent folder. */
    default_inputs: RelativePath.optional(),
    /**
     * Dataset file (the project's JSONL case format, lib/datasets/README.md) relative to the agent
     * folder: what `harness` runs when given neither --inputs nor --dataset.
     */
    default_dataset: RelativePath.optional(),
    inputs: z.array(ConversationInputSchema).optional(),
    task_success: TaskSuccessSchema.optional(),
  })
  .strict()
  .superRefine((definition, context) => {
    const seen = new Set<string>();
    definition.tools.forEach((tool, index) => {
      if (seen.has(tool.name)) {
        context.addIssue({
          code: 'custom',
          path: ['tools', index, 'name'],
          message: `tool "${tool.name}" is defined more than once`,
        });
      }
      seen.add(tool.name);
      if (tool.script === undefined && tool.name !== SUBMIT_RESULT) {
        context.addIssue({
          code: 'custom',
          path: ['tools', index, 'script'],
          message: `tool "${tool.name}" needs a script (only ${SUBMIT_RESULT} may omit it)`,
        });
      }
    });
    if (definition.default_inputs !== undefined && definition.inputs !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['inputs'],
        message: 'give either default_inputs (a file) or inputs (a list), not both',
      });
    }
  });

export type AgentDefinition = z.infer<typeof AgentDefinitionSchema>;

export type DefinitionIssue = {
  path: (string | number)[];
  message: string;
  /** Where to point in the file when it differs from `path` (an unrecognized key points at the key itself). */
  locationPath?: (string | number)[];
};

export type ParsedDefinition = { ok: true; definition: AgentDefinition } | { ok: false; issues: DefinitionIssue[] };

/** Checks the shape of a definition; failures come back as issues with the path of the field at fault. */
export function parseAgentDefinition(value: unknown): ParsedDefinition {
  const parsed = AgentDefinitionSchema.safeParse(value);
  if (parsed.success) return { ok: true, definition: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => {
      const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
      const locationPath =
        issue.code === 'unrecognized_keys' && issue.keys.length > 0 ? [...path, issue.keys[0]] : undefined;
      return { path, message: issue.message, locationPath };
    }),
  };
}
