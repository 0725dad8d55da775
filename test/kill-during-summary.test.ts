// Kill -9 while the final summary is being printed, then run the same command: one experiment,
// completed, no conversation run twice. The summary goes to a FIFO that the test reads only a little
// of, so the command line is caught exactly while its summary (larger than the FIFO's buffer, with
// twenty variants) is on its way out; then it is killed.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { projectRoot, runCli } from './cli-process';

const VARIANTS = 20;
const PER_VARIANT = 2;
let sim: SimServer;
let folder: string;

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 9, latencyMs: 1, http500Rate: 0, http429Rate: 0 });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-summary-kill-'));
});

afterAll(async () => {
  await sim?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Bytes read from a non-blocking descriptor so far (none yet is 0). */
function readSome(fd: number): number {
  try {
    return readSync(fd, Buffer.alloc(4096));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return 0;
    throw error;
  }
}

describe('a kill during the final summary', () => {
  it('leaves the experiment to be finished by the same command, not started again', async () => {
    const db = path.join(folder, 'summary.db');
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
      '--concurrency',
      '8',
      '--db',
      db,
      '--json',
    ];
    for (let index = 1; index <= VARIANTS; index += 1) {
      const file = path.join(folder, `v${index}.txt`);
      writeFileSync(file, `Prompt ${index}. Call simple_tool, then submit_result. Always respond with a tool call.`);
      args.push('--variant', `v${index}=${file}`);
    }
    const fifo = path.join(folder, 'stdout.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, 'w');
    const child = spawn(process.execPath, [path.join(projectRoot, 'bin/remora.mjs'), ...args], {
      cwd: projectRoot,
      stdio: ['ignore', writer, 'pipe'],
    });
    closeSync(writer);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => resolve(signal)),
    );

    // The first bytes of the summary: the command line is printing it now, and cannot finish
    // printing since nobody reads the rest.
    await expect.poll(() => readSome(reader), { timeout: 120_000, interval: 50 }).toBeGreaterThan(0);
    const during = new Database(db, { readonly: true });
    const status = during.prepare('select status from experiments').pluck().all();
    during.close();
    expect(status, stderr).toEqual(['running']);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    closeSync(reader);

    const again = await runCli(args);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('resuming unfinished experiment');
    const summary = JSON.parse(again.stdout) as { status: string; variants: { conversations: number }[] };
    expect(summary.status).toBe('completed');
    expect(summary.variants.map((variant) => variant.conversations)).toEqual(Array(VARIANTS).fill(PER_VARIANT));
    const database = new Database(db, { readonly: true });
    const experiments = database.prepare('select status from experiments').pluck().all();
    const conversations = database.prepare('select count(*) from conversations').pluck().get();
    const twice = database
      .prepare('select count(*) from (select 1 from conversations group by variant_index, slot having count(*) > 1)')
      .pluck()
      .get();
    database.close();
    expect(experiments).toEqual(['completed']);
    expect(conversations).toBe(VARIANTS * PER_VARIANT);
    expect(twice).toBe(0);
  }, 240_000);
});
