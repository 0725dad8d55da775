// A ToolExecutor over a pool of reused child processes: JavaScript/TypeScript tool modules stay loaded between calls.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageFolder } from '../package-path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ToolExecution, ToolExecutor, ToolLimits, ToolRequest } from './protocol';
import { parseJson } from './request-schema';
import { runSpawnedTool, type SpawnOptions } from './spawn-tool';
import {
  OutputTail,
  cancelledMessage,
  executionFromValue,
  failedExecution,
  timeoutMessage,
  toolLabel,
} from './tool-output';
import type { RunMessage, WorkerMessage } from './worker-messages';

export type WorkerPoolOptions = SpawnOptions & {
  /** Number of worker processes (default 4). */
  size?: number;
  /** Path of tool-worker.ts; set it when this module is bundled and cannot find its neighbour. */
  workerScript?: string;
};

const MODULE_EXTENSIONS = new Set(['.ts', '.js', '.mjs', '.mts']);

/** True for scripts the pool loads as modules; everything else runs as its own process. */
export function isModuleScript(script: string): boolean {
  return MODULE_EXTENSIONS.has(path.extname(script).toLowerCase());
}

type Call = {
  id: number;
  script: string;
  request: ToolRequest;
  limits: ToolLimits;
  signal?: AbortSignal;
  resolve: (execution: ToolExecution) => void;
  started: number;
  settled: boolean;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
};

type Worker = {
  child: ChildProcess;
  ready: boolean;
  current: Call | null;
  output: OutputTail;
};

export class ToolWorkerPool implements ToolExecutor {
  private readonly size: number;
  private readonly workerScript: string;
  private readonly spawnOptions: SpawnOptions;
  /** Workers in use; a killed or exited one leaves the set at once, even while its process is still shutting down. */
  private readonly workers = new Set<Worker>();
  private readonly queue: Call[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? 4));
    this.workerScript = options.workerScript ?? fileURLToPath(new URL('./tool-worker.ts', import.meta.url));
    this.spawnOptions = { pythonCommand: options.pythonCommand };
  }

  execute(script: string, request: ToolRequest, limits: ToolLimits, signal?: AbortSignal): Promise<ToolExecution> {
    if (this.closed) return Promise.resolve(failedExecution('tool_failed', 'the tool pool is closed', 0));
    if (!isModuleScript(script)) return runSpawnedTool(script, request, limits, signal, this.spawnOptions);
    if (signal?.aborted) return Promise.resolve(failedExecution('tool_failed', cancelledMessage(script), 0));

    return new Promise((resolve) => {
      const call: Call = { id: this.nextId++, script, request, limits, signal, resolve, started: 0, settled: false };
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
    for (const call of this.queue.splice(0)) this.settle(call, failedExecution('tool_failed', 'the tool pool was closed', 0));
    const exits = [...this.workers].map((worker) => {
      if (worker.current) this.settle(worker.current, failedExecution('tool_failed', 'the tool pool was closed', this.elapsed(worker.current)));
      return this.retire(worker);
    });
    await Promise.all(exits);
  }

  /** Hands queued calls to idle workers and starts workers (up to the pool size) for the rest. */
  private pump(): void {
    if (this.closed) return;
    for (const worker of this.workers) {
      if (this.queue.length === 0) return;
      if (worker.ready && !worker.current) this.dispatch(worker, this.queue.shift() as Call);
    }
    const starting = [...this.workers].filter((worker) => !worker.ready).length;
    let needed = this.queue.length - starting;
    while (needed > 0 && this.workers.size < this.size) {
      this.startWorker();
      needed--;
    }
  }

  private startWorker(): void {
    const child = fork(this.workerScript, [], {
      execArgv: ['--import', tsxLoaderUrl()],
      // stdout and stderr are pipes of their own, so a tool's console.log cannot disturb the IPC channel.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
    });
    const worker: Worker = { child, ready: false, current: null, output: new OutputTail() };
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
    worker.current = null;
    this.setIdle(worker, true);
    const durationMs = this.elapsed(call);
    if (message.status === 'failed') {
      this.settle(call, failedExecution(message.kind, message.message, durationMs));
    } else {
      const json = parseJson(message.json);
      this.settle(call, json.ok ? executionFromValue(call.script, json.value, durationMs) : failedExecution('tool_output_invalid', json.error, durationMs));
    }
    this.pump();
  }

  private onExit(worker: Worker, how: string): void {
    if (!this.workers.has(worker)) return;
    this.workers.delete(worker);
    const call = worker.current;
    worker.current = null;
    const output = worker.output.toString();
    const detail = output ? `: ${output}` : '';
    if (call) {
      this.settle(call, failedExecution('tool_failed', `tool "${toolLabel(call.script)}" failed: ${how}${detail}`, this.elapsed(call)));
    } else if (!worker.ready && !this.closed) {
      // The worker died before it could serve anything; fail one waiting call so a broken setup cannot loop forever.
      const waiting = this.queue.shift();
      if (waiting) this.settle(waiting, failedExecution('tool_failed', `the tool worker could not start: ${how}${detail}`, 0));
    }
    this.pump();
  }

  private dispatch(worker: Worker, call: Call): void {
    worker.current = call;
    worker.output.clear();
    this.setIdle(worker, false);
    call.started = performance.now();
    call.timer = setTimeout(() => {
      this.settle(call, failedExecution('tool_timeout', timeoutMessage(call.script, call.limits.timeoutMs), this.elapsed(call)));
      void this.retire(worker);
      this.pump();
    }, call.limits.timeoutMs);
    const message: RunMessage = { type: 'run', id: call.id, script: call.script, request: call.request, maxOutputBytes: call.limits.maxOutputBytes };
    worker.child.send(message, (error) => {
      if (!error) return;
      this.settle(call, failedExecution('tool_failed', `could not send the call to the tool worker: ${error.message}`, this.elapsed(call)));
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
    if (call.onAbort) call.signal?.removeEventListener('abort', call.onAbort);
    call.resolve(execution);
  }

  /** Stops using a worker and kills it; resolves when the process is gone. */
  private retire(worker: Worker): Promise<void> {
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

  /** An idle worker must not keep the process alive; a starting or busy one must. */
  private setIdle(worker: Worker, idle: boolean): void {
    const handles = [worker.child, worker.child.channel, worker.child.stdout, worker.child.stderr] as ({ ref?: () => void; unref?: () => void } | null | undefined)[];
    for (const handle of handles) {
      if (idle) handle?.unref?.();
      else handle?.ref?.();
    }
  }
}

let loaderUrl: string | null = null;

/** tsx's loader as an absolute URL: a bare `--import tsx` would resolve from the current folder, which may be anywhere. */
function tsxLoaderUrl(): string {
  if (loaderUrl) return loaderUrl;
  const require = createRequire(import.meta.url);
  const manifestPath = path.join(packageFolder('tsx', require.resolve('tsx/package.json')), 'package.json');
  const manifest = parseJson(readFileSync(manifestPath, 'utf8'));
  const exported = manifest.ok ? (manifest.value as { exports?: Record<string, unknown> }).exports?.['.'] : undefined;
  const entry = typeof exported === 'string' ? exported : './dist/loader.mjs';
  loaderUrl = pathToFileURL(path.join(path.dirname(manifestPath), entry)).href;
  return loaderUrl;
}
