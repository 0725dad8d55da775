// A ToolExecutor over a pool of reused tool workers (child processes, confined by bubblewrap where it
// is available): JavaScript/TypeScript tool modules stay loaded between calls. Workers start when a
// call needs one (up to the pool size) and exit after a short idle time; Remora's own pure tools run
// in this process; other scripts (Python, shell) run confined, one process per call.
import type { ChildProcess } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { pureToolHandler, runPureTool } from './in-process-tools';
import type { ToolCallOptions, ToolExecution, ToolExecutor, ToolLimits, ToolRequest } from './protocol';
import { parseJson } from '../protocol/json';
import { sandboxHost } from './sandbox/host';
import { isWithin } from './sandbox/paths';
import { runSpawnedTool } from './spawn-tool';
import { isModuleScript } from './script-kinds';
import {
  OutputTail,
  cancelledMessage,
  executionFromValue,
  failedExecution,
  timeoutMessage,
  toolLabel,
} from './tool-output';
import { toolWorkerLaunch, type WorkerLaunch } from '../build/tool-worker-launch';
import { extraReadableFor, launchWorker, projectRootOf } from './worker-launch';
import { ToolBundles } from './tool-bundles';
import type { RunMessage, SpawnedMessage, WorkerMessage } from './worker-messages';
import { serveSpawn } from './worker-spawn-proxy';
import { processWorkRoot } from './work-root';

export type WorkerPoolOptions = {
  /** Most worker processes at once (default 4). */
  size?: number;
  /** Path of the worker script (tool-worker.ts or the compiled .js); set it when this module is bundled and cannot find its neighbour. */
  workerScript?: string;
  /** An idle worker exits after this many milliseconds (default 30 s). */
  idleMs?: number;
  /** For calls that do not say: where no sandbox exists, run programs for the model anyway. */
  allowUnconfined?: boolean;
};

export const DEFAULT_IDLE_MS = 30_000;
export { isModuleScript } from './script-kinds';

type Call = {
  id: number;
  script: string;
  /** The compiled bundle the worker imports instead (when Remora runs compiled). */
  module?: string;
  request: ToolRequest;
  limits: ToolLimits;
  signal?: AbortSignal;
  allowUnconfined: boolean;
  /** Folder outside the project the worker must be able to read (the script's agent folder). */
  extra: string | null;
  resolve: (execution: ToolExecution) => void;
  started: number;
  settled: boolean;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
  /** Aborted when the call ends, stopping any program it had the pool run. */
  programs: AbortController;
};

type Worker = {
  child: ChildProcess;
  ready: boolean;
  current: Call | null;
  output: OutputTail;
  extra: string | null;
  idleTimer?: NodeJS.Timeout;
};

