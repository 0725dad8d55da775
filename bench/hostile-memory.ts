// `npx tsx bench/hostile-memory.ts [--conversations 200] [--max-response-bytes 1048576]`: the peak
// memory of a run against a hostile model server (lib/testing/hostile-model-server.ts: one answer in
// 25 is 100,000-deep JSON, 2 MB of content, a gzip bomb, truncated JSON or an HTML 502). It runs
// `remora harness` as a child process measured by GNU time and prints its peak RSS next to the
// issue's goal (300 MB), with how many conversations were stored and how many model calls failed.
// test/hostile-answers.test.ts checks what is stored; this prints what it costs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Command } from 'commander';
import { startHostileServer } from '../lib/testing/hostile-model-server';
import { runTimed } from './timed-process';

const GOAL_MB = 300;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = new Command()
  .option('--conversations <n>', 'conversations in the run', '200')
  .option('--concurrency <n>', 'conversations at once', '8')
  .option('--max-response-bytes <n>', 'the largest answer the harness reads (its --max-response-bytes)', '1048576')
  .option('--json', 'print JSON', false)
  .parse()
  .opts<{ conversations: string; concurrency: string; maxResponseBytes: string; json: boolean }>();

const server = await startHostileServer();
const folder = mkdtempSync(path.join(tmpdir(), 'remora-hostile-bench-'));
try {
  const count = Number(options.conversations);
  const inputs = path.join(folder, 'inputs.jsonl');
  writeFileSync(
    inputs,
    Array.from({ length: count }, (_, index) => JSON.stringify({ node_text: `case ${index}` })).join('\n'),
  );
  const db = path.join(folder, 'hostile.db');
  const args = ['harness', '--agent', 'harness', '--base-url', server.url, '--model', 'hostile', '--inputs', inputs];
  args.push(
    '--requests-per-variant',
    String(count),
    '--concurrency',
    options.concurrency,
    '--max-response-bytes',
    options.maxResponseBytes,
    '--db',
    db,
    '--json',
  );
  const run = await runTimed(process.execPath, [path.join(root, 'bin/remora.mjs'), ...args], { cwd: root });
  if (run.code !== 0) throw new Error(`remora harness exited with ${run.code}: ${run.stderr.slice(-2000)}`);
  const database = new Database(db, { readonly: true });
  const stored = database.prepare('select count(*) from conversations').pluck().get() as number;
  const failedCalls = database
    .prepare("select count(*) from model_calls where status = 'error'")
    .pluck()
    .get() as number;
  database.close();
  const peakMb = run.maxRssKb / 1024;
  const figures = {
    conversations: count,
    stored,
    failedModelCalls: failedCalls,
    brokenAnswersSent: Object.fromEntries(server.seen),
    wallSeconds: Number((run.wallMs / 1000).toFixed(1)),
    peakRssMb: Number(peakMb.toFixed(1)),
    goalMb: GOAL_MB,
    withinGoal: peakMb < GOAL_MB,
  };
  if (options.json) console.log(JSON.stringify(figures));
  else {
    console.log(`conversations stored:      ${stored} of ${count}`);
    console.log(`model calls that failed:   ${failedCalls}`);
    console.log(`broken answers sent:       ${[...server.seen].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
    console.log(`wall time:                 ${figures.wallSeconds} s`);
    const verdict = figures.withinGoal ? 'met' : 'NOT met';
    console.log(`peak memory (RSS):         ${figures.peakRssMb} MB (goal: under ${GOAL_MB} MB: ${verdict})`);
  }
} finally {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
}
