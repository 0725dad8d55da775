// Runs a tool that is not a JavaScript module (a Python or shell script) as one confined process per
// call: the request on stdin, the result on stdout. The interpreter follows from the file type.
import type { ToolExecution, ToolLimits, ToolRequest } from './protocol';
import { runConfined } from './sandbox/run-confined';
import { DEFAULT_WORKSPACE_BYTES } from './sandbox/limits';
import { workspaceFullMessage } from './sandbox/workspace-bound';
import { interpreterFor } from './script-kinds';
import {
  cancelledMessage,
  executionFromText,
  failedExecution,
  timeoutMessage,
  toolLabel,
  tooLargeMessage,
} from './tool-output';
import { agentFolderOf } from './worker-launch';

export type SpawnOptions = { allowUnconfined?: boolean };

export { interpreterFor } from './script-kinds';

export async function runSpawnedTool(
  script: string,
  request: ToolRequest,
  limits: ToolLimits,
  signal?: AbortSignal,
  options: SpawnOptions = {},
): Promise<ToolExecution> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  if (signal?.aborted) return failedExecution('tool_failed', cancelledMessage(script), 0);
  const program = interpreterFor(script);
  if (!program)
    return failedExecution(
      'tool_failed',
      `tool "${toolLabel(script)}" is not a .py, .sh or JavaScript/TypeScript file, so Remora does not run it`,
      0,
    );
  const agentFolder = agentFolderOf(script);
  const workspace = request.context.workspace;
  const run = await runConfined({
    program,
    args: [script],
    cwd: workspace ?? agentFolder,
    writable: workspace ? [workspace] : [],
    readable: [agentFolder],
    stdin: JSON.stringify(request),
    timeoutMs: limits.timeoutMs,
    maxOutputBytes: limits.maxOutputBytes,
    limits: { workspaceBytes: limits.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES },
    signal,
    allowUnconfined: options.allowUnconfined,
  });
  if (!run.ok)
    return failedExecution('tool_failed', `could not run tool "${toolLabel(script)}": ${run.error}`, elapsed());
  if (run.cancelled) return failedExecution('tool_failed', cancelledMessage(script), elapsed());
  if (run.timedOut) return failedExecution('tool_timeout', timeoutMessage(script, limits.timeoutMs), elapsed());
  if (run.outputTooLarge)
    return failedExecution('tool_output_too_large', tooLargeMessage(script, null, limits.maxOutputBytes), elapsed());
  if (run.workspaceFull) {
    const bytes = limits.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES;
    return failedExecution('tool_failed', `tool "${toolLabel(script)}": ${workspaceFullMessage(bytes)}`, elapsed());
  }
  const diagnostics = tail(run.stderr);
  if (run.exitCode !== 0) {
    const how = run.exitCode === null ? `was killed by ${run.signal}` : `exited with code ${run.exitCode}`;
    return failedExecution(
      'tool_failed',
      `tool process "${toolLabel(script)}" ${how}${diagnostics ? `: ${diagnostics}` : ''}`,
      elapsed(),
    );
  }
  return executionFromText(script, run.stdout, elapsed(), diagnostics);
}

/** The end of a stream, where a traceback's message is. */
function tail(text: string, limit = 2000): string {
  const trimmed = text.trim();
  return trimmed.length > limit ? trimmed.slice(-limit) : trimmed;
}
