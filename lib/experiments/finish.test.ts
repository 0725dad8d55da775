// How an experiment ends, against the real parts (a SQLite file, the simulator, the tool workers):
// a cancel that comes after every conversation finished, a process that dies while it gives the
// final summary, and a database that stops taking writes.
import { harnessSuite } from './testing/harness-suite';
import { describe, expect, it } from 'vitest';
import { markExperimentCancelled } from '../db/queries/experiment-lease';
import { getExperiment } from '../db/queries/experiments';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, runStoredExperiment, type RunOptions } from './service';

const suite = harnessSuite({ seed: 4, latencyMs: 2 });

function experiment(requestsPerVariant: number): string {
  const config = ExperimentConfig.parse({
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b' }],
    endpoint: { baseUrl: suite.sim.url, model: 'sim', simulated: true },
    inputs: suite.inputs,
    requestsPerVariant,
    concurrency: 4,
  });
  return createStoredExperiment(suite.temporary.database, config, suite.agent).id;
}

function run(id: string, options: Partial<RunOptions> = {}) {
  return runStoredExperiment(suite.temporary.database, id, { tools: suite.tools, ...options });
}

function storedSlots(id: string): { count: number; duplicates: number } {
  const client = suite.temporary.database.$client;
  const count = client.prepare('select count(*) from conversations where experiment_id = ?').pluck().get(id) as number;
  const duplicates = client
    .prepare(
      `select count(*) from (
        select 1 from conversations where experiment_id = ? group by variant_index, slot having count(*) > 1)`,
    )
    .pluck()
    .get(id) as number;
  return { count, duplicates };
}

describe('how an experiment ends', () => {
  it('a cancel that arrives after every conversation finished leaves it completed', async () => {
    const id = experiment(3);
    const started = run(id, {
      onProgress: (progress) => {
        if (progress.done < progress.total) return;
        markExperimentCancelled(suite.temporary.database, id);
        started.cancel();
      },
    });
    await expect(started.done).resolves.toMatchObject({ status: 'completed', ran: 6 });
    expect(getExperiment(suite.temporary.database, id)?.status).toBe('completed');
  });

  it('final summary under the lease: a run dying there is finished by the next, nothing run twice', async () => {
    const id = experiment(3);
    const seen: unknown[] = [];
    const first = run(id, {
      beforeFinish: () => {
        const row = getExperiment(suite.temporary.database, id);
        seen.push([row?.status, row?.runnerId !== null]);
        throw new Error('the process died while printing the summary');
      },
    });
    await expect(first.done).rejects.toThrow(/died while printing/);
    expect(seen).toEqual([['running', true]]);
    expect(getExperiment(suite.temporary.database, id)?.status).toBe('running');

    await expect(run(id).done).resolves.toMatchObject({ status: 'completed', ran: 0, skipped: 6 });
    expect(getExperiment(suite.temporary.database, id)?.status).toBe('completed');
    expect(storedSlots(id)).toEqual({ count: 6, duplicates: 0 });
  });

  it('fails when the database stops taking writes, and resumes from there once it takes them again', async () => {
    const id = experiment(20);
    const client = suite.temporary.database.$client;
    // The database file may grow by a few pages only: the experiment's row changes in place, but
    // the conversations soon fail with SQLITE_FULL.
    client.pragma('wal_checkpoint(TRUNCATE)');
    client.pragma(`max_page_count = ${(client.pragma('page_count', { simple: true }) as number) + 4}`);
    await expect(run(id).done).rejects.toThrow(/database or disk is full/);
    const failed = getExperiment(suite.temporary.database, id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/database or disk is full/);

    client.pragma('max_page_count = 1073741823');
    await expect(run(id).done).resolves.toMatchObject({ status: 'completed' });
    expect(getExperiment(suite.temporary.database, id)?.status).toBe('completed');
    expect(storedSlots(id)).toEqual({ count: 40, duplicates: 0 });
  });
});
