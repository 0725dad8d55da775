// `npx tsx bench/tool-pool.ts`: what sending a tool call to a worker process costs. The same
// small tool (lib/tools/fixtures/echo-tool.ts: returns its arguments) is called --calls times
// through the real ToolWorkerPool (workers started on demand, reused) at --concurrency, with a
// small and a large argument, and the CPU per call is split into this process's side (queue,
// IPC, structured clone) and the workers' side (read from /proc). For scale: the harness makes
// one or two tool calls per model call, and its own CPU per model call is about 0.5 ms
// (bench/README.md). Remora's pure tools (the harness agent's simple_tool) skip the pool.
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import type { ToolContext, ToolLimits } from '../lib/tools/protocol';
import { ToolWorkerPool } from '../lib/tools/worker-pool';
import { childrenCpu, childrenCpuDelta } from './process-cpu';

const options = new Command()
  .option('--calls <n>', 'calls per measurement', '4000')
  .option('--concurrency <n>', 'calls at once', '8')
  .option('--workers <n>', 'pool size', '4')
  .option('--json', 'print JSON', false)
  .parse()
  .opts<{ calls: string; concurrency: string; workers: string; json: boolean }>();
const calls = Number(options.calls);
const concurrency = Number(options.concurrency);

const script = fileURLToPath(new URL('../lib/tools/fixtures/echo-tool.ts', import.meta.url));
const context: ToolContext = {
  workspace: null,
  filePath: null,
  nodeText: 'def add(a, b):\n    return a + b',
  nodeName: 'add',
  nodeType: 'function',
  settings: {},
  knowledge: {},
};
const limits: ToolLimits = { timeoutMs: 10_000, maxOutputBytes: 1024 * 1024 };

async function run(pool: ToolWorkerPool, argument: Record<string, unknown>, count: number) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      const execution = await pool.execute(script, { arguments: argument, context }, limits);
      if (execution.outcome !== 'success') throw new Error(`the tool failed: ${execution.error}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

async function measure(pool: ToolWorkerPool, name: string, argument: Record<string, unknown>) {
  await run(pool, argument, Math.min(500, calls)); // warm-up: workers started, code compiled
  const ownBefore = process.cpuUsage();
  const workersBefore = childrenCpu([]);
  const started = performance.now();
  await run(pool, argument, calls);
  const wallMs = performance.now() - started;
  const own = process.cpuUsage(ownBefore);
  const workers = childrenCpuDelta(workersBefore, childrenCpu([]));
  const bytes = Buffer.byteLength(JSON.stringify(argument));
  return {
    name,
    argumentBytes: bytes,
    callsPerSecond: calls / (wallMs / 1000),
    ownCpuPerCallMs: (own.user + own.system) / 1000 / calls,
    workersCpuPerCallMs: workers === null ? null : workers / 1000 / calls,
  };
}

async function main(): Promise<void> {
  const pool = new ToolWorkerPool({ size: Number(options.workers) });
  try {
    const rows = [
      await measure(pool, 'small arguments', { value: 42, summary: 'done' }),
      await measure(pool, 'arguments of 20 KB', { value: 42, text: 'x'.repeat(20_000) }),
    ];
    const load = `load average ${loadavg()[0].toFixed(1)} (${cpus().length} cores)`;
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ calls, concurrency, workers: Number(options.workers), rows, load })}\n`);
      return;
    }
    console.log(
      `${calls} calls of echo-tool through the worker pool ` +
        `(${options.workers} workers, concurrency ${concurrency}); ${load}`,
    );
    for (const row of rows) {
      const workers = row.workersCpuPerCallMs === null ? 'n/a' : `${row.workersCpuPerCallMs.toFixed(3)} ms`;
      const bytes = String(row.argumentBytes).padStart(6);
      const perSecond = Math.round(row.callsPerSecond).toString().padStart(6);
      console.log(
        `${row.name.padEnd(20)} ${bytes} B  ${perSecond} calls/s   ` +
          `this process ${row.ownCpuPerCallMs.toFixed(3)} ms/call   workers ${workers}/call`,
      );
    }
  } finally {
    await pool.close();
  }
}

await main();
