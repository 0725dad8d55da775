// Builds the command line into plain JavaScript (.build/cli-ID/) with esbuild, and says whether the
// build on disk is still current. Plain JavaScript itself, so that checking costs no compiler.
//   node scripts/cli-build.mjs          build when stale
//   node scripts/cli-build.mjs --postinstall  the same, but a failure only warns (npm install runs this)
//   node scripts/cli-build.mjs --force  build even when current
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { currentBuild as currentBuildOf, modifiedAt as modifiedIn } from '../lib/build/current-build.mjs';
import { englishOnlyZodLocales, ZOD_LOCALES_NAMESPACE } from '../lib/build/zod-locales.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_FOLDER = path.join(ROOT, '.build');
const POINTER = path.join(BUILD_FOLDER, 'cli.json');
// Besides the sources esbuild reports, these decide what a build contains.
// Installed packages are not checked file by file (two thirds of the inputs, a stat each at every
// start): npm rewrites node_modules/.package-lock.json whenever it changes what is installed.
const CONFIG_INPUTS = [
  'scripts/cli-build.mjs',
  'lib/build/bundle-settings.json',
  'lib/build/zod-locales.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'node_modules/.package-lock.json',
];
// An older build folder may still serve a process that started before the rebuild; keep it a while.
const OLD_BUILD_GRACE_MS = 60 * 60 * 1000;

/** The entry points, named as their output files (all outputs share one folder; see lib/build/). */
const ENTRY_POINTS = {
  main: 'lib/cli/main.ts',
  'tool-worker': 'lib/tools/tool-worker.ts',
  // The panel's Python extraction child (lib/panel/agents/inputs-extract.ts).
  'inputs-child': 'lib/panel/agents/inputs-child.ts',
};

const modifiedAt = (file) => modifiedIn(ROOT, file);

/** The current build's folder, or null when there is none or any of its inputs changed since. */
export const currentBuild = () => currentBuildOf(ROOT);

function bundleSettings() {
  return JSON.parse(readFileSync(path.join(ROOT, 'lib/build/bundle-settings.json'), 'utf8'));
}

/** Builds into a fresh folder and points .build/cli.json at it; concurrent builds each finish whole. */
export async function buildCli() {
  const { build } = await import('esbuild');
  const id = `cli-${Date.now().toString(36)}-${process.pid}`;
  const dir = path.join(BUILD_FOLDER, id);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: dir,
    // Chunks beside the entries: compiled modules find their neighbours (tool-worker.js) from import.meta.url.
    chunkNames: '[name]-[hash]',
    ...bundleSettings().esbuild,
    plugins: [englishOnlyZodLocales],
    // Plain JavaScript packages are bundled (one parse instead of hundreds of small files at each start);
    // native and self-locating ones load from node_modules (lib/build/bundle-settings.json).
    splitting: true,
    metafile: true,
    logLevel: 'error',
  });
  const inputs = {};
  const sources = Object.keys(result.metafile.inputs).filter(
    (file) => !file.startsWith('node_modules/') && !file.startsWith(`${ZOD_LOCALES_NAMESPACE}:`),
  );
  for (const file of [...sources, ...CONFIG_INPUTS]) inputs[file] = modifiedAt(file);
  const temporary = `${POINTER}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ dir: id, builtAt: new Date().toISOString(), inputs }));
  renameSync(temporary, POINTER);
  removeOldBuilds(id);
  return dir;
}

function removeOldBuilds(keep) {
  const now = Date.now();
  for (const entry of readdirSync(BUILD_FOLDER, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('cli-') || entry.name === keep) continue;
    const folder = path.join(BUILD_FOLDER, entry.name);
    if (now - statSync(folder).mtimeMs > OLD_BUILD_GRACE_MS) rmSync(folder, { recursive: true, force: true });
  }
}

/** The compiled CLI's entry as a file URL, building it first when missing or stale. */
export async function compiledCliEntry() {
  let dir = currentBuild();
  if (!dir) {
    mkdirSync(BUILD_FOLDER, { recursive: true });
    if (process.stderr.isTTY)
      process.stderr.write('remora: compiling the command line (sources changed; about a second)...\n');
    dir = await buildCli();
  }
  return pathToFileURL(path.join(dir, 'main.js')).href;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  if (!force && currentBuild()) {
    console.log('remora: the command line is already built and current');
  } else {
    const started = performance.now();
    mkdirSync(BUILD_FOLDER, { recursive: true });
    try {
      const dir = await buildCli();
      console.log(
        `remora: built the command line in ${Math.round(performance.now() - started)} ms (${path.relative(ROOT, dir)})`,
      );
    } catch (error) {
      // At install time a source that does not compile must not fail the whole install: the
      // command line compiles again on first use and shows the error there.
      if (!process.argv.includes('--postinstall')) throw error;
      const reason = error instanceof Error ? error.message.split('\n')[0] : error;
      console.warn(`remora: could not compile the command line now; it will be compiled on first use (${reason})`);
    }
  }
}
