// `npx tsx bench/tool-parser.ts [--workers 6]`: what a tool worker spends on the Python parser when it
// runs several tools (issue 28, item 8). Each round starts a fresh worker (a new workspace) and calls
// the docstring agent's two read tools and the sample_data agent's analyze_signature in it, each
// bundled on its own like every TypeScript tool; the worker's CPU (from /proc, worker start included)
// is read after each call, before the worker is released.
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import type { ToolLimits } from '../lib/tools/protocol';
import { createWorkspaceFolder } from '../lib/tools/work-root';
import { pastedFunctionRequest as request } from '../lib/python/testing/tool-request';
import { ToolWorkerPool } from '../lib/tools/worker-pool';
import { childrenCpu, childrenCpuDelta } from './process-cpu';

const options = new Command()
  .option('--workers <n>', 'fresh workers, one after another', '6')
  .parse()
  .opts<{ workers: string }>();

const TOOLS = [
  'agents/docstring/tools/read-current-docstring.ts',
  'agents/docstring/tools/read-type-hints.ts',
  'agents/sample_data/tools/analyze-signature.ts',
];
const scripts = TOOLS.map((tool) => fileURLToPath(new URL(`../${tool}`, import.meta.url)));
const limits: ToolLimits = { timeoutMs: 60_000, maxOutputBytes: 256 * 1024 };

const pool = new ToolWorkerPool({ size: 1 });
const perTool: number[][] = TOOLS.map(() => []);
try {
  for (let round = 0; round < Number(options.workers); round += 1) {
    const workspace = await createWorkspaceFolder();
    let before = childrenCpu([]);
    for (const [index, script] of scripts.entries()) {
      const execution = await pool.execute(script, request(workspace), limits);
      if (execution.outcome !== 'success') throw new Error(`${TOOLS[index]} failed: ${execution.error}`);
      const after = childrenCpu([]);
      const spent = childrenCpuDelta(before, after);
      if (spent === null) throw new Error('this benchmark reads /proc (Linux only)');
      perTool[index].push(spent / 1000);
      before = after;
    }
    await pool.release(workspace);
    rmSync(workspace, { recursive: true, force: true });
  }
} finally {
  await pool.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `${options.workers} fresh workers, 3 tools each; load average ${loadavg()[0].toFixed(1)} (${cpus().length} cores)`,
);
console.log('worker CPU, median over workers (the first call includes the worker start):');
for (const [index, tool] of TOOLS.entries())
  console.log(`  ${tool.padEnd(48)} ${median(perTool[index]).toFixed(0)} ms`);
const totals = perTool[0].map((_, round) => perTool.reduce((sum, values) => sum + values[round], 0));
console.log(`  ${'all three'.padEnd(48)} ${median(totals).toFixed(0)} ms`);
