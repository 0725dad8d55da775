// A second panel (the same build) started by hand with `next start`, on a port of its own and a
// throw-away database, for tests of how the panel behaves when someone starts it differently.
// The system picks the port (`-p 0`): two workers, or two people's runs, never ask for the same one.
import { expect } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export type SecondPanel = {
  port: number;
  origin: string;
  database: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Ends it as a crash would (SIGKILL to its process group): nothing of it runs on. */
  kill: () => Promise<void>;
};

// Next's command line as every script starts it (node itself, not npx).
const NEXT = path.join(process.cwd(), 'scripts', 'next.sh');
// Node's default keep-alive is 5 s, so a panel that answered a last request just before SIGTERM
// exits about 6 s later; this is several times that.
const STOP_PATIENCE_MS = 30_000;
// Next prints this once it listens, with the port the system gave it.
const LISTENING = /- Local:\s+https?:\/\/\S+:(\d+)/;

/**
 * Starts `next start -H HOST -p 0` with this process's environment, minus the variables named
 * in `without`, plus `env` and a database of its own (or `database`); waits until it answers.
 */
export async function startSecondPanel(options: {
  host: string;
  env?: Record<string, string>;
  without?: string[];
  database?: string;
}): Promise<SecondPanel> {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-second-panel-'));
  const database = options.database ?? path.join(folder, 'panel.db');
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, REMORA_DB: database, NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of options.without ?? []) delete env[name];
  const child: ChildProcess = spawn('bash', [NEXT, 'start', '-H', options.host, '-p', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = () => Number(LISTENING.exec(output)?.[1] ?? 0);
  let exitedEarly = false;
  const exit = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      exitedEarly = true;
      reject(new Error(`the second panel exited (${code}) before it answered:\n${output}`));
    }),
  );
  // Only an exit before the panel answers is a failure; stop() ends it later on purpose.
  exit.catch(() => {});
  const answers = expect
    .poll(
      async () => {
        if (exitedEarly || port() === 0) return 0;
        const response = await fetch(`http://127.0.0.1:${port()}/api/health`).catch(() => null);
        return response?.status ?? 0;
      },
      { timeout: 0, message: 'the second panel starts' },
    )
    .toBe(200);
  await Promise.race([answers, exit]);
  const origin = `http://127.0.0.1:${port()}`;
  return {
    port: port(),
    origin,
    database,
    output: () => output,
    kill: async () => {
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      // Next finishes the requests under way before it exits, and waits for their connections to go
      // idle. In one CI run a panel had not exited five minutes after SIGTERM (cause not found): say
      // so with its open connections, then kill it, rather than let the test time out on its cleanup.
      const patience = new AbortController();
      const timer = delay(STOP_PATIENCE_MS, true, { signal: patience.signal }).catch(() => false);
      const late = await Promise.race([exited.then(() => false), timer]);
      patience.abort();
      if (!late) return;
      const seconds = STOP_PATIENCE_MS / 1000;
      console.warn(`[second-panel] port ${port()} still running ${seconds} s after SIGTERM; its connections:`);
      console.warn(connections(port()));
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
  };
}

/** The TCP connections of a local port, as `ss` lists them (for a report, not for a decision). */
function connections(port: number): string {
  try {
    return execFileSync('ss', ['-tnpo', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' });
  } catch (error) {
    return `(ss failed: ${(error as Error).message})`;
  }
}
