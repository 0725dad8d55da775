// What one conversation starts from, and the tool whose call ends it: shared by agent files,
// dataset cases, the runner, the simulator and the panel.
import { z } from 'zod';
import type { Expectation } from './expectation';
import type { ChatMessage, ToolSpec } from './messages';

/** The tool an agent calls to hand in its result; calling it ends the conversation. */
export const SUBMIT_RESULT = 'submit_result';

/** The node_context template's variables (an agent's inputs file, a dataset case, a typed input). */
export const ConversationVariables = z.object({
  node_text: z.string(),
  file_path: z.string().nullable().optional(),
  node_name: z.string().nullable().optional(),
  node_type: z.string().nullable().optional(),
});

/** One input of an experiment: the template variables for node_context. */
export type ConversationInput = z.infer<typeof ConversationVariables> & {
  /**
   * 1-based line where the node starts; with node_name it identifies the node (a getter and its setter share a name).
   */
  node_line?: number | null;
  /**
   * A conversation so far (a dataset case): sent after the system message instead of the filled
   * node_context template. Its assistant tool_calls carry ids.
   */
  messages?: ChatMessage[];
  /** Tools a dataset case declares for itself: they replace the agent's tools in this conversation. */
  tools?: ToolSpec[];
  /** Knowledge the conversation starts with (what tools see in context.knowledge before any delta). */
  knowledge?: Record<string, unknown>;
  /** The call the model should make first (an Expectation); judges task success. Not sent to the model. */
  expect?: Expectation;
  /**
   * Calls run in the workspace before the first request (a replay's kept turns, lib/replay); never sent to the model.
   */
  setupCalls?: {
    name: string;
    arguments: Record<string, unknown>;
    /** How it went in the original conversation. */ outcome?: 'success' | 'partial' | 'error';
  }[];
};
