// Loads a tool module. From sources (tsx, vitest, Next) TypeScript imports as it is; the compiled
// command line has no TypeScript loader, so a .ts tool is bundled with esbuild into .build/tools/
// once, and again whenever a file it imports changes.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { buildFolder } from './compiled';
import settings from './bundle-settings.json';
import { englishOnlyZodLocales, ZOD_LOCALES_NAMESPACE } from './zod-locales.mjs';

const TYPESCRIPT = /\.(ts|mts|cts)$/;
// A worker that read the previous manifest may still be importing the previous output.
const OLD_OUTPUT_GRACE_MS = 60 * 60 * 1000;

// As in the command line's own build, so that a tool run in process costs no more to load.
const BUILD_OPTIONS = {
  ...(settings.esbuild as BuildOptions),
  plugins: [englishOnlyZodLocales],
  metafile: true,
  write: false,
  logLevel: 'silent',
} satisfies BuildOptions;

type Manifest = { script: string; output: string; inputs: Record<string, number> };

export async function importToolModule(script: string): Promise<Record<string, unknown>> {
  const build = buildFolder();
  if (!build || !TYPESCRIPT.test(script)) return import(pathToFileURL(script).href);
  return import(await compiledToolModule(script, path.join(build, 'tools')));
}

/** The URL of a current bundle of the tool at `script`, compiling it when missing or stale. */
export async function compiledToolModule(script: string, folder: string): Promise<string> {
  const source = realpathSync(script);
  // The options are part of the key: a change in how tools are bundled must not reuse old bundles.
  const key = createHash('sha256')
    .update(`${source}\n${JSON.stringify(BUILD_OPTIONS)}`)
    .digest('hex')
    .slice(0, 16);
  const manifestPath = path.join(folder, `${key}.json`);
  const current = readManifest(manifestPath);
  if (current && isCurrent(current)) return pathToFileURL(path.join(folder, current.output)).href;

  const { build } = await import('esbuild');
  const result = await build({
    ...BUILD_OPTIONS,
    absWorkingDir: path.dirname(source),
    entryPoints: [source],
    outfile: path.join(folder, `${key}.mjs`),
  });
  const inputs: Record<string, number> = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    if (input.startsWith(`${ZOD_LOCALES_NAMESPACE}:`)) continue;
    const file = path.resolve(path.dirname(source), input);
    inputs[file] = statSync(file).mtimeMs;
  }
  // A new name for each build: Node caches modules by URL, and a long-lived worker must see the change.
  const output = `${key}-${Date.now().toString(36)}-${process.pid}.mjs`;
  mkdirSync(folder, { recursive: true });
  writeAtomically(path.join(folder, output), result.outputFiles[0].contents);
  writeAtomically(manifestPath, JSON.stringify({ script: source, output, inputs } satisfies Manifest));
  removeOldOutputs(folder, key, output);
  return pathToFileURL(path.join(folder, output)).href;
}

function readManifest(file: string): Manifest | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const manifest = JSON.parse(text) as Manifest;
    return typeof manifest.output === 'string' && typeof manifest.inputs === 'object' ? manifest : null;
  } catch {
    // A manifest cut short (a crash mid-write cannot leave one, but a full disk can): compile again.
    return null;
  }
}

function isCurrent(manifest: Manifest): boolean {
  return Object.entries(manifest.inputs).every(([file, mtime]) => modifiedAt(file) === mtime);
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return -1;
    throw error;
  }
}

function writeAtomically(file: string, contents: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

function removeOldOutputs(folder: string, key: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(`${key}-`) || name === keep) continue;
    const file = path.join(folder, name);
    if (now - modifiedAt(file) > OLD_OUTPUT_GRACE_MS) rmSync(file, { force: true });
  }
}
