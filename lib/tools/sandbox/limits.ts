// Resource limits of confined processes, applied by the kernel (setrlimit through prlimit) inside
// the sandbox, so that they hold for everything the program starts too.

export type ProcessLimits = {
  /** CPU seconds per process (RLIMIT_CPU); null for a long-lived worker, which is stopped by each call's time limit instead. */
  cpuSeconds: number | null;
  /** Address space per process (RLIMIT_AS); null where it cannot be used (V8 reserves far more than it uses for WebAssembly). */
  memoryBytes: number | null;
  /** Processes and threads in the sandbox (RLIMIT_NPROC, counted per sandbox in its own user namespace). */
  processes: number;
  /** Largest file a process may write (RLIMIT_FSIZE). */
  fileBytes: number;
  openFiles: number;
  /** Size of the private /tmp (memory-backed). */
  tmpBytes: number;
};

const MiB = 1024 * 1024;

/** For one run of a program on the model's behalf (pytest on the model's tests, an agent's Python script). */
export const CONFINED_PROCESS_LIMITS: ProcessLimits = {
  cpuSeconds: 120,
  memoryBytes: 2048 * MiB,
  processes: 64,
  fileBytes: 64 * MiB,
  openFiles: 256,
  tmpBytes: 256 * MiB,
};

/** For a reused tool worker (Node running an agent's JavaScript or TypeScript tools). */
export const TOOL_WORKER_LIMITS: ProcessLimits = {
  cpuSeconds: null,
  memoryBytes: null,
  processes: 256,
  fileBytes: 64 * MiB,
  openFiles: 1024,
  tmpBytes: 256 * MiB,
};

/** prlimit's options for these limits (core dumps always off). */
export function prlimitArguments(limits: ProcessLimits): string[] {
  const args = [
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
  ];
  if (limits.cpuSeconds !== null) args.push(`--cpu=${limits.cpuSeconds}`);
  if (limits.memoryBytes !== null) args.push(`--as=${limits.memoryBytes}`);
  return args;
}
