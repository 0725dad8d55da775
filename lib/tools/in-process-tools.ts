// Remora's own tools that are pure JavaScript with no side effects run in the calling process: a
// round trip to a worker would cost more than the tool. Only tools listed here, by the path of
// Remora's own file, qualify; no agent definition can ask for it.
import path from 'node:path';
import simpleTool from '../../agents/harness/tools/simple-tool';
import type { ToolHandler } from './define-tool';
import type { ToolExecution, ToolLimits, ToolRequest } from './protocol';
import { executionFromValue, failedExecution } from './tool-output';

const PURE_TOOLS: { file: string; handler: ToolHandler }[] = [
  { file: 'agents/harness/tools/simple-tool.ts', handler: simpleTool },
];

/** The handler when `script` is one of Remora's pure tools in this project. */
export function pureToolHandler(script: string, projectRoot: string): ToolHandler | null {
  const resolved = path.resolve(script);
  return PURE_TOOLS.find((tool) => path.join(projectRoot, tool.file) === resolved)?.handler ?? null;
}

export async function runPureTool(
  handler: ToolHandler,
  script: string,
  request: ToolRequest,
  limits: ToolLimits,
): Promise<ToolExecution> {
  const started = performance.now();
  let value: unknown;
  try {
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
