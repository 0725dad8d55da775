// Whether the compiled command line in .build/ (scripts/cli-build.mjs) is current: built from the
// sources now on disk. Plain JavaScript, so that the launcher checks it without a compiler; the tool
// pool also asks it, running from sources (lib/build/tool-worker-launch.ts), before it starts a
// compiled worker.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** @returns {{ dir: string, inputs: Record<string, number> } | null} */
function readPointer(root) {
  try {
    const pointer = JSON.parse(readFileSync(path.join(root, '.build', 'cli.json'), 'utf8'));
    if (typeof pointer?.dir !== 'string' || typeof pointer?.inputs !== 'object') return null;
    return pointer;
  } catch {
    // Missing or half-written: treated as no build.
    return null;
  }
}

/** A file's modification time (ms), -1 when it does not exist. */
export function modifiedAt(root, file) {
  try {
    return statSync(path.resolve(root, file)).mtimeMs;
  } catch (error) {
    // A deleted input makes the build stale; anything else (permissions) is worth hearing about.
    if (error?.code === 'ENOENT' || error?.code === 'ENOTDIR') return -1;
    throw error;
  }
}

/** The current build's folder, or null when there is none or any of its inputs changed since. */
export function currentBuild(root) {
  const pointer = readPointer(root);
  if (!pointer) return null;
  for (const [file, mtime] of Object.entries(pointer.inputs)) {
    if (modifiedAt(root, file) !== mtime) return null;
  }
  const dir = path.join(root, '.build', pointer.dir);
  return modifiedAt(root, path.join(dir, 'main.js')) < 0 ? null : dir;
}
