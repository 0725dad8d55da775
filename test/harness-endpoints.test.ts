import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { writeTinyModel } from '../lib/testing/gguf/tiny-model';
import { RANDOM_MODEL } from '../lib/embedded/testing/tiny-models';
import { runCli } from './cli-process';

// The harness command with endpoints other than one server: replicas of one model, and a GGUF
// model run in process.
const folder = mkdtempSync(path.join(tmpdir(), 'remora-endpoints-'));
let replicas: SimServer[] = [];

beforeAll(async () => {
  replicas = await Promise.all(
    [1, 2, 3].map(() => startSimServer({ port: 0, seed: 4, latencyMs: 2, http500Rate: 0, http429Rate: 0 })),
  );
});

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await Promise.all(replicas.map((replica) => replica.close()));
});

describe('harness endpoints', () => {
  it('spreads the calls over replicas and reports them as one experiment', async () => {
    const [first, ...others] = replicas;
    const args = [
      'harness',
      '--agent',
      'harness',
      '--base-url',
      first.url,
      ...others.flatMap((other) => ['--replica', other.url]),
      '--model',
      'fg',
      '--requests-per-variant',
      '60',
      '--concurrency',
      '6',
      '--db',
      path.join(folder, 'replicas.db'),
      '--json',
    ];
    const run = await runCli(args);
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    const served = replicas.map((replica) => replica.stats().completions);
    expect(served.reduce((sum, count) => sum + count, 0)).toBe(summary.variants[0].modelCalls);
    for (const count of served) expect(count).toBeGreaterThan(summary.variants[0].modelCalls / 6);
  }, 60_000);

  it('runs a GGUF model in process with --gguf', async () => {
    const gguf = path.join(folder, 'tiny.gguf');
    await writeTinyModel(gguf, RANDOM_MODEL);
    const run = await runCli([
      'harness',
      '--agent',
      'harness',
      '--gguf',
      gguf,
      '--model',
      'tiny',
      '--tool-choice',
      'required',
      '--max-tokens',
      '48',
      '--requests-per-variant',
      '4',
      '--concurrency',
      '2',
      '--db',
      path.join(folder, 'gguf.db'),
      '--json',
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    const variant = summary.variants[0];
    expect(variant.conversations).toBe(4);
    // The grammar under `required` lets the random model write only calls of the declared tools.
    expect(variant.parsePaths).toEqual({ tool_calls: variant.modelCalls });
    expect(summary.simulated).toBeUndefined();
  }, 120_000);

  it('refuses --gguf together with --base-url', async () => {
    const run = await runCli([
      'harness',
      '--agent',
      'harness',
      '--gguf',
      'x.gguf',
      '--base-url',
      replicas[0].url,
      '--model',
      'm',
      '--db',
      path.join(folder, 'x.db'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not both');
  });
});
