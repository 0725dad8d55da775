// Campaign speed on real code (issue 27, item 6): a docstring campaign over a real package, end to
// end against the simulator, in seconds per 1,000 nodes. bench/campaign.ts measures tiny generated
// functions; real modules have long functions, classes and methods, so each node's prompt, workspace
// and checks cost more.
//
//   npx tsx --conditions=react-server bench/campaign-real.ts \
//     [--package email] [--max-files 0] [--concurrency 8] [--json]
//
// --package names a package of the Python Remora runs (its standard library by default: real code,
// hand-written docstrings, nothing to download), or is a folder. It is copied into a scratch git
// repository (the first --max-files .py files in path order when that is not 0).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAgent } from '../lib/agents/load';
import { openDatabase, closeDatabase } from '../lib/db/client';
import { projectRoot } from '../lib/config';
import { nodeCounts } from '../lib/db/queries/campaigns';
import { openCampaign } from '../lib/campaigns/create';
import { experimentToolPool } from '../lib/experiments/tool-pool';
import { TIMING_OPTIONS, startSimulator, timedCampaign } from './campaign-timing';

const { values } = parseArgs({
  options: {
    package: { type: 'string', default: 'email' },
    'max-files': { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '8' },
    ...TIMING_OPTIONS,
    json: { type: 'boolean', default: false },
  },
});
const maxFiles = Number(values['max-files']);
const concurrency = Number(values.concurrency);

function packageFolder(name: string): string {
  if (statSync(name, { throwIfNoEntry: false })?.isDirectory()) return path.resolve(name);
  const module = `importlib.import_module(${JSON.stringify(name)})`;
  const script = `import importlib, os; print(os.path.dirname(${module}.__file__))`;
  return execFileSync('python3', ['-c', script], { encoding: 'utf8' }).trim();
}

function pythonFiles(folder: string, base = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(folder, base), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory() && entry.name !== '__pycache__' && entry.name !== 'tests')
      found.push(...pythonFiles(folder, relative));
    else if (entry.isFile() && entry.name.endsWith('.py')) found.push(relative);
  }
  return found;
}

const source = packageFolder(values.package as string);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'remora-bench-real-'));
const repo = path.join(scratch, 'repo');
const name = path.basename(source);
const files = pythonFiles(source);
const chosen = maxFiles > 0 ? files.slice(0, maxFiles) : files;
for (const file of chosen) cpSync(path.join(source, file), path.join(repo, name, file));
execFileSync('git', ['init', '-q', repo]);
execFileSync('git', ['-C', repo, 'add', '-A']);
execFileSync('git', ['-C', repo, '-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-qm', 'real']);

const sim = await startSimulator(Number(values.latency));
const tools = experimentToolPool({ size: Math.min(8, Math.max(2, concurrency)) });
const database = openDatabase(path.join(scratch, 'bench.db'));
try {
  const agent = (await loadAgent(path.join(projectRoot(), 'agents', 'docstring'))).toRuntime();
  const { campaign } = await openCampaign(database, {
    agent,
    variant: { name: 'baseline', systemPrompt: agent.systemPrompt },
    repo,
    endpoint: { baseUrl: sim.url, model: 'functiongemma-270m-it', simulated: true },
    concurrency,
  });
  const start = performance.now();
  const warm = !values['no-warm'];
  const { result, timing } = await timedCampaign(database, campaign.id, { tools, baseUrl: sim.url, warm });
  const ms = performance.now() - start;
  const counts = nodeCounts(database, campaign.id);
  const figures = {
    package: `${name} (${source})`,
    files: chosen.length,
    nodes: counts.found,
    ran: result.ran,
    skipped: result.skipped,
    concurrency,
    seconds: ms / 1000,
    secondsPer1000Nodes: ms / counts.found,
    cpus: os.cpus().length,
    loadAverage: os.loadavg()[0],
    timing: timing.figures(),
  };
  if (values.json) process.stdout.write(`${JSON.stringify(figures)}\n`);
  else
    process.stdout.write(
      `docstring campaign over ${figures.package}: ${chosen.length} files, ${counts.found} nodes ` +
        `(${result.ran} ran, ${result.skipped} skipped) at concurrency ${concurrency} in ` +
        `${figures.seconds.toFixed(1)} s = ${figures.secondsPer1000Nodes.toFixed(0)} s per 1,000 nodes ` +
        `(${figures.cpus} CPUs, load average ${figures.loadAverage.toFixed(1)})\n` +
        `${timing.line(warm, Number(values.latency))}\n`,
    );
} finally {
  closeDatabase(database);
  await tools.close();
  await sim.close();
  rmSync(scratch, { recursive: true, force: true });
}
