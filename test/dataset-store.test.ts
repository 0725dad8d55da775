import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './cli-process';
import { distilCases, distilText } from './dataset-cases';
import { harnessArgs, runBothDatasets, type DatasetRuns } from './dataset-truth-server';

// Datasets as the command line stores them, after harness runs of two files against the truth
// server (dataset-truth-server.ts): the failed cases kept as a new dataset, the same file
// reused rather than stored twice and exported as it came, and a file with a bad line refused whole.

let runs: DatasetRuns;

beforeAll(async () => {
  runs = await runBothDatasets('dataset-store');
}, 120_000);

afterAll(() => runs.server.close());

describe('datasets stored by the command line', () => {
  it('keeps the cases whose first call failed as a new dataset that reimports and scores', async () => {
    const out = path.join(runs.folder, 'failures.jsonl');
    const made = await runCli([
      'export',
      runs.distilSummary.experimentId,
      '--format',
      'dataset',
      '--name',
      'held-out failures',
      '--out',
      out,
      '--db',
      runs.db,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const failed = distilCases.filter((entry) => entry.correct === false);
    expect(made.stderr).toContain(`dataset "held-out failures"`);
    expect(made.stderr).toContain(`${failed.length} failed case(s)`);
    const kept = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(kept.map((entry) => entry.id)).toEqual(failed.map((entry) => entry.key));
    for (const entry of kept) expect(entry.expect.kind).toBe('call');
    // Imported into a fresh database and run: the same server fails them all again.
    const freshDb = path.join(runs.folder, 'failures.db');
    const imported = await runCli(['dataset', 'import', out, '--db', freshDb]);
    expect(imported.code, imported.stderr).toBe(0);
    const run = await runCli(harnessArgs(runs.server.baseUrl, out, freshDb, '--json'));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).variants[0].counts.callAccuracy).toEqual({ successes: 0, trials: failed.length });
  });

  it('reuses the stored dataset when the same file runs again, and exports it as it came', async () => {
    const list = await runCli(['dataset', 'list', '--db', runs.db, '--json']);
    const names = JSON.parse(list.stdout).map((row: { name: string }) => row.name);
    expect(names).toEqual(['held-out failures', 'parallel-and-irrelevant', 'smart-home-held-out']);
    const exported = await runCli(['dataset', 'export', 'smart-home-held-out', '--format', 'distil', '--db', runs.db]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(distilText);
    const again = await runCli([
      'dataset',
      'import',
      runs.distilFile,
      '--format',
      'distil',
      '--name',
      'smart-home-held-out',
      '--db',
      runs.db,
    ]);
    expect(again.stdout).toContain('already stored with the same cases');
  });

  it('refuses a file with a bad line whole, naming the line, and stores nothing', async () => {
    const lines = distilText.split('\n');
    lines[2] = '{"question": "[]", "answer": "{}"}';
    const bad = path.join(runs.folder, 'bad.jsonl');
    writeFileSync(bad, lines.join('\n'));
    const emptyDb = path.join(runs.folder, 'empty.db');
    const run = await runCli(['dataset', 'import', bad, '--format', 'distil', '--db', emptyDb]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is refused; nothing was imported');
    expect(run.stderr).toContain(`${bad} line 3:`);
    const list = await runCli(['dataset', 'list', '--db', emptyDb, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([]);
    expect(readFileSync(bad, 'utf8')).toContain('"answer": "{}"');
  });
});