export class ToolWorkerPool implements ToolExecutor {
  private readonly size: number;
  private readonly launch: WorkerLaunch;
  private readonly projectRoot: string;
  private readonly idleMs: number;
  private readonly allowUnconfined: boolean;
  /** Workers in use; a killed or exited one leaves the set at once, even while its process is still shutting down. */
  private readonly workers = new Set<Worker>();
  private readonly queue: Call[] = [];
  private nextId = 1;
  private closed = false;
  private readonly bundles = new ToolBundles();

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? 4));
    this.launch = toolWorkerLaunch(options.workerScript);
    this.projectRoot = projectRootOf(this.launch.script);
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.allowUnconfined = options.allowUnconfined ?? false;
  }

  /** Worker processes alive now (starting, busy or idle). */
  get workerCount(): number {
    return this.workers.size;
  }

  execute(
    script: string,
    request: ToolRequest,
    limits: ToolLimits,
    signal?: AbortSignal,
    options: ToolCallOptions = {},
  ): Promise<ToolExecution> {
    if (this.closed) return Promise.resolve(failedExecution('tool_failed', 'the tool pool is closed', 0));
    const allowUnconfined = options.allowUnconfined ?? this.allowUnconfined;
    const pure = pureToolHandler(script, this.projectRoot);
    if (pure) return runPureTool(pure, script, request, limits);
    if (!isModuleScript(script)) return runSpawnedTool(script, request, limits, signal, { allowUnconfined });
    if (signal?.aborted) return Promise.resolve(failedExecution('tool_failed', cancelledMessage(script), 0));
    const misplaced = misplacedWorkspace(request.context.workspace);
    if (misplaced) return Promise.resolve(failedExecution('tool_failed', misplaced, 0));
    // Queued at once when there is nothing to compile, so that a cancel or a close right after finds the call.
    const bundling = this.bundles.bundleFor(script);
    if (!bundling) return this.enqueue(script, undefined, request, limits, signal, allowUnconfined);
    return bundling.then((bundle) => {
      if (!bundle.ok)
        return failedExecution('tool_failed', `could not compile tool "${toolLabel(script)}": ${bundle.error}`, 0);
      return this.enqueue(script, bundle.module, request, limits, signal, allowUnconfined);
    });
  }

  private enqueue(
    script: string,
    module: string | undefined,
    request: ToolRequest,
    limits: ToolLimits,
    signal: AbortSignal | undefined,
    allowUnconfined: boolean,
  ): Promise<ToolExecution> {
    if (this.closed) return Promise.resolve(failedExecution('tool_failed', 'the tool pool is closed', 0));
    return new Promise((resolve) => {
      const extra = extraReadableFor(script, this.projectRoot);
      const call: Call = {
        id: this.nextId++,
        script,
        module,
        request,
        limits,
        signal,
        allowUnconfined,
        extra,
        resolve,
        started: 0,
        settled: false,
        programs: new AbortController(),
      };
      if (signal) {
        call.onAbort = () => this.cancel(call);
        signal.addEventListener('abort', call.onAbort, { once: true });
      }
      this.queue.push(call);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.queue.splice(0))
      this.settle(call, failedExecution('tool_failed', 'the tool pool was closed', 0));
    const exits = [...this.workers].map((worker) => {
      if (worker.current)
        this.settle(
          worker.current,
          failedExecution('tool_failed', 'the tool pool was closed', this.elapsed(worker.current)),
        );
      return this.retire(worker);
    });
    await Promise.all(exits);
  }

  /** Hands queued calls to idle workers that can serve them, and starts workers (up to the pool size) for the rest. */
  private pump(): void {
    if (this.closed) return;
    // Workers already starting will each take one waiting call of their kind.
    const starting = new Map<string | null, number>();
    for (const worker of this.workers)
      if (!worker.ready) starting.set(worker.extra, (starting.get(worker.extra) ?? 0) + 1);
    for (let index = 0; index < this.queue.length;) {
      const call = this.queue[index];
      const idle = [...this.workers].find((worker) => worker.ready && !worker.current && worker.extra === call.extra);
      if (idle) {
        this.queue.splice(index, 1);
        this.dispatch(idle, call);
        continue;
      }
      index++;
      const waitingFor = starting.get(call.extra) ?? 0;
      if (waitingFor > 0) {
        starting.set(call.extra, waitingFor - 1);
        continue;
      }
      if (this.workers.size >= this.size) {
        // A full pool makes room by retiring an idle worker that serves other agents' folders.
        const spare = [...this.workers].find((worker) => worker.ready && !worker.current);
        if (!spare) continue;
        void this.retire(spare);
      }
      this.startWorker(call.extra);
    }
  }

  private startWorker(extra: string | null): void {
    let child: ChildProcess;
    try {
      child = launchWorker(this.launch, this.projectRoot, extra).child;
    } catch (error) {
      const waiting = this.queue.findIndex((call) => call.extra === extra);
      if (waiting >= 0)
        this.settle(
          this.queue.splice(waiting, 1)[0],
          failedExecution(
            'tool_failed',
            `the tool worker could not start: ${error instanceof Error ? error.message : String(error)}`,
            0,
          ),
        );
      return;
    }
    const worker: Worker = { child, ready: false, current: null, output: new OutputTail(), extra };
    this.workers.add(worker);
    child.stdout?.on('data', (chunk: Buffer) => worker.output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => worker.output.push(chunk));
    child.on('message', (message: WorkerMessage) => this.onMessage(worker, message));
    child.on('error', (error) => this.onExit(worker, `could not run the tool worker: ${error.message}`));
    child.on('exit', (code, signal) => {
      const how = code === null ? `was killed by ${signal}` : `exited with code ${code}`;
      // Wait for the pipes to close (briefly) so that the last lines the process wrote, usually a stack trace, are kept.
      let reported = false;
      const report = () => {
        if (reported) return;
        reported = true;
        clearTimeout(fallback);
        this.onExit(worker, `tool process ${how}`);
      };
      const fallback = setTimeout(report, 200);
      child.once('close', report);
    });
  }

  private onMessage(worker: Worker, message: WorkerMessage): void {
    if (message.type === 'ready') {
      worker.ready = true;
      this.setIdle(worker, true);
      this.pump();
      return;
    }
    const call = worker.current;
    if (!call || call.id !== message.id) return;
    if (message.type === 'spawn') {
      this.runForCall(worker, call, message);
      return;
    }
    worker.current = null;
    this.setIdle(worker, true);
    const durationMs = this.elapsed(call);
    if (message.status === 'failed') {
      this.settle(call, failedExecution(message.kind, message.message, durationMs));
    } else {
      const json = parseJson(message.json);
      this.settle(
        call,
        json.ok
          ? executionFromValue(call.script, json.value, durationMs)
          : failedExecution('tool_output_invalid', json.error, durationMs),
      );
    }
    this.pump();
  }

  /** A program the tool in `call` asked for (pytest): checked against the call, run here, the result sent back. */
  private runForCall(worker: Worker, call: Call, message: Extract<WorkerMessage, { type: 'spawn' }>): void {
    const remainingMs = Math.max(1, call.limits.timeoutMs - this.elapsed(call));
    void serveSpawn(message.run, {
      workspace: call.request.context.workspace,
      allowUnconfined: call.allowUnconfined,
      remainingMs,
      signal: call.programs.signal,
    }).then((result) => {
      if (worker.current !== call) return;
      const reply: SpawnedMessage = { type: 'spawned', requestId: message.requestId, result };
      worker.child.send(reply);
    });
  }

  private onExit(worker: Worker, how: string): void {
    clearTimeout(worker.idleTimer);
    if (!this.workers.has(worker)) return;
    this.workers.delete(worker);
    const call = worker.current;
    worker.current = null;
    const output = worker.output.toString();
    const detail = output ? `: ${output}` : '';
    if (call) {
      this.settle(
        call,
        failedExecution('tool_failed', `tool "${toolLabel(call.script)}" failed: ${how}${detail}`, this.elapsed(call)),
      );
    } else if (!worker.ready && !this.closed) {
      // The worker died before it could serve anything; fail one waiting call so a broken setup cannot loop forever.
      const waiting = this.queue.findIndex((queued) => queued.extra === worker.extra);
      if (waiting >= 0)
        this.settle(
          this.queue.splice(waiting, 1)[0],
          failedExecution('tool_failed', `the tool worker could not start: ${how}${detail}`, 0),
        );
    }
    this.pump();
  }

  private dispatch(worker: Worker, call: Call): void {
    worker.current = call;
    worker.output.clear();
    this.setIdle(worker, false);
    call.started = performance.now();
    call.timer = setTimeout(() => {
      this.settle(
        call,
        failedExecution('tool_timeout', timeoutMessage(call.script, call.limits.timeoutMs), this.elapsed(call)),
      );
      void this.retire(worker);
      this.pump();
    }, call.limits.timeoutMs);
    const message: RunMessage = {
      type: 'run',
      id: call.id,
      script: call.script,
      module: call.module,
      request: call.request,
      maxOutputBytes: call.limits.maxOutputBytes,
    };
    worker.child.send(message, (error) => {
      if (!error) return;
      this.settle(
        call,
        failedExecution(
          'tool_failed',
          `could not send the call to the tool worker: ${error.message}`,
          this.elapsed(call),
        ),
      );
      void this.retire(worker);
      this.pump();
    });
  }

  private cancel(call: Call): void {
    if (call.settled) return;
    const queued = this.queue.indexOf(call);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.settle(call, failedExecution('tool_failed', cancelledMessage(call.script), this.elapsed(call)));
    const running = [...this.workers].find((worker) => worker.current === call);
    if (running) {
      void this.retire(running);
      this.pump();
    }
  }

  private settle(call: Call, execution: ToolExecution): void {
    if (call.settled) return;
    call.settled = true;
    clearTimeout(call.timer);
    call.programs.abort();
    if (call.onAbort) call.signal?.removeEventListener('abort', call.onAbort);
    call.resolve(execution);
  }

  /** Stops using a worker and kills it; resolves when the process is gone. */
  private retire(worker: Worker): Promise<void> {
    clearTimeout(worker.idleTimer);
    worker.current = null;
    this.workers.delete(worker);
    const { child } = worker;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    // Waiting on an unref'd child would let the process exit before 'exit' arrives.
    this.setIdle(worker, false);
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  private elapsed(call: Call): number {
    return call.started === 0 ? 0 : performance.now() - call.started;
  }

  /** An idle worker must not keep the process alive (and exits after idleMs); a starting or busy one must. */
  private setIdle(worker: Worker, idle: boolean): void {
    const handles = [worker.child, worker.child.channel, worker.child.stdout, worker.child.stderr] as (
      { ref?: () => void; unref?: () => void } | null | undefined
    )[];
    for (const handle of handles) {
      if (idle) handle?.unref?.();
      else handle?.ref?.();
    }
    clearTimeout(worker.idleTimer);
    if (idle && worker.ready) {
      worker.idleTimer = setTimeout(() => {
        if (this.workers.has(worker) && !worker.current) void this.retire(worker);
      }, this.idleMs);
      worker.idleTimer.unref();
    }
  }
}

/** A workspace that exists outside Remora's workspaces folder, which a confined worker cannot see: say so plainly. */
function misplacedWorkspace(workspace: string | null): string | null {
  if (!workspace || sandboxHost().confinement !== 'bubblewrap' || !existsSync(workspace)) return null;
  const folder = processWorkRoot().workspaces;
  if (isWithin(realpathSync(folder), realpathSync(workspace))) return null;
  return `the workspace ${workspace} is outside Remora's workspaces folder (${folder}), which is the only place sandboxed tools can write; create workspaces with createWorkspaceFolder() (lib/tools/work-root.ts)`;
}
