// Runs a command of the user's own (a repository's test command, typed for their shell) in its own
// process group with a time limit. Not for code the model wrote: that goes through lib/tools/sandbox.
import { spawn } from 'node:child_process';

const OUTPUT_LIMIT = 64 * 1024;

type Finished = { code: number | null; signal: NodeJS.Signals | null; output: string; timedOut: boolean; spawnError: NodeJS.ErrnoException | null };

export type { Finished };

/** Runs a command in its own process group with a time limit; output (both streams) is kept up to 64 KB. */
export function runCommand(command: string, args: string[], cwd: string, timeoutMs: number, extraEnvironment: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    let spawnError: NodeJS.ErrnoException | null = null;
    // Own process group, so a timeout also stops whatever the tests started.
    const child = spawn(command, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1', PYTHONIOENCODING: 'utf-8', ...extraEnvironment },
    });
    const collect = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8').slice(0, OUTPUT_LIMIT - output.length);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => {
      spawnError = error as NodeJS.ErrnoException;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, timedOut, spawnError });
    });
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    // Already gone: nothing left to stop.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
