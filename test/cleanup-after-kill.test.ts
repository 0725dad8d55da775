// Kill -9 during a lint run, start again: the killed run's workspace and tool processes are gone.
// The command line runs with its own TMPDIR, so that only its work folders are looked at.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startScriptedServer, toolCallMessage, type ScriptedServer } from '../lib/python/testing/scripted-server';
import { WORK_ROOT_PREFIX, WORK_ROOT_VARIABLE } from '../lib/tools/work-root';
import { runCli, startCli } from './cli-process';

let folder: string;
let temporary: string;
let server: ScriptedServer;
let stall = true;

beforeEach(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-kill-'));
  temporary = path.join(folder, 'tmp');
  mkdirSync(temporary);
  mkdirSync(path.join(folder, 'project'));
  writeFileSync(path.join(folder, 'project', 'module.py'), 'import os\n\n\ndef helper(x):\n    return x\n');
  stall = true;
  // First a tool call (a worker starts, the workspace is in use); then, while `stall`, no answer at all.
  server = await startScriptedServer((request) => {
    if (!request.messages.some((message) => message.role === 'tool'))
      return toolCallMessage('run_linter', { check_only: true });
    if (stall) return new Promise<never>(() => undefined);
    return toolCallMessage('submit_result', { summary: 'done' });
  });
});
afterEach(async () => {
  stall = false;
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const workRoots = () =>
  existsSync(temporary) ? readdirSync(temporary).filter((name) => name.startsWith(WORK_ROOT_PREFIX)) : [];
const workspacesIn = (root: string) => readdirSync(path.join(temporary, root, 'workspaces'));

/** Processes started for a work root (they carry its name in their environment). */
function processesOf(root: string): number[] {
  const marker = `${WORK_ROOT_VARIABLE}=${path.join(temporary, root)}\0`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('after kill -9 during a lint run', () => {
  it("the next start removes the killed run's workspace and leaves no tool process", async () => {
    const args = (db: string) => [
      'harness',
      '--agent',
      'lint',
      '--base-url',
      server.baseUrl,
      '--model',
      'functiongemma',
      '--python',
      path.join(folder, 'project'),
      '--requests-per-variant',
      '1',
      '--concurrency',
      '1',
      '--db',
      path.join(folder, db),
      '--json',
    ];
    const first = startCli(args('first.db'), { env: { TMPDIR: temporary } });
    // Killed while its conversation waits for the model after a tool call: a worker and a workspace exist.
    await expect.poll(() => server.requests.length, { timeout: 60_000, interval: 100 }).toBe(2);
    const [root] = workRoots();
    expect(root).toBeDefined();
    expect(workspacesIn(root)).toHaveLength(1);
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    expect(workRoots()).toEqual([root]);

    stall = false;
    const second = await runCli(args('second.db'), { env: { TMPDIR: temporary } });
    expect(second.code).toBe(0);
    expect(workRoots()).toEqual([]);
    expect(processesOf(root)).toEqual([]);
  }, 120_000);
});
