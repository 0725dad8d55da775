// `remora harness --detect POINTS --non-inferiority-margin POINTS` against the simulator: before the
// run it says how many distinct inputs the difference needs and that the agent's 26 cannot reach a
// 5-point one; after it, each undecided comparison says how many more inputs would tell it, and each
// rate comparison answers "no worse" against the margin, in the words and in --json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { harnessWithFixtureVariants, runCli } from './cli-process';

let sim: SimServer;
let folder: string;

const harness = (extra: string[], database: string) =>
  runCli(harnessWithFixtureVariants(sim.url, 26, path.join(folder, database), extra));

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 7 });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-verdict-options-'));
});
afterAll(async () => {
  await sim?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('remora harness --detect and --non-inferiority-margin', () => {
  it('says up front what the difference needs, and answers "inconclusive" and "no worse" after', async () => {
    const run = await harness(['--detect', '5', '--non-inferiority-margin', '30', '--json'], 'one.db');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /To tell a 5-point difference in completionRate with 80% power: about \d+ distinct inputs/,
    );
    expect(run.stderr).toContain('only 26 distinct inputs: it cannot tell a 5-point difference');
    const summary = JSON.parse(run.stdout) as {
      comparisons: { metric: string; detectable: boolean; moreInputs?: { difference: number }; noWorse?: object }[];
    };
    for (const comparison of summary.comparisons.filter((item) => item.metric !== 'turnsToCompletion')) {
      expect(comparison.noWorse).toMatchObject({ margin: 0.3 });
      if (!comparison.detectable) expect(comparison.moreInputs?.difference).toBe(0.05);
    }
    const words = await harness(['--detect', '5', '--non-inferiority-margin', '30'], 'two.db');
    expect(words.stdout).toMatch(
      /inconclusive between directive and terse .*: about \d+ more distinct inputs would tell a 5-point difference/,
    );
    expect(words.stdout).toMatch(/terse is (not shown to be )?no worse than directive within 30 points/);
  });

  it('with --stop-early, says how many inputs the live verdict needs and that 26 cannot reach it', async () => {
    const run = await harness(['--detect', '10', '--stop-early'], 'early.db');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /The early stop \(anytime-valid, [a-z ]+\) needs about \d+ distinct inputs.*this run's 26 cannot reach/,
    );
  });

  it('refuses a margin that is not percentage points, with a clear error', async () => {
    const run = await harness(['--non-inferiority-margin', '0'], 'three.db');
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')[0]).toMatch(/^error: .*--non-inferiority-margin.*percentage points above 0/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
