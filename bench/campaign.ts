// Campaign scale: how long extraction and a run take per 1,000 nodes, against the simulator.
//
//   npx tsx bench/campaign.ts [--files 2000] [--functions 3] [--run-files 200] [--concurrency 8] [--json]
//
// 1. Extraction: a generated repository of --files Python files (100 packages with __init__.py,
//    --functions functions each) in a git repository; the docstring agent's campaign reads and splits
//    it (walk, hash, tree-sitter, SQLite). Peak resident memory is sampled while it runs.
// 2. Run: a campaign of the docstring agent over the first --run-files files, end to end against
//    the simulator (latency 0): mirrored workspaces, the tool workers, checks, one transaction per node.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAgent } from '../lib/agents/load';
import { openDatabase, closeDatabase } from '../lib/db/client';
import { projectRoot } from '../lib/config';
import { nodeCounts } from '../lib/db/queries/campaigns';
import { extractCampaign, openCampaign } from '../lib/campaigns/create';
import { experimentToolPool } from '../lib/experiments/tool-pool';
import { TIMING_OPTIONS, startSimulator, timedCampaign } from './campaign-timing';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '2000' },
    functions: { type: 'string', default: '3' },
    'run-files': { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    ...TIMING_OPTIONS,
    json: { type: 'boolean', default: false },
  },
});
const files = Number(values.files);
const functions = Number(values.functions);
const runFiles = Number(values['run-files']);
const concurrency = Number(values.concurrency);

function writeRepository(root: string, count: number): void {
  const packages = Math.max(1, Math.ceil(count / 20));
  for (let file = 0; file < count; file++) {
    const folder = path.join(root, `pkg${file % packages}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, '__init__.py'), '');
    const body = Array.from({ length: functions }, (_, index) =>
      [
        `def compute_${index}(value: int, factor: int = ${index + 1}) -> int:`,
        '    total = value * factor',
        '    if total > 100:',
        `        return total - ${index}`,
        `    return total + ${index}`,
        '',
      ].join('\n'),
    ).join('\n\n');
    writeFileSync(path.join(folder, `module_${file}.py`), `"""Module ${file}."""\nimport math\n\n\n${body}`);
  }
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'add', '-A']);
  execFileSync('git', [
    '-C',
    root,
    '-c',
    'user.name=bench',
    '-c',
    'user.email=bench@localhost',
    'commit',
    '-qm',
    'generated',
  ]);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'remora-bench-campaign-'));
const sim = await startSimulator(Number(values.latency));
const tools = experimentToolPool({ size: Math.min(8, Math.max(2, concurrency)) });
const database = openDatabase(path.join(scratch, 'bench.db'));
try {
  const agent = (await loadAgent(path.join(projectRoot(), 'agents', 'docstring'))).toRuntime();
  const request = (repo: string) => ({
    agent,
    variant: { name: 'baseline', systemPrompt: agent.systemPrompt },
    repo,
    endpoint: { baseUrl: sim.url, model: 'functiongemma-270m-it', simulated: true },
    concurrency,
  });

  const big = path.join(scratch, 'big');
  writeRepository(big, files);
  const { campaign } = await openCampaign(database, request(big));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const extractStart = performance.now();
  await extractCampaign(database, campaign, agent);
  const extractMs = performance.now() - extractStart;
  clearInterval(sampler);
  const extracted = nodeCounts(database, campaign.id);

  const small = path.join(scratch, 'small');
  writeRepository(small, runFiles);
  const second = await openCampaign(database, request(small));
  const runStart = performance.now();
  const warm = !values['no-warm'];
  const { result, timing } = await timedCampaign(database, second.campaign.id, { tools, baseUrl: sim.url, warm });
  const runMs = performance.now() - runStart;
  const ran = nodeCounts(database, second.campaign.id);

  const figures = {
    extraction: {
      files,
      nodes: extracted.found,
      seconds: extractMs / 1000,
      secondsPer1000Nodes: extractMs / extracted.found,
      peakRssMb: Math.round(peak / 1024 / 1024),
    },
    run: {
      files: runFiles,
      nodes: ran.found,
      ran: result.ran,
      skipped: result.skipped,
      concurrency,
      seconds: runMs / 1000,
      secondsPer1000Nodes: runMs / ran.found,
      timing: timing.figures(),
    },
    cpus: os.cpus().length,
    loadAverage: os.loadavg()[0],
  };
  if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else {
    const { extraction, run } = figures;
    process.stdout.write(
      `extraction: ${files} files, ${extracted.found} nodes in ${extraction.seconds.toFixed(1)} s = ` +
        `${extraction.secondsPer1000Nodes.toFixed(2)} s per 1,000 nodes; peak RSS ${extraction.peakRssMb} MB\n`,
    );
    process.stdout.write(
      `run: ${ran.found} nodes (${result.ran} ran, ${result.skipped} skipped) at concurrency ${concurrency} in ` +
        `${run.seconds.toFixed(1)} s = ${run.secondsPer1000Nodes.toFixed(1)} s per 1,000 nodes\n`,
    );
    process.stdout.write(`run: ${timing.line(warm, Number(values.latency))}\n`);
    process.stdout.write(`machine: ${figures.cpus} CPUs, load average ${figures.loadAverage.toFixed(1)}\n`);
  }
} finally {
  closeDatabase(database);
  await tools.close();
  await sim.close();
  rmSync(scratch, { recursive: true, force: true });
}
