// The API's summary equals what the command line prints for the same experiment: the harness runs
// as a user runs it (a child process, into a database file), then the panel's service reads that
// experiment back from the file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@/test/cli-process';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../../db/client';
import { projectRoot } from '../../config';
import { JobRunner } from '../../experiments/job-runner';
import { parseJson } from '../../protocol/json';
import { startSimServer, type SimServer } from '../../sim/server';
import type { PanelContext } from '../context';
import { getExperimentView } from './experiments';

let simulator: SimServer;
let folder: string;
const opened: { database: RemoraDatabase; jobRunner: JobRunner }[] = [];

beforeAll(async () => {
  simulator = await startSimServer({ port: 0, seed: 5, latencyMs: 0, http500Rate: 0.02, http429Rate: 0 });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-cli-api-'));
});
afterAll(async () => {
  for (const { database, jobRunner } of opened) {
    await jobRunner.close();
    closeDatabase(database);
  }
  await simulator?.close();
});

/** Runs `remora harness ... --json` into its own database file; the printed summary and that file. */
async function harness(
  name: string,
  args: string[],
): Promise<{ summary: { experimentId: string } & Record<string, unknown>; file: string }> {
  const file = path.join(folder, `${name}.db`);
  const run = await runCli([
    'harness',
    '--base-url',
    simulator.url,
    '--model',
    'functiongemma-270m-it',
    '--concurrency',
    '6',
    '--db',
    file,
    '--json',
    ...args,
  ]);
  expect(run.stderr).not.toContain('internal error');
  expect(run.code, run.stderr).toBe(0);
  const parsed = parseJson(run.stdout);
  if (!parsed.ok) throw new Error(`the harness printed no JSON: ${parsed.error}\n${run.stdout}`);
  return { summary: parsed.value as { experimentId: string } & Record<string, unknown>, file };
}

function panelOn(file: string): PanelContext {
  const database = openDatabase(file);
  const jobRunner = new JobRunner({ database, toolPoolSize: 1, log: () => {} });
  opened.push({ database, jobRunner });
  return { database, jobRunner, root: projectRoot(), simulatorUrl: () => simulator.url };
}

describe('the summary of the API and of the command line', () => {
  it('are equal for an A/B experiment, key for key and number for number', async () => {
    const prompt = path.join(folder, 'directive.txt');
    writeFileSync(
      prompt,
      'You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.',
    );
    const baseline = path.join(folder, 'baseline.txt');
    writeFileSync(baseline, 'You are a harness. Use the tools.');
    const { summary, file } = await harness('ab', [
      '--agent',
      'harness',
      '--variant',
      `baseline=${baseline}`,
      '--variant',
      `directive=${prompt}`,
      '--requests-per-variant',
      '60',
    ]);
    const view = getExperimentView(panelOn(file), summary.experimentId);
    expect(view.summary).toEqual(summary);
    // The same text, keys in the same order, as a client reads it.
    expect(JSON.stringify(view.summary)).toBe(JSON.stringify(summary));
    expect(view.summary.variants.map((variant) => variant.conversations)).toEqual([60, 60]);
    expect(view.summary.comparisons.length).toBeGreaterThan(0);
    expect(view.summary.variants[0].latencyMs.p50).not.toBeNull();
  }, 120_000);

  it('are equal for a dataset run, accuracy included', async () => {
    const dataset = path.join(projectRoot(), 'agents', 'smart_home', 'dataset.jsonl');
    const { summary, file } = await harness('dataset', ['--agent', 'smart_home', '--dataset', dataset]);
    const view = getExperimentView(panelOn(file), summary.experimentId);
    expect(JSON.stringify(view.summary)).toBe(JSON.stringify(summary));
    expect(view.summary.variants[0].callAccuracy).toBeDefined();
  }, 120_000);
});
