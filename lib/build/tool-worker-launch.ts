// How to start a tool worker process. The compiled command line starts its own compiled worker with
// plain Node. Running from sources (the panel, tests, bench scripts), a worker is started the same way
// from the project's compiled build (.build/cli-ID: built at install, by `npm start`, by `remora` on
// first use and by the integration suite's setup), if that build is current, checked at each start
// exactly as the launcher checks it (lib/build/current-build.mjs): a worker compiled from older
// sources is never used. Without a current build the TypeScript worker runs through tsx's loader
// (about 330 ms of CPU to start, against 70 ms); the pool does not build one itself, which would
// cost its process a second or more of CPU each time a source changes under `next dev`.
// Either way TypeScript tools are bundled by the pool's process into .build/tools (tool-bundles.ts).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageFolder } from '../package-path';
import { parseJson } from '../protocol/json';
import { buildFolder, compiledFile } from './compiled';
import { currentBuild } from './current-build.mjs';

export type WorkerLaunch = { script: string; execArgv: string[] };

export type ToolWorkers = {
  /** The project the workers run from: what their sandbox reads. */
  projectRoot: string;
  /** Where the pool's process bundles TypeScript tools; workers read them there, never write. */
  bundles: string;
  /** How to start a worker now. */
  launch(): WorkerLaunch;
};

export type ToolWorkerOptions = {
  /** A worker script to run as given (bench scripts compare launches with it). */
  script?: string;
  /** The project whose worker to start, from sources (the panel's bundle is not beside its sources). */
  projectRoot?: string;
};

export function toolWorkers(options: ToolWorkerOptions = {}): ToolWorkers {
  const fixed = options.script ?? compiledFile('tool-worker.js');
  if (fixed) {
    const projectRoot = options.projectRoot ?? projectRootOf(fixed);
    const launch = launchOf(fixed);
    return { projectRoot, bundles: bundleFolder(projectRoot), launch: () => launch };
  }
  // A file, not a folder, for the URL: Turbopack resolves it at build time and cannot resolve a folder.
  const source = options.projectRoot
    ? path.join(options.projectRoot, 'lib', 'tools', 'tool-worker.ts')
    : fileURLToPath(new URL('../tools/tool-worker.ts', import.meta.url));
  const projectRoot = options.projectRoot ?? path.resolve(path.dirname(source), '..', '..');
  const bundles = bundleFolder(projectRoot);
  return {
    projectRoot,
    bundles,
    launch: () => {
      // Made before any sandbox is: a folder missing when a worker starts stays missing inside it.
      mkdirSync(bundles, { recursive: true });
      return compiledOrSource(projectRoot, source, 'tool-worker.js');
    },
  };
}

/**
 * How to start one of the build's entry points (scripts/cli-build.mjs) from sources: its file in the
 * current build with plain Node, else `source` through tsx. The Python extraction child uses it too.
 */
export function compiledOrSource(projectRoot: string, source: string, compiledName: string): WorkerLaunch {
  const build = currentBuild(projectRoot);
  return launchOf(build ? path.join(build, compiledName) : source);
}

function bundleFolder(projectRoot: string): string {
  return path.join(buildFolder() ?? path.join(projectRoot, '.build'), 'tools');
}

/** The project a worker script belongs to: the nearest folder above it with a package.json. */
function projectRootOf(workerScript: string): string {
  for (
    let folder = path.dirname(path.resolve(workerScript));
    folder !== path.dirname(folder);
    folder = path.dirname(folder)
  ) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
  }
  return path.dirname(path.resolve(workerScript));
}

function launchOf(script: string): WorkerLaunch {
  const needsLoader = /\.(ts|mts|cts)$/.test(script);
  return { script, execArgv: needsLoader ? ['--import', tsxLoaderUrl()] : [] };
}

let loaderUrl: string | null = null;

/**
 * tsx's loader as an absolute URL: a bare `--import tsx` would resolve from the current folder, which may be anywhere.
 */
function tsxLoaderUrl(): string {
  if (loaderUrl) return loaderUrl;
  const require = createRequire(import.meta.url);
  const manifestPath = path.join(packageFolder('tsx', require.resolve('tsx/package.json')), 'package.json');
  const manifest = parseJson(readFileSync(manifestPath, 'utf8'));
  const exported = manifest.ok ? (manifest.value as { exports?: Record<string, unknown> }).exports?.['.'] : undefined;
  const entry = typeof exported === 'string' ? exported : './dist/loader.mjs';
  loaderUrl = pathToFileURL(path.join(path.dirname(manifestPath), entry)).href;
  return loaderUrl;
}
