import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { runCli } from './cli-process';

// End to end A/A at temperature 0 through the command line: two variants whose prompts say the same
// in other words, against the simulator, which does not read the wording but (like a real server at
// temperature 0) answers a request as a fixed function of it. Each variant so gets answers of its
// own from the same distribution, every repeat of an input the same; the harness agent's 26 inputs
// each repeated. Yesterday's per-response tests declared a difference in most such runs. The share
// over many runs is counted in aa-watched-panel.test.ts; here the command line's summary.
let sim: SimServer;
let folder = '';
const summaries: any[] = [];

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 5, latencyMs: 0 });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-aa-'));
  for (let run = 0; run < 3; run++) {
    const promptA = path.join(folder, `a-${run}.txt`);
    const promptB = path.join(folder, `b-${run}.txt`);
    writeFileSync(promptA, `Run ${run}. You are a careful assistant. Always respond with a tool call.\n`);
    writeFileSync(promptB, `You are an assistant who works with care (run ${run}). Always respond with a tool call.\n`);
    const result = await runCli([
      'harness',
      '--agent',
      'harness',
      '--base-url',
      sim.origin,
      '--model',
      'functiongemma',
      '--variant',
      `a=${promptA}`,
      '--variant',
      `b=${promptB}`,
      '--requests-per-variant',
      '52',
      '--concurrency',
      '8',
      '--temperature',
      '0',
      '--db',
      path.join(folder, `aa-${run}.db`),
      '--json',
    ]);
    expect(result.code).toBe(0);
    summaries.push(JSON.parse(result.stdout));
  }
}, 180_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await sim?.close();
});

describe('A/A at temperature 0 with repeated inputs', () => {
  it('declares no difference, pairing by input, with n shown as inputs', () => {
    for (const summary of summaries) {
      expect(summary.variants.map((variant: any) => variant.inputs)).toEqual([26, 26]);
      for (const comparison of summary.comparisons) {
        expect(comparison.paired).toBe(true);
        expect(comparison.detectable).toBe(false);
        expect(comparison.pAdjusted === null || comparison.pAdjusted >= 0.05).toBe(true);
      }
      // Every repeat of an input got the same answer: pass^k does not fall with k.
      for (const variant of summary.variants) expect(variant.passHatK['2']).toBeCloseTo(variant.passHatK['1'], 12);
    }
    // Not trivially: the variants' answers do differ on some inputs (identical answers never could).
    expect(
      summaries.some((summary) =>
        summary.comparisons.some((comparison: any) => comparison.difference !== null && comparison.difference !== 0),
      ),
    ).toBe(true);
  });
});
