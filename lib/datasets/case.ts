// A dataset case: what a conversation starts from and, optionally, what the model should do next.
// This zod model is also the project's own JSONL format, one case a line (see README.md here).
import { z } from 'zod';
import { checkSchema } from '../parsing/arguments';
import { ConversationVariables } from '../protocol/conversation';
import { Expectation } from '../protocol/expectation';

const ArgumentsObject = z.record(z.string(), z.unknown());

/** An earlier call in a conversation so far. Sets give them without ids and often with object arguments. */
const HistoryToolCall = z.object({
  id: z.string().min(1).optional(),
  type: z.literal('function').optional(),
  function: z.object({
    name: z.string().min(1),
    arguments: z.union([ArgumentsObject, z.string()]).optional(),
  }),
});
type HistoryToolCall = z.infer<typeof HistoryToolCall>;

export const CaseMessage = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({ role: z.literal('user'), content: z.string() }),
  z.object({
    role: z.literal('assistant'),
    content: z.string().nullable().optional(),
    tool_calls: z.array(HistoryToolCall).optional(),
  }),
  z.object({
    role: z.literal('tool'),
    content: z.string(),
    tool_call_id: z.string().optional(),
    name: z.string().optional(),
  }),
]);
export type CaseMessage = z.infer<typeof CaseMessage>;

/** The node_context template's variables, as in an agent's inputs file. */
const CaseVariables = z.strictObject(ConversationVariables.shape);

export const CaseInput = z.union([
  z.strictObject({
    /** The conversation so far; the model's turn comes next, so it ends with a user (or tool) message. */
    messages: z
      .array(CaseMessage)
      .min(1)
      // An empty list is min(1)'s to report; zod runs this check on it too.
      .refine((messages) => messages.length === 0 || ['user', 'tool'].includes(messages[messages.length - 1].role), {
        message: 'the conversation so far must end with a user or tool message (the model answers next)',
      }),
  }),
  z.strictObject({ variables: CaseVariables }),
]);
export type CaseInput = z.infer<typeof CaseInput>;

/** A tool the case declares for itself (BFCL cases carry their functions); it replaces the agent's tools. */
export const CaseTool = z
  .strictObject({
    type: z.literal('function').default('function'),
    function: z.strictObject({
      // As OpenAI-style servers accept them; the BFCL importer turns dots into underscores as BFCL does.
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'must be letters, digits, underscores or dashes'),
      description: z.string().default(''),
      parameters: z.record(z.string(), z.unknown()),
    }),
  })
  .superRefine((tool, context) => {
    for (const problem of checkSchema(tool.function.parameters)) {
      context.addIssue({ code: 'custom', path: ['function', 'parameters'], message: problem });
    }
  });
export type CaseTool = z.infer<typeof CaseTool>;

export const DatasetCase = z.strictObject({
  /** Unique within its dataset (BFCL's "simple_0"; importers make "case-N" from the line number). */
  id: z.string().trim().min(1).max(200),
  input: CaseInput,
  /** Null: no expectation (the case is run, not scored). */
  expect: Expectation.nullable().default(null),
  tools: z.array(CaseTool).min(1).optional(),
  note: z.string().optional(),
});
export type DatasetCase = z.infer<typeof DatasetCase>;
export type DatasetCaseInput = z.input<typeof DatasetCase>;

export const DATASET_FORMATS = ['distil', 'bfcl', 'remora'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** Issues of a zod error as short lines: "input.messages[2].role: ...". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.reduce<string>(
      (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
      '',
    );
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}
