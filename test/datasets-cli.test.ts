import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { listCaseVerdicts } from '../lib/db/queries/accuracy';
import { addConversationLabel, setConversationNote } from '../lib/db/queries/conversation-review';
import { distilCases, distilText, remoraCases, type Case } from './dataset-cases';
import { harnessArgs, runBothDatasets, truthRate, verdicts, type DatasetRuns } from './dataset-truth-server';

// The harness, run as a user runs it, on datasets against a local server whose right and wrong
// answers per case are known: call accuracy, name accuracy and every case's verdict must equal
// that truth exactly; then the datasets as the command line stores them: the failed cases kept as a new
// dataset, the same file reused rather than stored twice and exported as it came, and a file with a bad
// line refused whole. One file, so that both read the same two harness runs (each file made its own).

let runs: DatasetRuns;

beforeAll(async () => {
  runs = await runBothDatasets('datasets');
}, 120_000);

afterAll(() => runs.server.close());

describe('harness --dataset against a server with known answers', () => {
  it('reports call and name accuracy equal to the truth on a distil-labs file, and each case verdict', async () => {
    const summary = runs.distilSummary;
    const [variant] = summary.variants;
    const scored = (entry: Case) => entry.correct !== null;
    expect(variant.conversations).toBe(distilCases.length);
    expect(variant.counts.callAccuracy).toEqual({ successes: 5, trials: 11 });
    expect(variant.callAccuracy.value).toBe(truthRate(distilCases, (entry) => entry.correct === true, scored));
    expect(variant.nameAccuracy.value).toBe(truthRate(distilCases, (entry) => entry.nameCorrect === true, scored));
    expect(variant.argumentAccuracy.value).toBe(
      truthRate(
        distilCases,
        (entry) => entry.correct === true,
        (entry) => entry.nameCorrect === true,
      ),
    );
    expect(variant.irrelevanceAccuracy).toBeUndefined();
    expect(variant.callAccuracy.low).toBeLessThan(variant.callAccuracy.value);
    // Task success of a dataset run is the expected call; a case whose request failed is judged a failure.
    expect(variant.counts.taskSuccessRate).toEqual({ successes: 5, trials: distilCases.length });

    const byCase = await verdicts(runs.db, summary.experimentId);
    for (const entry of distilCases) {
      const verdict = byCase.get(entry.key);
      expect(verdict?.scored, entry.key).toBe(entry.correct !== null);
      if (entry.correct === null) continue;
      expect(verdict?.correct, entry.key).toBe(entry.correct);
      expect(verdict?.nameCorrect, entry.key).toBe(entry.nameCorrect);
    }
    expect(byCase.get('line-4')?.failures).toEqual([
      'argument "door" was given, but the expected call does not have it',
    ]);
    expect(byCase.get('line-8')?.failures).toEqual(['argument "temperature" must be an integer, got string "70"']);
  });

  it('sent each case once as the set gives it: system prompt, earlier turns (ids, no results), agent tools', () => {
    const multiTurn = runs.distilRequests.find((body) => body.messages.some((message) => message.role === 'assistant'));
    expect(multiTurn?.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(multiTurn?.messages[2].tool_calls?.[0].id).toMatch(/^call_/);
    expect(multiTurn?.tools.map((tool) => tool.function.name)).toEqual([
      'toggle_lights',
      'set_thermostat',
      'lock_door',
      'get_device_status',
      'set_scene',
      'intent_unclear',
    ]);
    // One request per answered case (max turns 1), three attempts for the one that always fails.
    expect(runs.distilRequests.length).toBe(distilCases.length - 1 + 3);
  });

  it('scores parallel calls in another order, an optional argument, and irrelevant requests', async () => {
    const summary = runs.remoraSummary;
    const [variant] = summary.variants;
    const calls = remoraCases.filter((entry) => entry.nameCorrect !== null);
    const irrelevant = remoraCases.filter((entry) => entry.nameCorrect === null);
    expect(variant.counts.callAccuracy).toEqual({ successes: 2, trials: 3 });
    expect(variant.nameAccuracy.value).toBe(calls.filter((entry) => entry.nameCorrect).length / calls.length);
    expect(variant.counts.irrelevanceAccuracy).toEqual({ successes: 1, trials: 2 });
    expect(variant.irrelevanceAccuracy.value).toBe(
      irrelevant.filter((entry) => entry.correct).length / irrelevant.length,
    );
    const byCase = await verdicts(runs.db, summary.experimentId);
    for (const entry of remoraCases) expect(byCase.get(entry.key)?.correct, entry.key).toBe(entry.correct);
  });

  it("scores with BFCL's checker when asked (--scoring bfcl), and says so in each verdict", async () => {
    const run = await runCli(
      harnessArgs(runs.server.baseUrl, runs.remoraFile, runs.db, '--scoring', 'bfcl', '--concurrency', '4', '--json'),
    );
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    const byCase = await verdicts(runs.db, summary.experimentId);
    for (const entry of remoraCases) {
      const verdict = byCase.get(entry.key) as unknown as { scoring: string; correct: boolean };
      expect(verdict.scoring, entry.key).toBe('bfcl');
      expect(verdict.correct, entry.key).toBe(entry.correct);
    }
    const refused = await runCli(harnessArgs(runs.server.baseUrl, runs.remoraFile, runs.db, '--scoring', 'strictest'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('unknown scoring mode "strictest"; use one of lenient, bfcl');
  });
});

describe('datasets stored by the command line', () => {
  it('keeps the cases whose first call failed as a new dataset that reimports and scores', async () => {
    // Issue 25 item 8: what a reviewer wrote about a failed conversation stays with its case.
    const database = openDatabase(runs.db);
    const [wrong] = listCaseVerdicts(database, runs.distilSummary.experimentId, { onlyWrong: true });
    addConversationLabel(database, wrong.conversationId, 'wrong room');
    setConversationNote(database, wrong.conversationId, 'asked for the kitchen');
    closeDatabase(database);
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
    expect(kept.find((entry) => entry.id === wrong.caseKey).note).toBe('labels: wrong room · asked for the kitchen');
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
