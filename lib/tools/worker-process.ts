// One tool worker process as the pool holds it: started in its sandbox for one scope, its output
// kept for error messages, held or released as the pool's process keeps running, and stopped.
import type { ChildProcess } from 'node:child_process';
import type { WorkerLaunch } from '../build/tool-worker-launch';
import { parseJson } from '../protocol/json';
import type { ToolExecution, ToolLimits, ToolRequest } from './protocol';
import type { ProcessLimits } from './sandbox/limits';
import { OutputTail, executionFromValue, failedExecution } from './tool-output';
import { launchWorker } from './worker-launch';
import type { ResultMessage, WorkerMessage } from './worker-messages';
import { scopeKey, type WorkerScope } from './worker-scope';

export type Call = {
  id: number;
  script: string;
  /** The bundle of a TypeScript tool that the worker imports instead (tool-bundles.ts). */
  module?: string;
  /** The pool's process is still bundling the tool: the call waits in the queue meanwhile. */
  bundling?: boolean;
  request: ToolRequest;
  limits: ToolLimits;
  signal?: AbortSignal;
  allowUnconfined: boolean;
  scope: WorkerScope;
  key: string;
  resolve: (execution: ToolExecution) => void;
  started: number;
  settled: boolean;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
  /** Aborted when the call ends, stopping any program it had the pool run. */
  programs: AbortController;
};

/** Milliseconds since the call was handed to a worker (0 while queued). */
export function elapsed(call: Call): number {
  return call.started === 0 ? 0 : performance.now() - call.started;
}

/** Ends a call once: its timer, the programs it had the pool run, its abort listener. */
export function settle(call: Call, execution: ToolExecution): void {
  if (call.settled) return;
  call.settled = true;
  clearTimeout(call.timer);
  call.programs.abort();
  if (call.onAbort) call.signal?.removeEventListener('abort', call.onAbort);
  call.resolve(execution);
}

/** The execution a worker's result message stands for. */
export function executionOf(call: Call, message: ResultMessage): ToolExecution {
  const durationMs = elapsed(call);
  if (message.status === 'failed') return failedExecution(message.kind, message.message, durationMs);
  const json = parseJson(message.json);
  return json.ok
    ? executionFromValue(call.script, json.value, durationMs)
    : failedExecution('tool_output_invalid', json.error, durationMs);
}

export type PoolWorker = {
  child: ChildProcess;
  ready: boolean;
  current: Call | null;
  output: OutputTail;
  scope: WorkerScope;
  key: string;
  limits: ProcessLimits;
  /** The worker said it has used half its CPU budget: it serves nothing more. */
  retiring: boolean;
  idleTimer?: NodeJS.Timeout;
};

export type WorkerEvents = {
  onMessage(worker: PoolWorker, message: WorkerMessage): void;
  /** The process is gone; `how` says why, for the call it was serving. */
  onExit(worker: PoolWorker, how: string): void;
};

/** Starts a worker for `scope`; throws when it cannot be started at all. */
export function startPoolWorker(
  launch: WorkerLaunch,
  projectRoot: string,
  scope: WorkerScope,
  limits: ProcessLimits,
  events: WorkerEvents,
): PoolWorker {
  const { child } = launchWorker(launch, projectRoot, scope, limits);
  const worker: PoolWorker = {
    child,
    ready: false,
    current: null,
    output: new OutputTail(),
    scope,
    key: scopeKey(scope),
    limits,
    retiring: false,
  };
  child.stdout?.on('data', (chunk: Buffer) => worker.output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => worker.output.push(chunk));
  child.on('message', (message: WorkerMessage) => events.onMessage(worker, message));
  child.on('error', (error) => events.onExit(worker, `could not run the tool worker: ${error.message}`));
  child.on('exit', (code, signal) => {
    const how = exitDescription(code, signal, limits);
    // Wait for the pipes to close (briefly) so that the last lines the process wrote, usually a stack trace, are kept.
    let reported = false;
    const report = () => {
      if (reported) return;
      reported = true;
      clearTimeout(fallback);
      events.onExit(worker, how);
    };
    const fallback = setTimeout(report, 200);
    child.once('close', report);
  });
  return worker;
}

const SIGXCPU = 24;
const SIGKILL = 9;

/**
 * How a worker ended, in words. Bubblewrap exits with 128 + the signal that killed what it ran; a
 * worker runs out of CPU time with SIGXCPU (and SIGKILL a second later).
 */
function exitDescription(code: number | null, signal: NodeJS.Signals | null, limits: ProcessLimits): string {
  const cpu = limits.cpuSeconds === null ? '' : ` (its limit is ${limits.cpuSeconds} s of CPU time)`;
  if (signal === 'SIGXCPU' || code === 128 + SIGXCPU) return `tool process ran out of CPU time${cpu}`;
  if (code === 128 + SIGKILL) return `tool process was killed by SIGKILL (past its CPU time${cpu}, or out of memory)`;
  return code === null ? `tool process was killed by ${signal}` : `tool process exited with code ${code}`;
}

/** Ready for a call: started, serving none, and not retiring. */
export function isIdle(worker: PoolWorker): boolean {
  return worker.ready && !worker.current && !worker.retiring;
}

/** Kills a worker's process (its whole sandbox with it); resolves when it is gone. */
export function killWorker(worker: PoolWorker): Promise<void> {
  clearTimeout(worker.idleTimer);
  const { child } = worker;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // Waiting on an unref'd child would let the process exit before 'exit' arrives.
  holdProcess(worker, true);
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A starting or busy worker keeps the pool's process alive; an idle one must not. */
export function holdProcess(worker: PoolWorker, hold: boolean): void {
  const handles = [worker.child, worker.child.channel, worker.child.stdout, worker.child.stderr] as (
    { ref?: () => void; unref?: () => void } | null | undefined
  )[];
  for (const handle of handles) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}
