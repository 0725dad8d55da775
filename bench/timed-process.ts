// Runs a command as a child process and reads its whole cost from GNU time: wall clock, user and
// system CPU of the process and of every child it waited for (the tool workers), and peak RSS.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TimedRun = {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  cpuMs: number;
  maxRssKb: number;
};

const GNU_TIME = '/usr/bin/time';

export function runTimed(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TimedRun> {
  if (!existsSync(GNU_TIME))
    throw new Error(`${GNU_TIME} (GNU time, Debian's "time" package) is needed to measure a child's CPU`);
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-timed-'));
  const report = path.join(folder, 'time.txt');
  return new Promise((resolve, reject) => {
    const child = spawn(GNU_TIME, ['-f', '%e %U %S %M', '-o', report, command, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const fields = readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
      rmSync(folder, { recursive: true, force: true });
      const [wall, user, system, rss] = fields;
      resolve({ code, stdout, stderr, wallMs: wall * 1000, cpuMs: (user + system) * 1000, maxRssKb: rss });
    });
  });
}
