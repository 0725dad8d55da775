// The check of the live summary counters: a run against a server that fails requests
// (HTTP 500 and 429, retried, some failing for good) and whose model calls unknown tools and
// sends invalid arguments. The panel's job runner starts it and cancels it (conversations cut
// short are stored as cancelled), resumes it (those are removed and run again) and stops; the
// command line resumes it, is killed with SIGKILL half-way, then resumes it to the end. After each
// step `remora verify` must find the counters equal to a recount of the rows, and the summary must
// count every conversation once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgent } from '../lib/agents/load';
import { projectRoot } from '../lib/config';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { verifyCounters } from '../lib/db/counters/verify';
import { ExperimentConfig } from '../lib/experiment-config/experiment-config';
import { JobRunner } from '../lib/experiments/job-runner';
import { createStoredExperiment } from '../lib/experiments/service';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { runCli, startCli } from './cli-process';

let sim: SimServer;
let folder: string;
const PER_VARIANT = 150;

beforeAll(async () => {
  sim = await startSimServer({
    port: 0,
    seed: 11,
    // Slow enough that a cancel finds conversations in flight.
    latencyMs: 20,
    http500Rate: 0.2,
    http429Rate: 0.1,
    unknownToolRate: 0.1,
    invalidArgumentsRate: 0.1,
  });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-counters-kill-'));
});

afterAll(async () => {
  await sim?.close();
  rmSync(folder, { recursive: true, force: true });
});

function stored(file: string, where = ''): number {
  try {
    const database = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return (database.prepare(`select count(*) as n from conversations ${where}`).get() as { n: number }).n;
    } finally {
      database.close();
    }
  } catch {
    return 0; // not created or not migrated yet
  }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The panel's part: start, cancel, resume, stop (as a panel that shuts down), verifying after each. */
async function cancelAndResumeInPanel(db: string): Promise<void> {
  const database = openDatabase(db);
  const jobRunner = new JobRunner({ database, toolPoolSize: 2, log: () => {} });
  try {
    const agent = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
    const runtime = agent.toRuntime();
    const config = ExperimentConfig.parse({
      agent: runtime.name,
      variants: [{ name: 'baseline', settings: { toolChoice: 'auto' } }],
      endpoint: { baseUrl: sim.url, model: 'fg' },
      inputs: agent.inputs,
      requestsPerVariant: PER_VARIANT,
      concurrency: 8,
    });
    createStoredExperiment(database, config, runtime, 'counted');
    expect(jobRunner.start('counted')).toEqual({ started: true });
    await until(() => stored(db) >= 20);
    expect(jobRunner.cancel('counted').cancelled).toBe(true);
    await jobRunner.whenDone('counted');
    const cutShort = stored(db, "where outcome = 'cancelled'");
    expect(cutShort).toBeGreaterThan(0);
    expect(verifyCounters(database, 'counted')).toMatchObject({ conversations: stored(db), differences: [] });

    // Resuming removes the conversations the cancel cut short and counts the rest again.
    const kept = stored(db) - cutShort;
    expect(jobRunner.resume('counted')).toEqual({ started: true });
    await until(() => stored(db) >= kept + 20);
    await jobRunner.close();
    expect(stored(db, "where outcome = 'cancelled'")).toBe(0);
    expect(verifyCounters(database, 'counted')).toMatchObject({ conversations: stored(db), differences: [] });
  } finally {
    await jobRunner.close();
    closeDatabase(database);
  }
}

describe('live summary counters after errors, a cancel, a kill -9 and a resume', () => {
  it('agree with a recount from the rows (remora verify)', async () => {
    const db = path.join(folder, 'counters.db');
    await cancelAndResumeInPanel(db);
    const beforeKill = stored(db);
    const args = [
      'harness',
      '--agent',
      'harness',
      '--base-url',
      sim.url,
      '--model',
      'fg',
      '--requests-per-variant',
      String(PER_VARIANT),
      '--tool-choice',
      'auto',
      '--concurrency',
      '8',
      '--db',
      db,
      '--experiment-id',
      'counted',
      '--json',
    ];
    const first = startCli(args);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && stored(db) < beforeKill + 40)
      await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    const afterKill = stored(db);
    expect(afterKill).toBeGreaterThanOrEqual(beforeKill + 40);
    expect(afterKill).toBeLessThan(PER_VARIANT);

    // The counters of a killed run already agree: they were written with the conversations.
    const midway = await runCli(['verify', 'counted', '--db', db, '--json']);
    expect(midway.stderr).toBe('');
    expect(JSON.parse(midway.stdout)).toMatchObject({ agree: true, conversations: afterKill, differences: [] });

    const second = await runCli(args);
    expect(second.code).toBe(0);
    const summary = JSON.parse(second.stdout) as {
      variants: { conversations: number; errors: Record<string, number>; outcomes: Record<string, number> }[];
    };
    expect(summary.variants[0].conversations).toBe(PER_VARIANT);
    // The injected failures are there to be counted.
    expect(Object.keys(summary.variants[0].errors).length).toBeGreaterThan(0);

    const verified = await runCli(['verify', 'counted', '--db', db]);
    expect(verified.stdout.trim()).toBe(
      `counters agree with a recount of ${PER_VARIANT} conversations (${await counterRows(db)} counter rows)`,
    );
    expect(verified.code).toBe(0);

    const missing = await runCli(['verify', 'no-such-experiment', '--db', db]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no experiment with id no-such-experiment');
  }, 180_000);
});

async function counterRows(file: string): Promise<number> {
  const database = new Database(file, { readonly: true });
  try {
    return (
      database.prepare("select count(*) as n from summary_counters where experiment_id = 'counted'").get() as {
        n: number;
      }
    ).n;
  } finally {
    database.close();
  }
}
