// How to start a tool worker process: the compiled worker with plain Node when the command line runs
// compiled, else the TypeScript worker through tsx's loader (tests, bench scripts, the panel).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageFolder } from '../package-path';
import { parseJson } from '../protocol/json';
import { compiledFile } from './compiled';

export type WorkerLaunch = { script: string; execArgv: string[] };

/** The worker script and Node flags; an explicit script (the panel names one) is run as given. */
export function toolWorkerLaunch(explicitScript?: string): WorkerLaunch {
  const script =
    explicitScript ??
    compiledFile('tool-worker.js') ??
    fileURLToPath(new URL('../tools/tool-worker.ts', import.meta.url));
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
