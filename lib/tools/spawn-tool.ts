// Runs a tool that is not a JavaScript module (Python, shell, any executable) as one process per call.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ToolExecution, ToolLimits, ToolRequest } from './protocol';
import {
  OutputTail,
  cancelledMessage,
  executionFromText,
  failedExecution,
  timeoutMessage,
  toolLabel,
  tooLargeMessage,
} from './tool-output';

export type SpawnOptions = { pythonCommand?: string };

/** The command line for a script: interpreters by extension, else the file itself (it must be executable). */
export function commandFor(script: string, options: SpawnOptions = {}): { command: string; args: string[] } {
  const extension = path.extname(script).toLowerCase();
  if (extension === '.py') return { command: options.pythonCommand ?? 'python3', args: [script] };
  if (extension === '.sh') return { command: 'bash', args: [script] };
  return { command: script, args: [] };
}

export function runSpawnedTool(
  script: string,
  request: ToolRequest,
  limits: ToolLimits,
  signal?: AbortSignal,
  options: SpawnOptions = {},
): Promise<ToolExecution> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  if (signal?.aborted) return Promise.resolve(failedExecution('tool_failed', cancelledMessage(script), 0));

  return new Promise((resolve) => {
    const { command, args } = commandFor(script, options);
    // Its own process group, so that a timeout also kills whatever the script started.
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const stderr = new OutputTail();
    let stdinProblem: string | null = null;
    let settled = false;

    const settle = (execution: ToolExecution) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(execution);
    };
    const stop = (execution: ToolExecution) => {
      killGroup(child);
      settle(execution);
    };
    const onAbort = () => stop(failedExecution('tool_failed', cancelledMessage(script), elapsed()));
    const timer = setTimeout(() => stop(failedExecution('tool_timeout', timeoutMessage(script, limits.timeoutMs), elapsed())), limits.timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.maxOutputBytes) {
        stop(failedExecution('tool_output_too_large', tooLargeMessage(script, null, limits.maxOutputBytes), elapsed()));
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      settle(failedExecution('tool_failed', `could not start tool "${toolLabel(script)}" (${command}): ${error.message}`, elapsed()));
    });
    child.on('close', (code, signalName) => {
      const diagnostics = [stderr.toString(), stdinProblem ? `writing the request failed: ${stdinProblem}` : '']
        .filter(Boolean)
        .join('; ');
      if (code !== 0) {
        const how = code === null ? `was killed by ${signalName}` : `exited with code ${code}`;
        const detail = diagnostics ? `: ${diagnostics}` : '';
        settle(failedExecution('tool_failed', `tool process "${toolLabel(script)}" ${how}${detail}`, elapsed()));
        return;
      }
      settle(executionFromText(script, Buffer.concat(stdout).toString('utf8'), elapsed(), diagnostics));
    });

    // A tool that exits without reading its input makes this write fail (EPIPE); its exit status says what happened.
    child.stdin.on('error', (error) => {
      stdinProblem = error.message;
    });
    child.stdin.end(JSON.stringify(request));
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch (error) {
    // The group may already be gone; fall back to the process itself.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') child.kill('SIGKILL');
  }
}
