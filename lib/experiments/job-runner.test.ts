// The job runner against the real parts: a SQLite file, the simulator on 127.0.0.1, the tool
// worker pool running the harness agent's tool script.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { projectRoot } from '../config';
import { acquireLease } from '../db/queries/experiment-lease';
import { getExperiment } from '../db/queries/experiments';
import { openTemporaryDatabase, type TemporaryDatabase } from '../db/testing/temporary-database';
import { ConfigurationError } from '../errors';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { startSimServer, type SimServer } from '../sim/server';
import { ToolWorkerPool } from '../tools/worker-pool';
import { BUILT_IN_SIMULATOR_URL } from './built-in-simulator';
import { ExperimentConfig, type ExperimentConfigInput } from '../experiment-config/experiment-config';
import { JobRunner } from './job-runner';
import { newRunnerId } from './lease';
import { createStoredExperiment, runStoredExperiment } from './service';

let sim: SimServer;
let agent: AgentRuntime;
let inputs: ConversationInput[];
let temporary: TemporaryDatabase;
const runners: JobRunner[] = [];

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 3, latencyMs: 5, http500Rate: 0, http429Rate: 0 });
  const loaded = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  agent = loaded.toRuntime();
  inputs = loaded.inputs;
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  temporary = openTemporaryDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
  temporary.dispose();
});

/** Waits until some conversations are stored: the first needs the tool worker to start (tsx). */
async function untilStored(jobs: JobRunner, id: string, count: number): Promise<void> {
  await expect.poll(() => jobs.progress(id)?.done ?? 0).toBeGreaterThanOrEqual(count);
}

function runner(options: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}): JobRunner {
  const created = new JobRunner({
    database: temporary.database,
    toolPoolSize: 2,
    resolveSimulator: () => sim.url,
    log: () => {},
    ...options,
  });
  runners.push(created);
  return created;
}

function experiment(requestsPerVariant: number, overrides: Partial<ExperimentConfigInput> = {}): string {
  const config = ExperimentConfig.parse({
    agent: 'harness',
    variants: [
      { name: 'a' },
      { name: 'b', systemPrompt: 'Call simple_tool, then submit_result. Always respond with a tool call.' },
    ],
    endpoint: { baseUrl: BUILT_IN_SIMULATOR_URL, model: 'sim', simulated: true },
    inputs,
    requestsPerVariant,
    concurrency: 2,
    ...overrides,
  });
  return createStoredExperiment(temporary.database, config, agent).id;
}

