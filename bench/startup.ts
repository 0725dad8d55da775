// `npx tsx bench/startup.ts`: what a person pays before any work, each measured as a child
// process with GNU time (wall clock, user + system CPU of it and its children): `node -e ''` (the
// floor), `remora --help`, and a one-conversation `remora harness` run against a local simulator
// (zero latency, its own process). Goals (issue 13): --help under 150 ms of CPU, the one-conversation
// run under 500 ms of wall time on a quiet machine. Medians of --repeats runs after one unmeasured
// run that builds the command line when needed; the load average is printed beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { startSimChild } from './sim-child';
import { runTimed, type TimedRun } from './timed-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = new Command()
  .option('--repeats <n>', 'measured runs of each', '7')
  .option('--json', 'print JSON', false)
  .parse()
  .opts<{ repeats: string; json: boolean }>();
const repeats = Number(options.repeats);
const remora = path.join(root, 'bin/remora.mjs');

type Row = { name: string; wallMs: number; cpuMs: number; goal: string; met: boolean | null };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function measure(args: string[], check: (run: TimedRun) => void): Promise<{ wallMs: number; cpuMs: number }> {
  check(await runTimed(process.execPath, args, { cwd: root }));
  const runs: TimedRun[] = [];
  for (let index = 0; index < repeats; index++) {
    const run = await runTimed(process.execPath, args, { cwd: root });
    check(run);
    runs.push(run);
  }
  return { wallMs: median(runs.map((run) => run.wallMs)), cpuMs: median(runs.map((run) => run.cpuMs)) };
}

const succeeded = (run: TimedRun) => {
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`);
};

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const rows: Row[] = [];
  const floor = await measure(['-e', ''], succeeded);
  rows.push({ name: "node -e '' (the floor)", ...floor, goal: '', met: null });
  const help = await measure([remora, '--help'], succeeded);
  rows.push({ name: 'remora --help', ...help, goal: 'CPU < 150 ms', met: help.cpuMs < 150 });

  const folder = mkdtempSync(path.join(tmpdir(), 'remora-startup-'));
  const sim = await startSimChild();
  try {
    let run = 0;
    const harness = () => [
      remora,
      'harness',
      '--agent',
      'harness',
      '--base-url',
      sim.url,
      '--model',
      'functiongemma-270m-it',
      '--requests-per-variant',
      '1',
      '--db',
      path.join(folder, `one-${run++}.db`),
      '--json',
    ];
    // A fresh database each time, as a first run has: its migrations are part of the cost.
    const args = harness();
    const one = await measure(args, (result) => {
      succeeded(result);
      args.splice(0, args.length, ...harness());
    });
    rows.push({
      name: 'remora harness, one conversation (new database)',
      ...one,
      goal: 'wall < 500 ms',
      met: one.wallMs < 500,
    });
  } finally {
    await sim.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  const loadAfter = loadavg()[0];
  const load = `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (${cpus().length} cores)`;
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ repeats, rows, load })}\n`);
    return;
  }
  console.log(`medians of ${repeats} runs; CPU = user + system of the process and its children; ${load}`);
  for (const row of rows) {
    const verdict = row.met === null ? '' : row.met ? 'ok' : 'MISSED';
    const wall = String(Math.round(row.wallMs)).padStart(5);
    const cpu = String(Math.round(row.cpuMs)).padStart(5);
    console.log(`${row.name.padEnd(50)} wall ${wall} ms   CPU ${cpu} ms   ${row.goal.padEnd(14)} ${verdict}`);
  }
}

await main();
