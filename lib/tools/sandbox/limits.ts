// Resource limits of confined processes, applied by the kernel (setrlimit through prlimit) inside
// the sandbox, so that they hold for everything the program starts too.
import { LIMITS } from '../../protocol/limits';

export type ProcessLimits = {
  /** CPU seconds per process (RLIMIT_CPU): SIGXCPU at this many, SIGKILL one second later. */
  cpuSeconds: number | null;
  /**
   * Address space per process (RLIMIT_AS); null where it cannot be used (V8 reserves far more than
   * it uses for WebAssembly).
   */
  memoryBytes: number | null;
  /**
   * Writable private memory per process (RLIMIT_DATA): the bound that works for Node, since address
   * space V8 only reserves (PROT_NONE, WebAssembly's guard regions) is not counted; Buffers are.
   */
  dataBytes: number | null;
  /** Processes and threads in the sandbox (RLIMIT_NPROC, counted per sandbox in its own user namespace). */
  processes: number;
  /** Largest file a process may write (RLIMIT_FSIZE). */
  fileBytes: number;
  openFiles: number;
  /** Size of the private /tmp (memory-backed). */
  tmpBytes: number;
  /**
   * What a confined program's workspace may hold in all (workspace-bound.ts); unbounded when absent.
   * Tools and pytest on a conversation's workspace ask for DEFAULT_WORKSPACE_BYTES unless told otherwise.
   */
  workspaceBytes?: number;
};

const MiB = 1024 * 1024;

/** A workspace holds one file's package and its tests: 256 MiB is far more than that, far less than a disk. */
export const DEFAULT_WORKSPACE_BYTES = LIMITS.workspaceBytes.default;

/** For one run of a program on the model's behalf (pytest on the model's tests, an agent's Python script). */
/** The V8 heap of a tool worker (--max-old-space-size), inside TOOL_WORKER_LIMITS.dataBytes. */
export const WORKER_HEAP_MB = 1024;

export const CONFINED_PROCESS_LIMITS: ProcessLimits = {
  cpuSeconds: 120,
  memoryBytes: 2048 * MiB,
  dataBytes: null,
  processes: 64,
  fileBytes: 64 * MiB,
  openFiles: 256,
  tmpBytes: 256 * MiB,
};

/**
 * For a tool worker (Node running an agent's JavaScript or TypeScript tools for one conversation).
 * The CPU time is the worker's whole budget: a worker retires itself once it has used half of it
 * (tool-worker.ts), so that only a call that spins that long meets the limit. The V8 heap is bounded
 * by --max-old-space-size (WORKER_HEAP_MB); dataBytes leaves it room and bounds Buffers besides.
 * Node itself runs about a dozen threads, which count as processes.
 */
export const TOOL_WORKER_LIMITS: ProcessLimits = {
  cpuSeconds: 300,
  memoryBytes: null,
  dataBytes: 1536 * MiB,
  processes: 64,
  fileBytes: 64 * MiB,
  openFiles: 1024,
  tmpBytes: 256 * MiB,
};

/**
 * prlimit's options for these limits (core dumps always off). `perUser: false` leaves out the
 * process count, which outside a sandbox's user namespace would count all of the user's processes.
 */
export function prlimitArguments(limits: ProcessLimits, options: { perUser?: boolean } = {}): string[] {
  const args = [
    ...(options.perUser === false ? [] : [`--nproc=${limits.processes}`]),
    `--fsize=${limits.fileBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
  ];
  // The soft limit sends SIGXCPU, which says why; the hard one, a second later, is SIGKILL.
  if (limits.cpuSeconds !== null) args.push(`--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`);
  if (limits.memoryBytes !== null) args.push(`--as=${limits.memoryBytes}`);
  if (limits.dataBytes !== null) args.push(`--data=${limits.dataBytes}`);
  return args;
}
