// Runs a program on the model's behalf (pytest on tests it wrote, an agent's Python script) in a
// sandbox of its own: the given folders writable, the interpreter and the system read-only,
// nothing else, no network, bounded time, memory, processes and output. This is the one way
// Remora starts such programs; tools, task-success checks and campaigns all come through here.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { errorMessage } from '../../errors';
import { confinedArgv } from './command';
import { sandboxEnvironment } from './environment';
import { pythonInfo, sandboxHost, type Confinement, type PythonInfo } from './host';
import { CONFINED_PROCESS_LIMITS, prlimitArguments, type ProcessLimits } from './limits';
import { handOver, workRootMarker } from '../work-root';

/** Interpreters are Remora's choice, by name; a caller never passes a program path. */
export type ConfinedProgram = 'python' | 'bash';

export type ConfinedRun = {
  program: ConfinedProgram;
  args: string[];
  /** Working folder; must be one of `writable` or inside one. */
  cwd: string;
  /** Folders the program may change (a workspace). */
  writable: string[];
  /** More folders it may read (an agent's own folder for its script). */
  readable?: string[];
  stdin?: string;
  /** Variables the tool declares it needs, on top of the minimal environment. */
  env?: Record<string, string>;
  timeoutMs: number;
  /** Output kept per stream; more stdout than this stops the program (default 256 KiB). */
  maxOutputBytes?: number;
  limits?: Partial<ProcessLimits>;
  signal?: AbortSignal;
  /** Run without a sandbox where none is available (the user's explicit choice). */
  allowUnconfined?: boolean;
};

export type ConfinedResult =
  | {
      ok: true;
      confinement: Confinement;
      exitCode: number | null;
      signal: NodeJS.Signals | null;
      stdout: string;
      stderr: string;
      timedOut: boolean;
      outputTooLarge: boolean;
      cancelled: boolean;
      /** A bounded workspace filled up (limits.workspaceBytes): what was written is kept up to the limit. */
      workspaceFull: boolean;
      durationMs: number;
    }
  | { ok: false; confinement: Confinement; error: string };

/**
 * Set by a tool worker (tool-worker.ts, which imports no module of this size): there, programs are
 * started by the pool's process, which checks the paths.
 */
const BRIDGE = Symbol.for('remora.confined-bridge');
type Bridge = (run: Omit<ConfinedRun, 'signal'>) => Promise<ConfinedResult>;

export function runConfined(run: ConfinedRun): Promise<ConfinedResult> {
  const bridge = (globalThis as { [BRIDGE]?: Bridge })[BRIDGE];
  if (bridge) {
    const { signal, ...rest } = run;
    void signal;
    return bridge(rest);
  }
  return runHere(run);
}

/** Paths given to a program as arguments: one that starts with "-" would be read as an option. */
export function optionLikePath(paths: string[]): string | null {
  return paths.find((given) => given.startsWith('-')) ?? null;
}

type Resolved = { program: string; readable: string[]; env: Record<string, string> };

function pythonEnvironment(python: PythonInfo): Record<string, string> {
  return {
    PATH: `${path.dirname(python.executable)}:/usr/local/bin:/usr/bin:/bin`,
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONIOENCODING: 'utf-8',
    PYTHONNOUSERSITE: '1',
  };
}

function resolveProgram(program: ConfinedProgram): Resolved | { error: string } {
  const python = pythonInfo();
  if (program === 'bash') {
    // A shell's commands mostly run Python (a repository's test command): Remora's interpreter is
    // readable and first on PATH.
    return 'error' in python
      ? { program: '/bin/bash', readable: [], env: {} }
      : { program: '/bin/bash', readable: python.roots, env: pythonEnvironment(python) };
  }
  if ('error' in python) return python;
  return { program: python.executable, readable: python.roots, env: pythonEnvironment(python) };
}

async function runHere(run: ConfinedRun): Promise<ConfinedResult> {
  const host = sandboxHost();
  const { confinement } = host;
  if (confinement === 'none' && !run.allowUnconfined) {
    return {
      ok: false,
      confinement,
      error:
        `refused to run ${run.program} for the model without a sandbox (${host.unavailableReason}): ` +
        'install bubblewrap, or allow it explicitly with --unsafe-no-sandbox',
    };
  }
  const resolved = resolveProgram(run.program);
  if ('error' in resolved) return { ok: false, confinement, error: resolved.error };
  const limits: ProcessLimits = { ...CONFINED_PROCESS_LIMITS, ...run.limits };
  const env = sandboxEnvironment({ ...resolved.env, ...run.env, ...workRootMarker() });
  let argv: string[];
  try {
    if (confinement === 'bubblewrap') {
      for (const folder of run.writable) await handOver(folder);
      argv = confinedArgv(
        host,
        {
          mounts: {
            readable: [...resolved.readable, ...(run.readable ?? [])],
            writable: run.writable,
            tmpBytes: limits.tmpBytes,
            workspaceBytes: limits.workspaceBytes,
          },
          limits,
          cwd: run.cwd,
        },
        resolved.program,
        run.args,
      );
    } else {
      // No sandbox: the user chose this; the environment is still scrubbed and the limits still set.
      argv = host.prlimit
        ? [host.prlimit, ...prlimitArguments(limits), '--', resolved.program, ...run.args]
        : [resolved.program, ...run.args];
    }
  } catch (error) {
    return { ok: false, confinement, error: `could not prepare the sandbox: ${errorMessage(error)}` };
  }
  return execute(argv, env, run, confinement);
}

function execute(
  argv: string[],
  env: NodeJS.ProcessEnv,
  run: ConfinedRun,
  confinement: Confinement,
): Promise<ConfinedResult> {
  const maxOutput = run.maxOutputBytes ?? 256 * 1024;
  const started = performance.now();
  return new Promise((resolve) => {
    if (run.signal?.aborted) {
      resolve({ ok: false, confinement, error: 'cancelled before it started' });
      return;
    }
    // Its own process group, so that a timeout also stops whatever the program started.
    const child = spawn(argv[0], argv.slice(1), {
      cwd: confinement === 'none' ? run.cwd : '/',
      env,
      detached: true,
      // Descriptor 3: a bounded workspace's shell says "full" there (workspace-bound.ts).
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    let workspaceFull = false;
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', () => (workspaceFull = true));
    const stdout = new Capped(maxOutput);
    const stderr = new Capped(maxOutput);
    const flags = { timedOut: false, outputTooLarge: false, cancelled: false };
    let spawnError: Error | null = null;
    const stop = (flag: keyof typeof flags) => {
      flags[flag] = true;
      killGroup(child);
    };
    const timer = setTimeout(() => stop('timedOut'), run.timeoutMs);
    const onAbort = () => stop('cancelled');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!stdout.push(chunk)) stop('outputTooLarge');
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      spawnError = error;
    });
    // A program that exits without reading its input makes this write fail (EPIPE); its exit says what happened.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.stdin ?? '');
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (spawnError) {
        resolve({ ok: false, confinement, error: `could not start ${run.program}: ${errorMessage(spawnError)}` });
        return;
      }
      resolve({
        ok: true,
        confinement,
        exitCode: code,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        ...flags,
        workspaceFull,
        durationMs: performance.now() - started,
      });
    });
  });
}

/** Keeps the first `limit` bytes of a stream; push says whether the stream is still within it. */
class Capped {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): boolean {
    if (this.bytes < this.limit) this.chunks.push(chunk.subarray(0, this.limit - this.bytes));
    this.bytes += chunk.length;
    return this.bytes <= this.limit;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
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
