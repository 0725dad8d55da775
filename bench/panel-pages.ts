// `npx tsx --conditions=react-server bench/panel-pages.ts`: the finished experiment's page and the
// compare page over HTTP, rendered by a started panel (the built one: run `npm run build` first) on a
// database of 100,002 conversations filled as bench/panel-queries.ts fills it. What panel-queries.ts
// times in-process leaves out the rendering, the HTTP and the page's other reads; this is what a
// person waits for. Goal: each page under 300 ms. The first view of each is printed beside (it
// computes what a finished experiment keeps per process).
//
//   npx tsx --conditions=react-server bench/panel-pages.ts [--conversations N] [--runs N] [--db FILE --keep] [--reuse]
//   [--drop-index NAME]   times the pages without one index (the database is changed: use a copy)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { setExperimentStatus } from '../lib/db/queries/experiments';
import { fill, log } from './panel-fill';
import { PROFILES } from './panel-records';
import { loadAverages, timingTable, type Timing } from './query-timing';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100002' },
    runs: { type: 'string', default: '7' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'drop-index': { type: 'string' },
  },
});
const runs = Number(values.runs);
const perVariant = Math.ceil(Number(values.conversations) / PROFILES.length);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
if (!Number.isInteger(perVariant) || perVariant < 1) throw new Error('--conversations must be a whole number');

const LISTENING = /- Local:\s+https?:\/\/\S+:(\d+)/;

/** The built panel on a free port, on this database; resolves once /api/health answers. */
async function startPanel(database: string): Promise<{ origin: string; stop: () => void }> {
  const child = spawn('bash', [path.join(process.cwd(), 'scripts', 'next.sh'), 'start', '-H', '127.0.0.1', '-p', '0'], {
    env: { ...process.env, REMORA_DB: database, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the panel exited (${child.exitCode}):\n${output}`);
    const port = Number(LISTENING.exec(output)?.[1] ?? 0);
    if (port > 0) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.ok) return { origin: `http://127.0.0.1:${port}`, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One page fetched once to warm up, then `runs` times; the whole body is read each time. */
async function timePage(name: string, url: string): Promise<Timing> {
  const fetchOnce = async () => {
    const answer = await fetch(url);
    const body = await answer.text();
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${body.slice(0, 300)}`);
    return body;
  };
  // The first view also computes what a finished experiment keeps (its summary, latency groups and
  // counted comparisons, lib/panel/kept-values.ts): shown beside the later views, not hidden.
  const first = performance.now();
  let body = await fetchOnce();
  const firstMs = performance.now() - first;
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    body = await fetchOnce();
    samples.push(performance.now() - started);
  }
  samples.sort((first, second) => first - second);
  return {
    name,
    medianMs: samples[Math.floor(samples.length / 2)],
    minMs: samples[0],
    maxMs: samples[samples.length - 1],
    detail: `${Math.round(body.length / 1024)} KiB of HTML; first view ${Math.round(firstMs)} ms`,
  };
}

async function main(): Promise<void> {
  const folder = values.db ? null : mkdtempSync(path.join(tmpdir(), 'remora-pages-bench-'));
  const file = values.db ?? path.join(folder as string, 'bench.db');
  const database = openDatabase(file);
  let experimentId: string;
  try {
    const reused = values.reuse
      ? (database.$client
          .prepare(
            'select experiment_id as id from conversations group by experiment_id order by count(*) desc limit 1',
          )
          .get() as { id: string } | undefined)
      : undefined;
    if (reused) experimentId = reused.id;
    else {
      log(`filling ${file} with ${perVariant * PROFILES.length} conversations...`);
      experimentId = (await fill(database, perVariant, 1)).id;
      await fill(database, 500, 10_000_000); // another experiment, so that each query keeps to its own
    }
    setExperimentStatus(database, experimentId, 'completed');
    if (values['drop-index']) database.$client.exec(`drop index if exists "${values['drop-index'].replace(/"/g, '')}"`);
  } finally {
    closeDatabase(database);
  }
  const panel = await startPanel(file);
  try {
    const [a, b] = PROFILES.map((profile) => encodeURIComponent(`${experimentId}:${profile.name}`));
    const timings = [
      await timePage('GET /experiments/:id (finished)', `${panel.origin}/experiments/${experimentId}`),
      await timePage('GET /compare (two variants of one experiment)', `${panel.origin}/compare?a=${a}&b=${b}`),
      await timePage('GET /compare, second page of the inputs', `${panel.origin}/compare?a=${a}&b=${b}&page=2`),
      await timePage('GET /compare (no choice made: the pickers)', `${panel.origin}/compare`),
    ];
    process.stdout.write(timingTable('page over HTTP', timings, (timing) => (timing.maxMs < 300 ? 'ok' : 'SLOW')));
    process.stdout.write(
      `\n${runs} runs each after a warm-up, one request at a time, the whole HTML read. Goal: 300 ms.\n` +
        `load average when done: ${loadAverages()} (${cpus().length} cores)\n`,
    );
  } finally {
    panel.stop();
    if (folder && !values.keep) rmSync(folder, { recursive: true, force: true });
    else log(`kept ${file}`);
  }
}

await main();
