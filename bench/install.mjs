// `node bench/install.mjs`: a fresh `npm install` as a new machine does it. It clones the current
// commit into a temporary folder and installs with an empty npm cache (every package downloaded),
// then prints the wall time, the CPU, npm's own phases (download and unpack, install scripts, each
// script) and the size of node_modules with its largest packages. Plain JavaScript, so that it runs
// on a checkout that has no node_modules yet. Options: --keep (leave the folder), --json,
// --kept-build: the empty cache gets this machine's kept native builds (~/.npm/_prebuilds, written by
// scripts/cache-native-build.mjs after an install compiled better-sqlite3), as a second clone has them.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const json = process.argv.includes('--json');
const keptBuild = process.argv.includes('--kept-build');
const GOALS = { wallSeconds: 60, nodeModulesMb: 400 };

function folderBytes(folder) {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    // Linked packages (file: stand-ins) live in the project, not in node_modules.
    if (entry.isSymbolicLink()) continue;
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

function packageSizes(modules) {
  const sizes = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin') continue;
    const names = entry.name.startsWith('@')
      ? readdirSync(path.join(modules, entry.name)).map((name) => `${entry.name}/${name}`)
      : [entry.name];
    for (const name of names) {
      const full = path.join(modules, name);
      if (statSync(full).isDirectory()) sizes.push({ name, mb: folderBytes(full) / 1e6 });
    }
  }
  return sizes.sort((a, b) => b.mb - a.mb);
}

function timedInstall(folder) {
  const report = path.join(folder, 'time.txt');
  const args = [
    '-f',
    '%e %U %S',
    '-o',
    report,
    'npm',
    'install',
    '--no-audit',
    '--no-fund',
    '--cache',
    path.join(folder, 'npm-cache'),
    '--timing',
    '--logs-dir',
    path.join(folder, 'logs'),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', args, { cwd: path.join(folder, 'repo'), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`npm install failed (${code}):\n${output}`));
      const [wall, user, system] = readFileSync(report, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      resolve({ wallSeconds: wall, cpuSeconds: user + system });
    });
  });
}

function npmTimers(folder) {
  const logs = path.join(folder, 'logs');
  const file = readdirSync(logs).find((name) => name.endsWith('-timing.json'));
  return file ? JSON.parse(readFileSync(path.join(logs, file), 'utf8')).timers : {};
}

const folder = mkdtempSync(path.join(tmpdir(), 'remora-install-'));
try {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-local', root, path.join(folder, 'repo')]);
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: path.join(folder, 'repo') });
  const kept = path.join(process.env.npm_config_cache ?? path.join(homedir(), '.npm'), '_prebuilds');
  if (keptBuild && existsSync(kept)) cpSync(kept, path.join(folder, 'npm-cache', '_prebuilds'), { recursive: true });
  const loadBefore = loadavg()[0];
  const timing = await timedInstall(folder);
  const loadAfter = loadavg()[0];
  const modules = path.join(folder, 'repo', 'node_modules');
  const nodeModulesMb = folderBytes(modules) / 1e6;
  const timers = npmTimers(folder);
  const scripts = Object.entries(timers)
    .filter(([name]) => name.startsWith('build:run:'))
    .map(([name, ms]) => ({ script: name.slice('build:run:'.length), seconds: ms / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const result = {
    commit,
    ...timing,
    resolveSeconds: (timers.idealTree ?? 0) / 1000,
    downloadAndUnpackSeconds: (timers['reify:unpack'] ?? 0) / 1000,
    installScriptsSeconds: (timers['reify:build'] ?? 0) / 1000,
    scripts,
    nodeModulesMb,
    largest: packageSizes(modules).slice(0, 12),
    loadAverage: { before: loadBefore, after: loadAfter },
    goals: GOALS,
  };
  if (json) {
    console.log(JSON.stringify(result));
  } else {
    const cache = `empty npm cache${keptBuild ? ' but for the kept native builds' : ''}`;
    console.log(
      `fresh npm install of ${commit} (${cache}), ` +
        `load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)} on ${navigatorCores()} cores`,
    );
    console.log(
      `wall ${timing.wallSeconds.toFixed(1)} s (goal ${GOALS.wallSeconds} s), CPU ${timing.cpuSeconds.toFixed(1)} s`,
    );
    console.log(
      `  resolving ${result.resolveSeconds.toFixed(1)} s, ` +
        `downloading and unpacking ${result.downloadAndUnpackSeconds.toFixed(1)} s, ` +
        `install scripts ${result.installScriptsSeconds.toFixed(1)} s`,
    );
    for (const { script, seconds } of scripts.slice(0, 6))
      console.log(`    ${seconds.toFixed(1).padStart(6)} s  ${script}`);
    console.log(`node_modules ${nodeModulesMb.toFixed(0)} MB (goal ${GOALS.nodeModulesMb} MB); largest packages:`);
    for (const { name, mb } of result.largest) console.log(`  ${mb.toFixed(0).padStart(5)} MB  ${name}`);
  }
} finally {
  if (keep) console.error(`kept ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}

function navigatorCores() {
  return readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('processor')).length;
}
