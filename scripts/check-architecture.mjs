// The import rules, checked: dependency-cruiser's rules (.dependency-cruiser.cjs) and no import
// cycle between the folders of lib/ (production code: tests and testing/ helpers may reach across).
// Prints one line per violation, starting with the rule's name; exits 1 when there is any.
//   node scripts/check-architecture.mjs [ROOT]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const cruiser = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const targets = ['lib', 'app', 'proxy.ts', 'instrumentation.ts'];
const run = spawnSync(
  process.execPath,
  [cruiser, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...targets],
  {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  },
);
if (run.error || !run.stdout) {
  console.error(`dependency-cruiser did not run: ${run.error?.message ?? run.stderr}`);
  process.exit(2);
}
const report = JSON.parse(run.stdout);

const problems = [];
for (const violation of report.summary.violations) {
  if (violation.rule.severity !== 'error') continue;
  const cycle = violation.cycle?.length
    ? ` (cycle: ${violation.cycle.map((step) => step.name ?? step).join(' → ')})`
    : '';
  problems.push(`${violation.rule.name}: ${violation.from} → ${violation.to}${cycle}`);
}
problems.push(...rawDriverUses(report.modules));
problems.push(...storedSettingsCopies(report.modules));
for (const cycle of folderCycles(report.modules)) problems.push(`no-folder-cycle-in-lib: ${cycle.join(' → ')}`);

for (const line of problems) console.log(line);
const count = problems.length === 0 ? 'no' : problems.length;
const violations = `${count} architecture violation${problems.length === 1 ? '' : 's'}`;
console.log(`${violations} (${report.summary.totalCruised} modules)`);
process.exit(problems.length === 0 ? 0 : 1);

/**
 * Panel files that reach the SQLite driver themselves: through `database.$client` (a property, which
 * no import rule sees) or by importing drizzle or better-sqlite3 (node_modules, which the cruise does
 * not follow). They use lib/db's query functions and immediateTransaction instead.
 */
function rawDriverUses(modules) {
  const uses = [];
  for (const file of modules.map((module) => module.source).sort()) {
    if (!/^(app|lib\/panel)\//.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    if (/\$client\b/.test(text)) uses.push(`panel-no-raw-driver: ${file} uses $client`);
    const imported = /from ['"](drizzle-orm|better-sqlite3)(\/[^'"]*)?['"]/.exec(text);
    if (imported) uses.push(`panel-no-raw-driver: ${file} imports ${imported[1]}`);
  }
  return uses;
}

/**
 * Schemas of an experiment's stored settings (an object with an `experiment` key) written outside
 * lib/experiment-config: a reader takes a part of the one schema there (StoredParts, `.pick`), so
 * that a setting is described once from the request to the stored column and back.
 */
function storedSettingsCopies(modules) {
  const copies = [];
  for (const file of modules.map((module) => module.source).sort()) {
    if (!/^(lib|app)\//.test(file) || file.startsWith('lib/experiment-config/')) continue;
    if (/\.test\.tsx?$/.test(file) || file.includes('/testing/')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    if (/z\.(looseObject|strictObject|object)\(\s*\{\s*experiment\s*:/.test(text))
      copies.push(`stored-settings-one-schema: ${file} writes its own schema of the stored settings`);
  }
  return copies;
}

/** Cycles in the graph of lib/'s top folders (files at lib/'s root count as one folder, "lib"). */
function folderCycles(modules) {
  const folderOf = (file) => {
    const parts = file.split('/');
    if (parts[0] !== 'lib') return null;
    return parts.length > 2 ? parts[1] : 'lib';
  };
  const isProduction = (file) => !/\.test\.tsx?$/.test(file) && !file.includes('/testing/');
  const edges = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (!from || !isProduction(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  // One cycle per strongly connected group, found by walking back from a folder to itself.
  const cycles = [];
  const seen = new Set();
  for (const start of [...edges.keys()].sort()) {
    if (seen.has(start)) continue;
    const cycle = shortestCycle(edges, start);
    if (cycle) {
      cycle.forEach((folder) => seen.add(folder));
      cycles.push(cycle);
    }
  }
  return cycles;
}

function shortestCycle(edges, start) {
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    for (const next of edges.get(folder) ?? []) {
      if (next === start) {
        const cycle = [folder];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]));
        return [...cycle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, folder);
        queue.push(next);
      }
    }
  }
  return null;
}
