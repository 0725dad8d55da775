// Remora's own tools that are pure JavaScript with no side effects run in the calling process: a
// round trip to a worker would cost more than the tool. Only tools listed here, by the path of
// Remora's own file, qualify; no agent definition can ask for it.
import path from 'node:path';
import type { ToolHandler } from './define-tool';
import type { ToolExecution, ToolLimits, ToolRequest } from './protocol';
import { executionFromValue, failedExecution } from './tool-output';

/** Loaded on first use: a run that calls none of them pays nothing for them. */
type HandlerLoader = () => Promise<ToolHandler>;

/** One of Remora's pure tools, as its owner (agents/harness/pure-tools.ts) hands it to a tool pool. */
export type PureTool = { file: string; load: HandlerLoader };

// Only these files of Remora's own may run in this process, whatever loaders a pool is given. The
// list is names only (this folder imports no agent's code): the sandbox decision reads it before
// anything is loaded.
const PURE_TOOL_FILES = ['agents/harness/tools/simple-tool.ts', 'agents/harness/checks/task-success.ts'];

/**
 * True when `script` names one of Remora's pure tools by its place in a Remora project. Only for
 * deciding whether an agent needs a sandbox at all (experiment-sandbox.ts); the pool decides what
 * runs in this process by the exact path (pureToolHandler).
 */
export function isInProcessTool(script: string): boolean {
  const normalized = script.split(path.sep).join('/');
  return PURE_TOOL_FILES.some((file) => normalized.endsWith(`/${file}`));
}

/** The handler's loader when `script` is one of Remora's pure tools in this project and the pool was given it. */
export function pureToolHandler(script: string, projectRoot: string, tools: readonly PureTool[]): HandlerLoader | null {
  const resolved = path.resolve(script);
  const tool = tools.find((candidate) => path.join(projectRoot, candidate.file) === resolved);
  return tool && PURE_TOOL_FILES.includes(tool.file) ? tool.load : null;
}

export async function runPureTool(
  load: HandlerLoader,
  script: string,
  request: ToolRequest,
  limits: ToolLimits,
): Promise<ToolExecution> {
  const started = performance.now();
  let value: unknown;
  try {
    const handler = await load();
    value = await handler(request.arguments, request.context);
  } catch (error) {
    return failedExecution(
      'tool_failed',
      `tool "${path.basename(script)}" failed: ${error instanceof Error ? error.message : String(error)}`,
      performance.now() - started,
    );
  }
  const execution = executionFromValue(script, value, performance.now() - started);
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  if (bytes > limits.maxOutputBytes) {
    return failedExecution(
      'tool_output_too_large',
      `tool "${path.basename(script)}" produced ${bytes} bytes of output; the limit is ${limits.maxOutputBytes} bytes`,
      execution.durationMs,
    );
  }
  return execution;
}
