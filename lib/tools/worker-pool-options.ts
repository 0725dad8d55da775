// What a ToolWorkerPool (worker-pool.ts) can be told.
import type { PureTool } from './in-process-tools';
import type { ProcessLimits } from './sandbox/limits';

export type WorkerPoolOptions = {
  /** Most worker processes at once (default 4). */
  size?: number;
  /** A worker script to run as given (tool-worker.ts or a compiled .js), instead of the best current one. */
  workerScript?: string;
  /** The project whose workers to start; set it where, bundled, this module cannot find its sources. */
  projectRoot?: string;
  /** An idle worker exits after this many milliseconds (default 30 s). */
  idleMs?: number;
  /** For calls that do not say: where no sandbox exists, run programs for the model anyway. */
  allowUnconfined?: boolean;
  /** Tighter kernel limits for each worker than TOOL_WORKER_LIMITS (tests use a small CPU budget). */
  workerLimits?: Partial<ProcessLimits>;
  /** Remora's pure tools to run in this process rather than in a worker (agents/harness/pure-tools.ts). */
  pureTools?: readonly PureTool[];
  /** Told when a worker starts, is ready for calls, and has loaded what warm() asked (tests watch warming with it). */
  onWorker?(event: WorkerEvent): void;
};

export type WorkerEvent = { type: 'start' | 'ready' | 'loaded'; workspace: string | null; pid: number | undefined };
