// `npm run bench`: what the harness costs per model call next to a bare HTTP loop making the same
// calls at the same concurrency, against the simulator with zero latency. See bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { openDatabase, closeDatabase, type RemoraDatabase } from '../lib/db/client';
import { errorMessage } from '../lib/errors';
import { parseJson } from '../lib/protocol/json';
import type { SimStats } from '../lib/sim/options';
import type { ToolWorkerPool } from '../lib/tools/worker-pool';
import { runBareLoop } from './bare-loop';
import { loadHarnessAgent, probeSimulator, runHarness, storedCounts, type HarnessAgent } from './harness-run';
import { collectGarbage, measured } from './measure';
import { childrenCpu, childrenCpuDelta } from './process-cpu';
import { computeFigures, formatFigures, type RawMeasurements } from './report';
import { startSimChild, type SimChild } from './sim-child';
import { experimentToolPool } from '../lib/experiments/tool-pool';

type Options = { conversations: number; concurrency: number; warmup?: number; db?: string; json: boolean };

function positiveInteger(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError('must be a positive integer');
  return value;
}

function nonNegativeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new InvalidArgumentError('must be a non-negative integer');
  return value;
}

type Context = {
  sim: SimChild;
  database: RemoraDatabase;
  tools: ToolWorkerPool;
  agent: HarnessAgent;
  simulated: boolean;
  concurrency: number;
};

function parseBodies(texts: string[]): unknown[] {
  return texts.map((text, index) => {
    const parsed = parseJson(text);
    if (!parsed.ok) throw new Error(`recorded request ${index} is not JSON: ${parsed.error}`);
    return parsed.value;
  });
}

/**
 * The harness run, then the bare loop over the very requests it sent (the simulator reset in between, so it answers the
 * same).
 */
async function runPair(context: Context, conversations: number) {
  const { sim, database, tools, agent, simulated, concurrency } = context;
  await sim.reset(true);
  const simBefore = await sim.measure();
  const workersBefore = childrenCpu([sim.pid]);
  const harness = await measured(() =>
    runHarness({ database, tools, agent, url: sim.url, conversations, concurrency, simulated }),
  );
  const workersAfter = childrenCpu([sim.pid]);
  const simAfterHarness = await sim.measure();
  const bodies = parseBodies(await sim.takeBodies());

  await sim.reset(false);
  const simBeforeBare = await sim.measure();
  const bare = await measured(() => runBareLoop(sim.url, bodies, concurrency));
  const simAfterBare = await sim.measure();

  return {
    experimentId: harness.value.experimentId,
    status: harness.value.status,
    modelCalls: bodies.length,
    harness: {
      wallMs: harness.wallMs,
      cpuMicros: harness.cpuMicros,
      simulatorCpuMicros: simAfterHarness.cpuMicros - simBefore.cpuMicros,
      toolWorkersCpuMicros: childrenCpuDelta(workersBefore, workersAfter),
    },
    bare: {
      wallMs: bare.wallMs,
      cpuMicros: bare.cpuMicros,
      simulatorCpuMicros: simAfterBare.cpuMicros - simBeforeBare.cpuMicros,
      failures: bare.value.failures,
    },
    replayMatches: sameAnswers(simAfterHarness.stats, simAfterBare.stats),
  };
}

function sameAnswers(left: SimStats, right: SimStats): boolean {
  return left.completions === right.completions && JSON.stringify(left.shapes) === JSON.stringify(right.shapes);
}

async function main(options: Options): Promise<void> {
  const temporary = options.db ? null : mkdtempSync(path.join(tmpdir(), 'remora-bench-'));
  const databasePath = options.db ?? path.join(temporary as string, 'bench.db');
  const warmup = options.warmup ?? Math.min(200, options.conversations);
  const sim = await startSimChild();
  let database: RemoraDatabase | null = null;
  // The CLI's pool size for this concurrency.
  const tools = experimentToolPool({ size: Math.min(8, Math.max(2, options.concurrency)) });
  try {
    database = openDatabase(databasePath);
    const agent = await loadHarnessAgent();
    const simulated = await probeSimulator(sim.url);
    const context: Context = { sim, database, tools, agent, simulated, concurrency: options.concurrency };
    // Starts the tool workers and lets V8 compile the hot paths, for both sides alike.
    if (warmup > 0) await runPair(context, warmup);
    const pair = await runPair(context, options.conversations);
    if (pair.status !== 'completed') throw new Error(`the harness experiment ended ${pair.status}`);

    const raw: RawMeasurements = {
      conversations: options.conversations,
      concurrency: options.concurrency,
      warmupConversations: warmup,
      database: databasePath,
      modelCalls: pair.modelCalls,
      stored: storedCounts(database, pair.experimentId),
      harness: pair.harness,
      bare: pair.bare,
      replayMatches: pair.replayMatches,
      garbageCollected: collectGarbage(),
    };
    const figures = computeFigures(raw);
    process.stdout.write(options.json ? `${JSON.stringify(figures, null, 2)}\n` : `${formatFigures(figures)}\n`);
    if (!figures.everyTranscriptStored) process.exitCode = 1;
  } finally {
    await tools.close();
    if (database) closeDatabase(database);
    await sim.stop();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

const program = new Command('harness-overhead')
  .description('harness overhead per model call next to a bare HTTP loop, against the simulator with zero latency')
  .option('--conversations <n>', 'conversations to run', positiveInteger, 2000)
  .option('--concurrency <n>', 'conversations (and bare requests) at once', positiveInteger, 16)
  .option(
    '--warmup <n>',
    'conversations run (and replayed) first, not measured (default min(200, conversations))',
    nonNegativeInteger,
  )
  .option('--db <path>', 'SQLite database file (default: a temporary file, removed afterwards)')
  .option('--json', 'print the figures as JSON', false)
  .action(async (options: Options) => {
    try {
      await main(options);
    } catch (error) {
      process.stderr.write(
        `benchmark failed: ${error instanceof Error ? (error.stack ?? errorMessage(error)) : errorMessage(error)}\n`,
      );
      process.exitCode = 1;
    }
  });

await program.parseAsync();
