// One tool worker process as the pool holds it: started in its sandbox for one scope, its output
// kept for error messages, held or released as the pool's process keeps running, and stopped.
import type { ChildProcess } from 'node:child_process';
import type { WorkerLaunch } from '../build/tool-worker-launch';
import { parseJson } from '../protocol/json';
import type { ToolExecution, ToolLimits, ToolRequest } from './protocol';
import type { ProcessLimits } from './sandbox/limits';
import { OutputTail, executionFromValue, failedExecution } from './tool-output';
import { WORKER_TAG_VARIABLE, extraReadableFor, launchWorker } from './worker-launch';
import { processesWith } from './work-root';
import type { LoadMessage, ResultMessage, RunMessage, WorkerMessage } from './worker-messages';
import { scopeKey, type WorkerScope } from './worker-scope';
import type { WorkerEvent } from './worker-pool-options';

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

/** A call as execute() receives it (`module` set once its bundle is made). */
export type PreparedCall = Pick<Call, 'script' | 'module' | 'request' | 'limits'>;

type CallOptions = Pick<Call, 'signal' | 'allowUnconfined' | 'bundling' | 'resolve'>;

/** A new call for the pool's queue, its worker scope taken from its script and its workspace. */
export function newCall(id: number, prepared: PreparedCall, projectRoot: string, options: CallOptions): Call {
  const scope: WorkerScope = {
    extra: extraReadableFor(prepared.script, projectRoot),
    workspace: prepared.request.context.workspace,
  };
  const key = scopeKey(scope);
  return { id, ...prepared, ...options, scope, key, started: 0, settled: false, programs: new AbortController() };
}

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
  /** In the environment of all its processes (WORKER_TAG_VARIABLE). */
  tag: string;
  ready: boolean;
  current: Call | null;
  output: OutputTail;
  scope: WorkerScope;
  key: string;
  limits: ProcessLimits;
  /** The worker said it has used half its CPU budget: it serves nothing more. */
  retiring: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Started ahead of its conversation's calls (ToolWorkerPool.warm): the modules to load once it is ready. */
  preload?: Promise<string[]>;
};

export type WorkerEvents = {
  onMessage(worker: PoolWorker, message: Exclude<WorkerMessage, { type: 'loaded' }>): void;
  /** What the pool's owner is told of a worker's life (WorkerPoolOptions.onWorker). */
  onWorker?(event: WorkerEvent): void;
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
  const { child, tag } = launchWorker(launch, projectRoot, scope, limits);
  const worker: PoolWorker = {
    child,
    tag,
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
  const tell = (type: WorkerEvent['type']) => events.onWorker?.({ type, workspace: scope.workspace, pid: child.pid });
  child.on('message', (message: WorkerMessage) => {
    if (message.type === 'ready' || message.type === 'loaded') tell(message.type);
    if (message.type !== 'loaded') events.onMessage(worker, message);
  });
  tell('start');
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

/** Hands a call to its worker; `onFailed` when the message cannot be sent. */
export function sendCall(worker: PoolWorker, call: Call, onFailed: (reason: string) => void): void {
  const message: RunMessage = {
    type: 'run',
    id: call.id,
    script: call.script,
    module: call.module,
    request: call.request,
    maxOutputBytes: call.limits.maxOutputBytes,
  };
  worker.child.send(message, (error) => {
    if (error) onFailed(`could not send the call to the tool worker: ${error.message}`);
  });
}

/** Has a ready worker load the modules it was warmed for, before a call asks for them. */
export function sendPreload(worker: PoolWorker, isLive: () => boolean): void {
  void worker.preload?.then((modules) => {
    if (!isLive() || modules.length === 0) return;
    const message: LoadMessage = { type: 'load', modules };
    // A worker gone meanwhile needs nothing loaded: its exit is handled where it is seen.
    worker.child.send(message, () => undefined);
  });
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
    child.once('exit', () => {
      // Killed while it was setting up its sandbox, bubblewrap can leave the sandbox's first process
      // running (its --die-with-parent not yet in force), and the worker in it: found by the tag.
      if (!worker.ready) for (const pid of processesWith(WORKER_TAG_VARIABLE, worker.tag)) killQuietly(pid);
      resolve();
    });
    child.kill('SIGKILL');
  });
}

/** An idle worker must not keep the process alive (and exits after idleMs); a starting or busy one must. */
export function markIdle(worker: PoolWorker, idle: boolean, idleMs: number, onIdleTimeout: () => void): void {
  holdProcess(worker, !idle);
  clearTimeout(worker.idleTimer);
  if (idle && worker.ready) {
    worker.idleTimer = setTimeout(onIdleTimeout, idleMs);
    worker.idleTimer.unref();
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone meanwhile.
  }
}

/** A starting or busy worker keeps the pool's process alive; an idle one must not. */
function holdProcess(worker: PoolWorker, hold: boolean): void {
  const handles = [worker.child, worker.child.channel, worker.child.stdout, worker.child.stderr] as (
    { ref?: () => void; unref?: () => void } | null | undefined
  )[];
  for (const handle of handles) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}