describe('JobRunner', () => {
  it('runs an experiment to the end; progress comes from the database', async () => {
    const jobs = runner();
    const id = experiment(3);
    expect(jobs.progress(id)).toEqual({ done: 0, total: 6, running: 0 });
    expect(jobs.start(id)).toEqual({ started: true });
    expect(jobs.isRunningHere(id)).toBe(true);
    // A second start while it runs changes nothing.
    expect(jobs.start(id)).toEqual({ started: true });
    const result = await jobs.whenDone(id);
    expect(result).toMatchObject({ status: 'completed', ran: 6, skipped: 0 });
    expect(jobs.progress(id)).toEqual({ done: 6, total: 6, running: 0 });
    expect(jobs.isRunningHere(id)).toBe(false);
    expect(getExperiment(temporary.database, id)).toMatchObject({
      status: 'completed',
      runnerId: null,
      heartbeatAt: null,
    });
    // The placeholder URL was resolved to the live simulator: the conversations reached it.
    expect(sim.stats().completions).toBeGreaterThan(0);
    expect(jobs.start(id)).toMatchObject({
      started: false,
      refusal: { reason: 'conflict', message: expect.stringMatching(/already completed/) },
    });
  });

  it('cancels a running experiment: in-flight conversations end as cancelled, and it stops', async () => {
    const jobs = runner();
    const id = experiment(5000);
    jobs.start(id);
    await untilStored(jobs, id, 3);
    const cancelled = jobs.cancel(id);
    expect(cancelled).toMatchObject({ cancelled: true, row: { status: 'cancelled' } });
    expect(await jobs.whenDone(id)).toMatchObject({ status: 'cancelled' });
    const row = getExperiment(temporary.database, id);
    expect(row).toMatchObject({ status: 'cancelled', runnerId: null });
    const done = jobs.progress(id)?.done as number;
    expect(done).toBeLessThan(10_000);
    // Cancelling again is harmless; a completed experiment cannot be cancelled.
    expect(jobs.cancel(id)).toMatchObject({ cancelled: true });
    expect(jobs.cancel('missing')).toMatchObject({ cancelled: false, refusal: { reason: 'not-found' } });
  });

  it('resumes a cancelled experiment to its full count, running again what the cancel cut short', async () => {
    const jobs = runner();
    const id = experiment(40);
    jobs.start(id);
    await untilStored(jobs, id, 3);
    jobs.cancel(id);
    await jobs.whenDone(id);
    expect(getExperiment(temporary.database, id)?.status).toBe('cancelled');
    expect(jobs.resume(id)).toEqual({ started: true });
    expect(await jobs.whenDone(id)).toMatchObject({ status: 'completed' });
    expect(jobs.progress(id)).toEqual({ done: 80, total: 80, running: 0 });
    const outcomes = temporary.database.$client
      .prepare('select count(*) as n from conversations where experiment_id = ? and outcome = ?')
      .get(id, 'cancelled') as { n: number };
    expect(outcomes.n).toBe(0);
    expect(getExperiment(temporary.database, id)?.status).toBe('completed');
    // A completed experiment has nothing to resume; an unknown one is not found.
    expect(jobs.resume(id)).toMatchObject({
      started: false,
      refusal: { reason: 'conflict', message: expect.stringMatching(/is completed/) },
    });
    expect(jobs.resume('missing')).toMatchObject({ started: false, refusal: { reason: 'not-found' } });
  });

  it('refuses to cancel a completed experiment', async () => {
    const jobs = runner();
    const id = experiment(1);
    jobs.start(id);
    await jobs.whenDone(id);
    expect(jobs.cancel(id)).toMatchObject({
      cancelled: false,
      refusal: { reason: 'conflict', message: expect.stringMatching(/already completed/) },
    });
    expect(getExperiment(temporary.database, id)?.status).toBe('completed');
  });

  it('leaves alone an experiment another live runner holds, and takes over a stale one', async () => {
    const jobs = runner();
    const held = experiment(1);
    const stale = experiment(1);
    const orphan = experiment(1);
    const now = Date.now();
    // Another process on another machine with a fresh heartbeat, and one that stopped long ago.
    acquireLease(temporary.database, held, 'cli@elsewhere.example#7.00000001', () => false, now);
    acquireLease(temporary.database, stale, 'cli@elsewhere.example#8.00000002', () => false, now - 60_000);
    expect(jobs.start(held)).toMatchObject({
      started: false,
      refusal: {
        reason: 'conflict',
        message: expect.stringMatching(/being run by a command line run \(process 7 on elsewhere\.example\)/),
      },
    });

    const resumed = jobs.resumeUnfinished();
    expect(resumed.sort()).toEqual([stale, orphan].sort());
    await Promise.all(resumed.map((id) => jobs.whenDone(id)));
    expect(getExperiment(temporary.database, stale)?.status).toBe('completed');
    expect(getExperiment(temporary.database, orphan)?.status).toBe('completed');
    expect(getExperiment(temporary.database, held)).toMatchObject({
      status: 'running',
      runnerId: 'cli@elsewhere.example#7.00000001',
    });
  });

  it('a cancel from another process reaches the run through the heartbeat', async () => {
    const owner = runner({ heartbeatMs: 25 });
    const other = runner();
    const id = experiment(5000);
    owner.start(id);
    await untilStored(owner, id, 1);
    expect(other.isRunningHere(id)).toBe(false);
    expect(other.cancel(id)).toMatchObject({ cancelled: true });
    expect(await owner.whenDone(id)).toMatchObject({ status: 'cancelled' });
    expect(getExperiment(temporary.database, id)).toMatchObject({ status: 'cancelled', runnerId: null });
  });

  it('close() interrupts runs so that the next start resumes them where they stopped', async () => {
    const first = new JobRunner({
      database: temporary.database,
      toolPoolSize: 2,
      resolveSimulator: () => sim.url,
      log: () => {},
    });
    const id = experiment(40);
    first.start(id);
    await untilStored(first, id, 4);
    await first.close();
    const stopped = getExperiment(temporary.database, id);
    expect(stopped).toMatchObject({ status: 'running', runnerId: null });
    const storedBefore = first.progress(id)?.done as number;
    expect(storedBefore).toBeLessThan(80);
    expect(first.start(id)).toMatchObject({ started: false, refusal: { reason: 'conflict' } });

    const second = runner();
    expect(second.resumeUnfinished()).toEqual([id]);
    expect(await second.whenDone(id)).toMatchObject({
      status: 'completed',
      skipped: storedBefore,
      ran: 80 - storedBefore,
    });
  });

  it('refuses an experiment whose stored settings cannot be read', () => {
    const jobs = runner();
    const { id } = createBrokenExperiment();
    expect(jobs.start(id)).toMatchObject({
      started: false,
      refusal: { reason: 'invalid', message: 'the stored experiment settings cannot be read' },
    });
    expect(jobs.start('missing')).toMatchObject({ started: false, refusal: { reason: 'not-found' } });
  });
});

function createBrokenExperiment() {
  return temporary.database.$client
    .prepare(
      `insert into experiments
        (id, agent_name, status, config, config_hash, simulated, total_conversations, created_at)
        values ('broken', 'x', 'pending', '{}', 'h', 0, 1, 1) returning id`,
    )
    .get() as { id: string };
}

describe('runStoredExperiment', () => {
  it('needs the live simulator for an experiment that ran on the built-in one', async () => {
    const id = experiment(1);
    const tools = new ToolWorkerPool({ size: 1 });
    try {
      expect(() => runStoredExperiment(temporary.database, id, { tools, runnerId: newRunnerId('cli') })).toThrow(
        ConfigurationError,
      );
      // Nothing was taken: the experiment stays free for the panel.
      expect(getExperiment(temporary.database, id)).toMatchObject({ status: 'pending', runnerId: null });
    } finally {
      await tools.close();
    }
  });
});
