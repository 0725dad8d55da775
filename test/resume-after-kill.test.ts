import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { runCli, startCli } from './cli-process';

// The check at a smaller scale: kill the harness (SIGKILL, no chance to clean up) in the
// middle of an experiment, run the same command again, and find every conversation stored once.
let sim: SimServer;
const total = 400;

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 5, latencyMs: 2, http500Rate: 0, http429Rate: 0 });
});

afterAll(async () => {
  await sim?.close();
});

function storedConversations(file: string): number {
  let database: Database.Database;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return 0; // the first process has not created the file yet
  }
  try {
    return (database.prepare('select count(*) as n from conversations').get() as { n: number }).n;
  } catch {
    return 0; // the schema may not exist yet while the first process migrates
  } finally {
    database.close();
  }
}

describe('resume after the process is killed', () => {
  it('finishes with exactly the planned conversations, none twice', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'remora-resume-'));
    const db = path.join(folder, 'resume.db');
    writeFileSync(path.join(folder, 'a.txt'), 'You are a tester. Always respond with a tool call.');
    writeFileSync(
      path.join(folder, 'b.txt'),
      '<task_description>Echo the request.</task_description> Always respond with a tool call.',
    );
    const args = [
      'harness',
      '--agent',
      'harness',
      '--base-url',
      sim.url,
      '--model',
      'fg',
      '--requests-per-variant',
      String(total / 2),
      '--variant',
      `a=${path.join(folder, 'a.txt')}`,
      '--variant',
      `b=${path.join(folder, 'b.txt')}`,
      '--concurrency',
      '8',
      '--db',
      db,
      '--experiment-id',
      'resume-test',
      '--json',
    ];
    const first = startCli(args);
    let stored = 0;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = storedConversations(db);
      if (stored >= 60) break;
    }
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const afterKill = storedConversations(db);
    expect(afterKill).toBeGreaterThanOrEqual(60);
    expect(afterKill).toBeLessThan(total);

    const second = await runCli(args);
    expect(second.stderr).toContain('resuming experiment resume-test');
    expect(second.code).toBe(0);
    const summary = JSON.parse(second.stdout);
    expect(summary.status).toBe('completed');
    expect(summary.variants.map((variant: { conversations: number }) => variant.conversations)).toEqual([
      total / 2,
      total / 2,
    ]);

    const database = new Database(db, { readonly: true });
    const rows = database
      .prepare('select variant_index, slot, count(*) as n from conversations group by variant_index, slot having n > 1')
      .all();
    const count = (database.prepare('select count(*) as n from conversations').get() as { n: number }).n;
    const orphans = (
      database
        .prepare('select count(*) as n from messages where conversation_id not in (select id from conversations)')
        .get() as { n: number }
    ).n;
    database.close();
    expect(rows).toEqual([]);
    expect(count).toBe(total);
    expect(orphans).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  }, 120_000);
});
