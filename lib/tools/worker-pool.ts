// A ToolExecutor over a pool of tool workers (child processes, in bubblewrap where it exists): tool
// modules stay loaded between the calls of one conversation. A worker serves one scope, an agent's
// folder and one conversation's workspace (worker-scope.ts), so no tool reaches another
// conversation's files or memory. Workers start on demand (up to the pool size) and exit when idle or
// when their conversation ends. Remora's pure tools handed to the pool (options.pureTools) run in this
// process; Python and shell scripts run confined, one process per call.
import { pureToolHandler, runPureTool } from './in-process-tools';
import type { ToolCallOptions, ToolExecution, ToolExecutor, ToolLimits, ToolRequest } from './protocol';
import { TOOL_WORKER_LIMITS, type ProcessLimits } from './sandbox/limits';
import { runSpawnedTool } from './spawn-tool';
import { isModuleScript } from './script-kinds';
import { cancelledMessage, failedExecution, timeoutMessage, toolLabel } from './tool-output';
import { toolWorkers, type ToolWorkers } from '../build/tool-worker-launch';
import { ToolBundles, type Bundle } from './tool-bundles';
import type { WorkerMessage } from './worker-messages';
import {
  elapsed,
  executionOf,
  isIdle,
  killWorker,
  markIdle,
  newCall,
  sendCall,
  sendPreload,
  settle,
  startPoolWorker,
  type Call,
  type PoolWorker,
  type PreparedCall,
} from './worker-process';
import { misplacedWorkspace, scopeEnded, scopeKey, type WorkerScope } from './worker-scope';
import { answerSpawn } from './worker-spawn-proxy';
import { modulesToLoad, scopesToWarm } from './worker-warm';
import type { WorkerPoolOptions } from './worker-pool-options';

const DEFAULT_IDLE_MS = 30_000;
export { isModuleScript } from './script-kinds';

export class ToolWorkerPool implements ToolExecutor {
  private readonly size: number;
  private readonly launcher: ToolWorkers;
  private readonly idleMs: number;
  private readonly allowUnconfined: boolean;
  private readonly workerLimits: ProcessLimits;
  /** Workers in use; a killed or exited one leaves the set at once, even while its process is still shutting down. */
  private readonly workers = new Set<PoolWorker>();
  private readonly queue: Call[] = [];
  private nextId = 1;
  private closed = false;
  private readonly bundles: ToolBundles;

