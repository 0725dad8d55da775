// The tool protocol: a tool gets {arguments, context} as JSON on stdin and prints one ToolOutput as JSON.
import { z } from 'zod';

/** How a tool call failed (a transcript's error kind). */
export type ToolErrorKind = 'tool_failed' | 'tool_timeout' | 'tool_output_invalid' | 'tool_output_too_large';

const ToolOutcome = z.enum(['success', 'partial', 'error']);

/** What a tool script prints. */
export const ToolOutput = z.object({
  result: z.unknown(),
  summary: z.string().optional(),
  knowledge_delta: z.record(z.string(), z.unknown()).optional(),
  outcome: ToolOutcome,
  error: z.string().optional(),
});
export type ToolOutput = z.infer<typeof ToolOutput>;

/** What a tool receives besides its arguments. */
export type ToolContext = {
  /** Folder the tool may read and write; every path it touches must resolve inside it. */
  workspace: string | null;
  /** Target file, relative to the workspace. */
  filePath: string | null;
  nodeText: string;
  nodeName: string | null;
  nodeType: string | null;
  /** 1-based line where the node starts (decorators included): with the name, it identifies the node. */
  nodeLine?: number | null;
  /** Agent-specific settings (a ruff configuration, for example). */
  settings: Record<string, unknown>;
  /** Knowledge accumulated so far in this conversation. */
  knowledge: Record<string, unknown>;
};

export type ToolRequest = { arguments: Record<string, unknown>; context: ToolContext };

/** A finished execution as the runner sees it: the tool's output or a failure turned into data. */
export type ToolExecution = ToolOutput & {
  durationMs: number;
  /** Set when the tool itself failed (crash, timeout, garbage output), not when it reported outcome error. */
  errorKind?: ToolErrorKind;
};

export type ToolLimits = {
  timeoutMs: number;
  maxOutputBytes: number;
  /** Bytes the workspace may hold after a confined tool process (sandbox/limits.ts's default otherwise). */
  workspaceBytes?: number;
};

/** Per-experiment choices about how calls run. */
export type ToolCallOptions = {
  /** Where no sandbox is available, run programs for the model anyway (the user opted in). */
  allowUnconfined?: boolean;
};

export interface ToolExecutor {
  /** Never throws: every failure comes back as an execution with outcome `error`. */
  execute(
    script: string,
    request: ToolRequest,
    limits: ToolLimits,
    signal?: AbortSignal,
    options?: ToolCallOptions,
  ): Promise<ToolExecution>;
  close(): Promise<void>;
  /**
   * Gets ready for a conversation's calls before the model asks for any (a worker started for its
   * workspace, its tools loaded), so that the start overlaps the model call. Best effort: a call
   * works the same without it. Executors with nothing to start leave it out.
   */
  warm?(scripts: readonly string[], workspace: string | null): void;
  /** The conversation of `workspace` has ended: stops what serves it, used or not; resolves once stopped. */
  release?(workspace: string): Promise<void>;
}
