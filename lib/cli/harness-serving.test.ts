// `remora harness --logprobs --top-logprobs N --stream`, run as a user runs it, against the simulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../sim/server';
import { runCli } from '../../test/cli-process';

let folder: string;
const sims: SimServer[] = [];
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-serving-cli-'));
});
afterAll(async () => {
  await Promise.all(sims.map((sim) => sim.close()));
  rmSync(folder, { recursive: true, force: true });
});

/** Each run gets a simulator of its own: its answers also depend on how often it saw a request. */
async function harness(extra: string[], db: string) {
  const sim = await startSimServer({ port: 0, seed: 5, http500Rate: 0, http429Rate: 0 });
  sims.push(sim);
  return runCli([
    'harness',
    '--agent',
    'harness',
    '--base-url',
    sim.url,
    '--model',
    'functiongemma',
    '--requests-per-variant',
    '8',
    '--concurrency',
    '4',
    '--db',
    path.join(folder, db),
    '--json',
    ...extra,
  ]);
}

describe('harness serving flags', () => {
  it('reports the mean tool-name confidence with --logprobs, streamed or not, and null without', async () => {
    const [streamed, plain, without] = await Promise.all([
      harness(['--logprobs', '--top-logprobs', '2', '--stream'], 'streamed.db'),
      harness(['--logprobs', '--top-logprobs', '2'], 'plain.db'),
      harness([], 'without.db'),
    ]);
    for (const run of [streamed, plain, without]) expect(run.code, run.stderr).toBe(0);
    const [a, b, c] = [streamed, plain, without].map((run) => JSON.parse(run.stdout).variants[0]);
    expect(a.meanToolNameConfidence).toBeGreaterThan(0);
    expect(a.meanToolNameConfidence).toBeLessThan(1);
    expect(a.meanToolNameConfidence).toBeCloseTo(b.meanToolNameConfidence, 12);
    expect(a.parsePaths).toEqual(b.parsePaths);
    expect(c.meanToolNameConfidence).toBeNull();
    expect(c.parsePaths).toEqual(b.parsePaths);
  });

  it('refuses --top-logprobs without --logprobs', async () => {
    const run = await harness(['--top-logprobs', '2'], 'refused.db');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--top-logprobs needs --logprobs');
  });
});