  constructor(private readonly options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? 4));
    this.launcher = toolWorkers({ script: options.workerScript, projectRoot: options.projectRoot });
    this.bundles = new ToolBundles(this.launcher.bundles);
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.allowUnconfined = options.allowUnconfined ?? false;
    this.workerLimits = { ...TOOL_WORKER_LIMITS, ...options.workerLimits };
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
    const pure = pureToolHandler(script, this.launcher.projectRoot, this.options.pureTools ?? []);
    if (pure) return runPureTool(pure, script, request, limits);
    if (!isModuleScript(script)) return runSpawnedTool(script, request, limits, signal, { allowUnconfined });
    if (signal?.aborted) return Promise.resolve(failedExecution('tool_failed', cancelledMessage(script), 0));
    const misplaced = misplacedWorkspace(request.context.workspace);
    if (misplaced) return Promise.resolve(failedExecution('tool_failed', misplaced, 0));
    // Queued at once, also while its tool is being bundled, so that a cancel or a close right after finds the call.
    const prepared = { script, module: undefined, request, limits };
    return this.enqueue(prepared, this.bundles.bundleFor(script), signal, allowUnconfined);
  }

  private enqueue(
    prepared: PreparedCall,
    bundling: Promise<Bundle> | null,
    signal: AbortSignal | undefined,
    allowUnconfined: boolean,
  ): Promise<ToolExecution> {
    return new Promise((resolve) => {
      const options = { signal, allowUnconfined, bundling: bundling !== null, resolve };
      const call = newCall(this.nextId++, prepared, this.launcher.projectRoot, options);
      bundling?.then((bundle) => this.bundled(call, bundle));
      if (signal) {
        call.onAbort = () => this.cancel(call);
        signal.addEventListener('abort', call.onAbort, { once: true });
      }
      this.queue.push(call);
      this.pump();
    });
  }

  /** The tool's bundle is ready, or could not be made: the call may go to a worker, or fails. */
  private bundled(call: Call, bundle: Bundle): void {
    call.bundling = false;
    if (call.settled) return;
    if (bundle.ok) call.module = bundle.module;
    else {
      this.queue.splice(this.queue.indexOf(call), 1);
      const error = `could not compile tool "${toolLabel(call.script)}": ${bundle.error}`;
      settle(call, failedExecution('tool_failed', error, 0));
    }
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.queue.splice(0))
      settle(call, failedExecution('tool_failed', 'the tool pool was closed', 0));
    const exits = [...this.workers].map((worker) => {
      if (worker.current)
        settle(worker.current, failedExecution('tool_failed', 'the tool pool was closed', elapsed(worker.current)));
      return this.retire(worker);
    });
    await Promise.all(exits);
  }

  /**
   * Starts the worker a conversation will need (loading `scripts`) while its model is asked (worker-warm.ts). Best
   * effort: never queues, never displaces a worker; an ordinary worker of its scope, stopped by release().
   */
  warm(scripts: readonly string[], workspace: string | null): void {
    // Workers without a workspace are shared by conversations and kept: there is nothing to start ahead.
    if (this.closed || workspace === null || misplacedWorkspace(workspace)) return;
    for (const worker of this.workers) if (isIdle(worker) && scopeEnded(worker.scope)) void this.retire(worker);
    for (const wanted of scopesToWarm(scripts, workspace, this.launcher.projectRoot, this.options.pureTools ?? [])) {
      if (this.workers.size >= this.size || [...this.workers].some((worker) => worker.key === wanted.key)) continue;
      const worker = this.startWorker(wanted.scope);
      if (worker) worker.preload = modulesToLoad(this.bundles, wanted.scripts);
    }
  }

  async release(workspace: string): Promise<void> {
    const waiting = new Set(this.queue.map((call) => call.key));
    const ending = [...this.workers].filter(
      (worker) => worker.scope.workspace === workspace && !worker.current && !waiting.has(worker.key),
    );
    await Promise.all(ending.map((worker) => this.retire(worker)));
    this.pump();
  }

  /** Hands queued calls to idle workers of their scope, and starts workers (up to the pool size) for the rest. */
  private pump(): void {
    if (this.closed) return;
    // A worker whose conversation has ended serves no one again.
    for (const worker of this.workers) if (isIdle(worker) && scopeEnded(worker.scope)) void this.retire(worker);
    // Workers already starting will each take one waiting call of their scope.
    const starting = new Map<string, number>();
    for (const worker of this.workers) if (!worker.ready) starting.set(worker.key, (starting.get(worker.key) ?? 0) + 1);
    for (let index = 0; index < this.queue.length;) {
      const call = this.queue[index];
      const idle = [...this.workers].find((worker) => isIdle(worker) && worker.key === call.key);
      if (idle && !call.bundling) {
        this.queue.splice(index, 1);
        this.dispatch(idle, call);
        continue;
      }
      index++;
      // A call whose tool is being bundled has its worker ready, or starts one meanwhile.
      if (idle) continue;
      const waitingFor = starting.get(call.key) ?? 0;
      if (waitingFor > 0) {
        starting.set(call.key, waitingFor - 1);
        continue;
      }
      if (this.workers.size >= this.size) {
        // A full pool makes room by retiring an idle worker that serves another scope.
        const spare = [...this.workers].find((worker) => isIdle(worker));
        if (!spare) continue;
        void this.retire(spare);
      }
      this.startWorker(call.scope);
    }
  }

  private startWorker(scope: WorkerScope): PoolWorker | null {
    try {
      const worker = startPoolWorker(this.launcher.launch(), this.launcher.projectRoot, scope, this.workerLimits, {
        onMessage: (from, message) => this.onMessage(from, message),
        onExit: (from, how) => this.onExit(from, how),
        onWorker: this.options.onWorker,
      });
      this.workers.add(worker);
      return worker;
    } catch (error) {
      this.failOneWaiting(scopeKey(scope), error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /** A worker for `key` could not start: one call waiting for it fails, so a broken setup cannot loop forever. */
  private failOneWaiting(key: string, reason: string): void {
    const waiting = this.queue.findIndex((call) => call.key === key);
    if (waiting >= 0)
      settle(
        this.queue.splice(waiting, 1)[0],
        failedExecution('tool_failed', `the tool worker could not start: ${reason}`, 0),
      );
  }

  private onMessage(worker: PoolWorker, message: Exclude<WorkerMessage, { type: 'loaded' }>): void {
    // A retired worker is being killed: a late 'ready' must not mark it idle, which would unref it and
    // let the process exit before the kill is seen (close() then never settled: exit code 13).
    if (!this.workers.has(worker)) return;
    if (message.type === 'ready') {
      worker.ready = true;
      sendPreload(worker, () => this.workers.has(worker));
      this.setIdle(worker, true);
      this.pump();
      return;
    }
    const call = worker.current;
    if (!call || call.id !== message.id) return;
    if (message.type === 'spawn') {
      answerSpawn(worker, call, message);
      return;
    }
    worker.current = null;
    if (message.retire) {
      worker.retiring = true;
      void this.retire(worker);
    } else this.setIdle(worker, true);
    settle(call, executionOf(call, message));
    this.pump();
  }

  private onExit(worker: PoolWorker, how: string): void {
    clearTimeout(worker.idleTimer);
    if (!this.workers.has(worker)) return;
    this.workers.delete(worker);
    const call = worker.current;
    worker.current = null;
    const output = worker.output.toString();
    const detail = output ? `: ${output}` : '';
    if (call) {
      settle(
        call,
        failedExecution('tool_failed', `tool "${toolLabel(call.script)}" failed: ${how}${detail}`, elapsed(call)),
      );
    } else if (!worker.ready && !this.closed) {
      this.failOneWaiting(worker.key, `${how}${detail}`);
    }
    this.pump();
  }

  private dispatch(worker: PoolWorker, call: Call): void {
    worker.current = call;
    worker.output.clear();
    this.setIdle(worker, false);
    call.started = performance.now();
    const fail = (execution: ToolExecution) => {
      settle(call, execution);
      void this.retire(worker);
      this.pump();
    };
    call.timer = setTimeout(
      () => fail(failedExecution('tool_timeout', timeoutMessage(call.script, call.limits.timeoutMs), elapsed(call))),
      call.limits.timeoutMs,
    );
    sendCall(worker, call, (reason) => fail(failedExecution('tool_failed', reason, elapsed(call))));
  }

  private cancel(call: Call): void {
    if (call.settled) return;
    const queued = this.queue.indexOf(call);
    if (queued >= 0) this.queue.splice(queued, 1);
    settle(call, failedExecution('tool_failed', cancelledMessage(call.script), elapsed(call)));
    const running = [...this.workers].find((worker) => worker.current === call);
    if (running) {
      void this.retire(running);
      this.pump();
    }
  }

  /** Stops using a worker and kills it. */
  private retire(worker: PoolWorker): Promise<void> {
    worker.current = null;
    this.workers.delete(worker);
    return killWorker(worker);
  }

  private setIdle(worker: PoolWorker, idle: boolean): void {
    markIdle(worker, idle, this.idleMs, () => {
      if (this.workers.has(worker) && !worker.current) void this.retire(worker);
    });
  }
}
