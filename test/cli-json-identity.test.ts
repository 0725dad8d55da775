// The command line's `--json` summary stays what it was on a fixed simulator seed: structural work
// (file splits, moved modules, deleted exports) must not change a byte of it. The goldens and how
// they were made: test/fixtures/cli-json/README.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { harnessWithFixtureVariants, projectRoot, runCli } from './cli-process';

const FIXTURES = path.join(projectRoot, 'test', 'fixtures', 'cli-json');
const golden = (commit: string) => readFileSync(path.join(FIXTURES, `summary-${commit}.json`), 'utf8');

/** The summary with the fields that depend on the clock replaced: the run's id and its latencies. */
function withoutClockFields(stdout: string): string {
  const summary = JSON.parse(stdout) as { experimentId: string; variants: { latencyMs: unknown }[] };
  summary.experimentId = '<time-ordered id>';
  for (const variant of summary.variants) variant.latencyMs = '<wall-clock latency>';
  return JSON.stringify(summary);
}

/** Every field path of a JSON value, array items merged under `[]`. */
function fieldPaths(value: unknown, prefix = '', paths = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => fieldPaths(item, `${prefix}[]`, paths));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      paths.add(`${prefix}.${key}`);
      fieldPaths(item, `${prefix}.${key}`, paths);
    }
  }
  return paths;
}

let sim: SimServer;
let folder: string;
let stdout: string;

beforeAll(async () => {
  // A fresh simulator: its answers depend on the seed, the request and how many identical
  // requests it has already answered.
  sim = await startSimServer({ port: 0, seed: 7 });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-cli-json-'));
  const run = await runCli(
    harnessWithFixtureVariants(sim.url, 15, path.join(folder, 'remora.db'), ['--concurrency', '1', '--json']),
  );
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  stdout = run.stdout;
});

afterAll(async () => {
  await sim?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('remora harness --json on simulator seed 7', () => {
  it('prints the stored summary (summary-issue-29.json) byte for byte apart from the clock', () => {
    expect(withoutClockFields(stdout)).toBe(withoutClockFields(golden('issue-29')));
    expect(stdout.endsWith('}\n')).toBe(true);
  });

  it('differs from the one before issue 25 in comparisons, inference, balance and variant models alone', () => {
    const withoutComparisons = (text: string) => {
      const summary = JSON.parse(withoutClockFields(text)) as {
        comparisons: unknown;
        inference?: string;
        balance?: unknown;
        variants: { model?: string; family?: string | null }[];
      };
      summary.comparisons = '<changed on purpose by issue 25>';
      // Added by issue 25 (inference, balance) and issue 29 (each variant's model and family).
      delete summary.inference;
      delete summary.balance;
      for (const variant of summary.variants) {
        delete variant.model;
        delete variant.family;
      }
      return JSON.stringify(summary);
    };
    expect(withoutComparisons(stdout)).toBe(withoutComparisons(golden('88e81d4')));
  });

  it('keeps every field the summary had before issue 11 began (fields are added, never removed)', () => {
    const now = fieldPaths(JSON.parse(stdout));
    const missing = [...fieldPaths(JSON.parse(golden('dff50d7')))].filter((field) => !now.has(field));
    expect(missing).toEqual([]);
  });
});
