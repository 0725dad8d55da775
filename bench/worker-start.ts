// `npx tsx bench/worker-start.ts`: what a conversation pays to start its JavaScript tool worker. An
// agent whose tools change files gives each conversation a workspace, and a worker serves one
// workspace (lib/tools/worker-scope.ts), so each such conversation starts a worker (in bubblewrap
// where it exists) and the worker ends with it. Measured through the real ToolWorkerPool, both ways
// Remora launches a worker: the compiled worker with plain Node (the command line; the panel and
// tests too when the project's build is current) and the TypeScript worker through tsx's loader
// (from sources without a current build), and the pool as the panel makes it, whose launch is
// printed. The tool is a plain .mjs module, so that every launch loads the same thing. Printed per
// conversation: the wall time of its first call (start included) against a call to a running worker,
// and the CPU of the start: this process plus each worker up to the end of its conversation
// (bubblewrap and Node, from /proc), less the CPU of the same number of calls to one running worker.
// A worker's exit is not counted.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import type { ToolContext, ToolLimits } from '../lib/tools/protocol';
import { sandboxHost } from '../lib/tools/sandbox/host';
import { createWorkspaceFolder } from '../lib/tools/work-root';
import { ToolWorkerPool } from '../lib/tools/worker-pool';
import type { WorkerPoolOptions } from '../lib/tools/worker-pool-options';
import { toolWorkers } from '../lib/build/tool-worker-launch';
import { childrenCpu, childrenCpuDelta } from './process-cpu';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = new Command()
  .option('--conversations <n>', 'conversations (one worker start each) per launch', '40')
  .option('--concurrency <n>', 'conversations at once, and the pool size', '2')
  .option('--json', 'print JSON', false)
  .parse()
  .opts<{ conversations: string; concurrency: string; json: boolean }>();
const conversations = Number(options.conversations);
const concurrency = Number(options.concurrency);
const limits: ToolLimits = { timeoutMs: 60_000, maxOutputBytes: 1024 * 1024 };

const blank = { filePath: null, nodeText: '', nodeName: null, nodeType: null, settings: {}, knowledge: {} };
const context = (workspace: string | null): ToolContext => ({ ...blank, workspace });

/** Keeps the CPU (µs) each live descendant, a worker in bubblewrap, has used so far: the latest per process. */
function sampleWorkers(seen: Map<number, number>): void {
  for (const [pid, micros] of childrenCpu([]) ?? []) seen.set(pid, Math.max(micros, seen.get(pid) ?? 0));
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Runs `count` tasks, `concurrency` at a time. */
async function lanes(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

async function call(pool: ToolWorkerPool, tool: string, workspace: string | null): Promise<number> {
  const started = performance.now();
  const execution = await pool.execute(tool, { arguments: { value: 1 }, context: context(workspace) }, limits);
  if (execution.outcome !== 'success') throw new Error(`the tool failed: ${execution.error}`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

type Row = { launch: string; firstCallMs: number; warmCallMs: number; startCpuMs: number };

async function measure(launch: string, launchOptions: WorkerPoolOptions, tool: string): Promise<Row> {
  // Calls to one running worker (no workspace: one scope): the cost of a call without a start.
  const warmPool = new ToolWorkerPool({ ...launchOptions, size: 1 });
  const warm: number[] = [];
  let warmCpu = 0;
  try {
    await call(warmPool, tool, null);
    const before = ownCpuMs();
    const workersBefore = childrenCpu([]);
    for (let index = 0; index < conversations; index++) warm.push(await call(warmPool, tool, null));
    warmCpu = ownCpuMs() - before + (childrenCpuDelta(workersBefore, childrenCpu([])) ?? 0) / 1000;
  } finally {
    await warmPool.close();
  }
  // One workspace per conversation: each first call starts a worker, which ends with its conversation.
  const pool = new ToolWorkerPool({ ...launchOptions, size: concurrency });
  const first: number[] = [];
  const workers = new Map<number, number>();
  const before = ownCpuMs();
  try {
    await lanes(conversations, async () => {
      const workspace = await createWorkspaceFolder();
      try {
        first.push(await call(pool, tool, workspace));
        sampleWorkers(workers); // its worker is alive until the conversation ends
      } finally {
        rmSync(workspace, { recursive: true, force: true });
      }
    });
  } finally {
    await pool.close();
  }
  const spent = ownCpuMs() - before + sum(workers.values()) / 1000;
  return {
    launch,
    firstCallMs: median(first),
    warmCallMs: median(warm),
    startCpuMs: (spent - warmCpu) / conversations,
  };
}

async function main(): Promise<void> {
  const { currentBuild, buildCli } = (await import(pathToFileURL(path.join(root, 'scripts/cli-build.mjs')).href)) as {
    currentBuild(): string | null;
    buildCli(): Promise<string>;
  };
  const build = currentBuild() ?? (await buildCli());
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-worker-start-'));
  chmodSync(folder, 0o755); // a sandboxed worker runs as another user when Remora runs as root
  const tool = path.join(folder, 'echo.mjs');
  writeFileSync(tool, "export default (args) => ({ outcome: 'success', result: args });\n");
  const loadBefore = loadavg()[0];
  try {
    // As lib/panel/runtime.ts makes its pool: the project's workers, found from its root.
    const panel = toolWorkers({ projectRoot: root }).launch();
    const panelLaunch = `${panel.execArgv.length > 0 ? 'tsx ' : 'node '}${path.relative(root, panel.script)}`;
    const rows = [
      await measure('compiled (command line)', { workerScript: path.join(build, 'tool-worker.js') }, tool),
      await measure('the panel', { projectRoot: root }, tool),
      await measure('TypeScript + tsx', { workerScript: path.join(root, 'lib/tools/tool-worker.ts') }, tool),
    ];
    const load = `load average ${loadBefore.toFixed(1)} -> ${loadavg()[0].toFixed(1)} (${cpus().length} cores)`;
    const confinement = sandboxHost().confinement;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ conversations, concurrency, confinement, panelLaunch, rows, load })}\n`);
      return;
    }
    console.log(
      `${conversations} conversations with a workspace each, ${concurrency} at once, ` +
        `workers in ${confinement}; ${load}\nthe panel starts a worker as: ${panelLaunch}`,
    );
    for (const row of rows)
      console.log(
        `${row.launch.padEnd(26)} first call ${row.firstCallMs.toFixed(0).padStart(5)} ms (a running worker: ` +
          `${row.warmCallMs.toFixed(2)} ms)   start CPU ${row.startCpuMs.toFixed(0).padStart(4)} ms per conversation`,
      );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
