// `npx tsx bench/scaling.ts`: the same N one-call tests through the whole `remora harness` process
// and through a bare keep-alive HTTP loop process, against one local simulator, for N = 1,000 and
// 10,000. Fixed costs (start-up, tool workers, the summary) show as CPU per call that grows at small
// N; the goal is CPU per call at 1,000 within 2x of that at 10,000. See bench/README.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { build } from 'esbuild';
import { startSimChild, type SimChild } from './sim-child';
import { runTimed, type TimedRun } from './timed-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const program = new Command()
  .option('--sizes <list>', 'numbers of tests, comma-separated', '1000,10000')
  .option('--concurrency <n>', 'tests at once, both sides', '8')
  .option('--repeats <n>', 'interleaved runs of each size (medians printed)', '3')
  .option('--json', 'print JSON', false)
  .parse();
const options = program.opts<{ sizes: string; concurrency: string; repeats: string; json: boolean }>();
const sizes = options.sizes.split(',').map(Number);
const concurrency = Number(options.concurrency);
const repeats = Number(options.repeats);

type Pair = { remora: TimedRun; bare: TimedRun };

async function compileBareLoop(folder: string): Promise<string> {
  const outfile = path.join(folder, 'bare-process.mjs');
  await build({
    entryPoints: [path.join(root, 'bench/bare-process.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  return outfile;
}

async function runPair(sim: SimChild, folder: string, bareScript: string, tests: number, index: number): Promise<Pair> {
  await sim.reset(true);
  const db = path.join(folder, `scaling-${tests}-${index}.db`);
  const remora = await runTimed(
    process.execPath,
    [
      path.join(root, 'bin/remora.mjs'),
      'harness',
      '--agent',
      'harness',
      '--base-url',
      sim.url,
      '--model',
      'functiongemma-270m-it',
      '--requests-per-variant',
      String(tests),
      '--max-turns',
      '1',
      '--concurrency',
      String(concurrency),
      '--db',
      db,
      '--json',
    ],
    { cwd: root },
  );
  if (remora.code !== 0) throw new Error(`remora harness failed (${remora.code}): ${remora.stderr}`);
  const summary = JSON.parse(remora.stdout) as { variants: { conversations: number; modelCalls: number }[] };
  if (summary.variants[0].conversations !== tests)
    throw new Error(`remora stored ${summary.variants[0].conversations} of ${tests} tests`);
  const bodies = await sim.takeBodies();
  if (bodies.length !== tests) throw new Error(`remora made ${bodies.length} model calls for ${tests} one-call tests`);

  // Same requests, same answers (the simulator's counters reset), same concurrency.
  await sim.reset(false);
  const bodiesFile = path.join(folder, `bodies-${tests}.jsonl`);
  writeFileSync(bodiesFile, `${bodies.join('\n')}\n`);
  const bare = await runTimed(process.execPath, [bareScript, sim.url, bodiesFile, String(concurrency)]);
  const result = JSON.parse(bare.stdout) as { calls: number; failures: number };
  if (bare.code !== 0 || result.failures > 0) throw new Error(`the bare loop failed: ${bare.stderr}${bare.stdout}`);
  rmSync(db, { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
  return { remora, bare };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-scaling-'));
  const sim = await startSimChild();
  try {
    const bareScript = await compileBareLoop(folder);
    // A first run builds the command line if needed and warms the file cache; it is not counted.
    await runPair(sim, folder, bareScript, 20, 0);
    const runs = new Map<number, Pair[]>(sizes.map((size) => [size, []]));
    for (let repeat = 1; repeat <= repeats; repeat++) {
      for (const size of sizes) runs.get(size)!.push(await runPair(sim, folder, bareScript, size, repeat));
    }
    const rows = sizes.map((tests) => {
      const pairs = runs.get(tests)!;
      const remoraCpu = median(pairs.map((pair) => pair.remora.cpuMs));
      const bareCpu = median(pairs.map((pair) => pair.bare.cpuMs));
      return {
        tests,
        remora: {
          wallMs: median(pairs.map((pair) => pair.remora.wallMs)),
          cpuMs: remoraCpu,
          cpuPerCallMs: remoraCpu / tests,
          maxRssMb: median(pairs.map((pair) => pair.remora.maxRssKb)) / 1024,
        },
        bare: { wallMs: median(pairs.map((pair) => pair.bare.wallMs)), cpuMs: bareCpu, cpuPerCallMs: bareCpu / tests },
        cpuRatio: remoraCpu / bareCpu,
        wallRatio: median(pairs.map((pair) => pair.remora.wallMs)) / median(pairs.map((pair) => pair.bare.wallMs)),
      };
    });
    const smallest = rows[0];
    const largest = rows[rows.length - 1];
    const scaling = smallest.remora.cpuPerCallMs / largest.remora.cpuPerCallMs;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ concurrency, repeats, rows, scaling })}\n`);
      return;
    }
    console.log(
      `one-call tests (harness agent, --max-turns 1) at concurrency ${concurrency}, medians of ${repeats}; ` +
        'CPU = user + system of the whole process and its tool workers',
    );
    console.log(
      'tests   | remora wall | remora CPU | CPU/call | peak RSS | bare wall | bare CPU | CPU/call | ' +
        'CPU ratio | wall ratio',
    );
    for (const row of rows) {
      const { remora, bare } = row;
      const cells = [
        String(row.tests).padEnd(7),
        ms(remora.wallMs),
        ms(remora.cpuMs),
        `${remora.cpuPerCallMs.toFixed(3)} ms`,
        `${remora.maxRssMb.toFixed(0).padStart(5)} MB`,
        ms(bare.wallMs),
        ms(bare.cpuMs),
        `${bare.cpuPerCallMs.toFixed(3)} ms`,
        `${row.cpuRatio.toFixed(1).padStart(8)}x`,
        `${row.wallRatio.toFixed(1).padStart(9)}x`,
      ];
      console.log(cells.join(' | '));
    }
    console.log(
      `remora CPU per call at ${smallest.tests} / at ${largest.tests}: ${scaling.toFixed(2)}x (goal: at most 2x)`,
    );
  } finally {
    await sim.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

function ms(value: number): string {
  return `${Math.round(value)} ms`.padStart(10);
}

await main();
