// A second panel (the same build) started by hand with `next start`, on its own port and a
// throw-away database, for tests of how the panel behaves when someone starts it differently.
import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type SecondPanel = { port: number; database: string; output: () => string; stop: () => Promise<void> };

/**
 * Starts `npx next start -H HOST -p PORT` with this process's environment, minus the variables
 * named in `without`, plus `env` and a database of its own (or `database`); waits until it answers.
 */
export async function startSecondPanel(options: {
  host: string;
  port: number;
  env?: Record<string, string>;
  without?: string[];
  database?: string;
}): Promise<SecondPanel> {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-second-panel-'));
  const database = options.database ?? path.join(folder, 'panel.db');
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, REMORA_DB: database, NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of options.without ?? []) delete env[name];
  const child: ChildProcess = spawn('npx', ['next', 'start', '-H', options.host, '-p', String(options.port)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${options.port}/api/health`).catch(() => null);
        return response?.status ?? 0;
      },
      { timeout: 0, message: 'the second panel starts' },
    )
    .toBe(200);
  return {
    port: options.port,
    database,
    output: () => output,
    stop: async () => {
      if (!child.pid || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
