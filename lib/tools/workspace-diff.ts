// The changes a conversation made in its workspace: a unified diff against the snapshot taken when
// the workspace was made, and the list of files that differ.
import { lstat, readFile, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';

/** Diffs longer than this are cut (the changed file list stays complete). */
const MAX_DIFF_CHARACTERS = 512 * 1024;

/** Folders a tool run leaves behind that are not changes (caches, Remora's own reports). */
const IGNORED_FOLDERS = new Set(['__pycache__', '.pytest_cache', '.ruff_cache', '.mypy_cache', '.remora']);

/** File contents by path relative to the workspace (forward slashes). */
export type Snapshot = Map<string, Buffer>;

export type WorkspaceChanges = { diff: string | null; changedFiles: string[] };

export async function listFiles(folder: string, relative = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(folder, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!IGNORED_FOLDERS.has(entry.name)) files.push(...(await listFiles(folder, child)));
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      files.push(child);
    }
  }
  return files;
}

function isBinary(data: Buffer): boolean {
  return data.subarray(0, 8000).includes(0);
}

/** The unified diff of the workspace against what it held at the start, and the files that differ. */
export async function workspaceChanges(folder: string, baseline: Snapshot, prefix = ''): Promise<WorkspaceChanges> {
  const current = new Map<string, Buffer>();
  for (const file of await listFiles(folder)) {
    const full = path.join(folder, file);
    // A link is recorded as its target's path, never followed (it may point anywhere).
    const info = await lstat(full);
    current.set(
      file,
      info.isSymbolicLink() ? Buffer.from(`symbolic link to ${await readlink(full)}\n`) : await readFile(full),
    );
  }
  const names = [...new Set([...baseline.keys(), ...current.keys()])].sort();
  const changed: string[] = [];
  const patches: string[] = [];
  for (const name of names) {
    const before = baseline.get(name);
    const after = current.get(name);
    if (before && after && before.equals(after)) continue;
    const shown = `${prefix}${name}`;
    changed.push(shown);
    if ((before && isBinary(before)) || (after && isBinary(after))) {
      patches.push(
        `Binary files ${before ? `a/${shown}` : '/dev/null'} and ${after ? `b/${shown}` : '/dev/null'} differ\n`,
      );
      continue;
    }
    patches.push(
      createTwoFilesPatch(
        before ? `a/${shown}` : '/dev/null',
        after ? `b/${shown}` : '/dev/null',
        before?.toString('utf8') ?? '',
        after?.toString('utf8') ?? '',
        undefined,
        undefined,
        {
          headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
        },
      ),
    );
  }
  if (changed.length === 0) return { diff: null, changedFiles: [] };
  let diff = patches.join('');
  if (diff.length > MAX_DIFF_CHARACTERS)
    diff = `${diff.slice(0, MAX_DIFF_CHARACTERS)}\n... diff cut at ${MAX_DIFF_CHARACTERS} characters\n`;
  return { diff, changedFiles: changed };
}
