// Mistakes on the command line end with a clear line and a non-zero exit, never a stack trace:
// an unknown --tool-choice, an unset --api-key-env, a --db that is not a database, a bad or busy
// `sim` port, an unreadable `sim` config, numbers past the limits table, and sizes that are not sizes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { runCli, type CliRun } from './cli-process';

let sim: SimServer;
let busy: Server;
let busyPort = 0;
let folder: string;

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 2, latencyMs: 1, http500Rate: 0, http429Rate: 0 });
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
  folder = mkdtempSync(path.join(tmpdir(), 'remora-cli-errors-'));
  writeFileSync(path.join(folder, 'not-a-db.sqlite'), 'this is a text file, not SQLite\n'.repeat(200));
  writeFileSync(path.join(folder, 'sim.json'), '{"latencyMs": "slow"');
});

afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => busy?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

function harness(...extra: string[]): Promise<CliRun> {
  return runCli([
    'harness',
    '--agent',
    'harness',
    '--base-url',
    sim.url,
    '--model',
    'm',
    '--requests-per-variant',
    '1',
    '--db',
    path.join(folder, 'ok.db'),
    ...extra,
  ]);
}

/** The workspace limits of every tool of the experiments stored in `db`, each different one once. */
function storedWorkspaceLimits(db: string): (number | undefined)[] {
  const database = new Database(db, { readonly: true });
  const rows = database.prepare('select config from experiments').all() as { config: string }[];
  database.close();
  type Stored = { agent: { tools: { limits: { workspaceBytes?: number } }[] } };
  const limits = rows.flatMap((row) =>
    (JSON.parse(row.config) as Stored).agent.tools.map((tool) => tool.limits.workspaceBytes),
  );
  expect(limits.length).toBeGreaterThan(0);
  return [...new Set(limits)];
}

/** A failed run: non-zero exit, nothing on stdout, and an error that names the problem with no stack trace. */
function expectClearFailure(run: CliRun, pattern: RegExp | string): void {
  expect(run.code, run.stderr).not.toBe(0);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr.trim().split('\n')[0]).toMatch(/^error: /);
}

describe('command line mistakes', () => {
  it('an unknown --tool-choice names the choices', async () => {
    expectClearFailure(
      await harness('--tool-choice', 'bogus'),
      "--tool-choice must be auto, required, none or one of the agent's tools (simple_tool, submit_result), " +
        'not "bogus"',
    );
  });

  it('an --api-key-env that is not set', async () => {
    expectClearFailure(await harness('--api-key-env', 'REMORA_TEST_UNSET_KEY'), /REMORA_TEST_UNSET_KEY is not set/);
  });

  it('a --db that is not a database', async () => {
    const file = path.join(folder, 'not-a-db.sqlite');
    expectClearFailure(await harness('--db', file), /not-a-db\.sqlite is not a SQLite database/);
    expectClearFailure(await runCli(['dataset', 'list', '--db', file]), /not-a-db\.sqlite is not a SQLite database/);
  });

  it('a --db that cannot hold a database (/dev/null) exits 2 with one line', async () => {
    const run = await harness('--db', '/dev/null');
    expectClearFailure(run, /\/dev\/null/);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('an --experiment-id past the 200-character limit', async () => {
    expectClearFailure(await harness('--experiment-id', 'x'.repeat(201)), /--experiment-id.*at most 200 characters/);
  });

  it('numbers past the limits table', async () => {
    expectClearFailure(await harness('--concurrency', '100000'), /--concurrency.*whole number from 1 to 256/);
    expectClearFailure(await harness('--max-turns', '1000000'), /--max-turns.*whole number from 1 to 100/);
    expectClearFailure(
      await harness('--requests-per-variant', '99999999'),
      /--requests-per-variant.*whole number from 1 to 1000000/,
    );
  });

  it('a --workspace-limit that is not a size or is out of range; a good one reaches every tool', async () => {
    const notSize = /--workspace-limit.*must be a size such as 256MiB or 1GiB/;
    expectClearFailure(await harness('--workspace-limit', 'lots'), notSize);
    expectClearFailure(await harness('--workspace-limit', '32GiB'), /--workspace-limit.*at most 16 GiB/);
    expectClearFailure(
      await runCli(['campaign', 'test', 'x', '--command', 'true', '--workspace-limit', '2 GB']),
      notSize,
    );
    expectClearFailure(
      await runCli(['campaign', 'apply', 'x', '--workspace-limit', '512KiB']),
      /--workspace-limit.*at least 1 MiB/,
    );
    const harnessDb = path.join(folder, 'limited.db');
    const run = await harness('--workspace-limit', '8 MiB', '--db', harnessDb);
    expect(run.code, run.stderr).toBe(0);
    expect(storedWorkspaceLimits(harnessDb)).toEqual([8 * 1024 * 1024]);
    // A campaign's tools too (a one-function repository on the simulator).
    const repo = path.join(folder, 'repo');
    mkdirSync(repo);
    writeFileSync(path.join(repo, 'area.py'), 'def area(width, height):\n    return width * height\n');
    const campaignDb = path.join(folder, 'campaign.db');
    const campaign = await runCli([
      ...'campaign run --agent docstring --model m --workspace-limit 1GiB --json'.split(' '),
      ...['--repo', repo, '--base-url', sim.url, '--db', campaignDb],
    ]);
    expect(campaign.code, campaign.stderr).toBe(0);
    expect(storedWorkspaceLimits(campaignDb)).toEqual([1024 ** 3]);
  });

  it('sim: a bad port, a busy port, a config that cannot be read', async () => {
    expectClearFailure(await runCli(['sim', '--port', '70000']), /--port.*whole number from 0 to 65535/);
    expectClearFailure(
      await runCli(['sim', '--port', String(busyPort)]),
      new RegExp(`port ${busyPort} on 127.0.0.1 is already in use`),
    );
    expectClearFailure(
      await runCli(['sim', '--port', '0', '--config', path.join(folder, 'sim.json')]),
      /simulator config .*sim\.json is not valid JSON/,
    );
    expectClearFailure(
      await runCli(['sim', '--port', '0', '--config', path.join(folder, 'missing.json')]),
      /cannot read the simulator config/,
    );
  });
});
