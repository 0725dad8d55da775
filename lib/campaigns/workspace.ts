// A campaign's workspace mirrors the repository around the target: the file at its real path under
// the workspace root, the `__init__.py` of every package above it, the other modules of its
// top-level package (so relative and sibling imports work), and the project's configuration
// (pyproject.toml, setup.cfg, conftest.py files...). Tests written in it import the module by its
// package path and run from the root, as they will once the change is applied to the repository.
import { lstat, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../tools/workspace-diff';
import { createWorkspaceFolder, handOver } from '../tools/work-root';

const MAX_PACKAGE_FILES = 400;
const MAX_PACKAGE_BYTES = 8 * 1024 * 1024;

const ROOT_CONFIG = [
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'tox.ini',
  'pytest.ini',
  'ruff.toml',
  '.ruff.toml',
  'conftest.py',
  'tests/conftest.py',
  'tests/__init__.py',
];
const SKIPPED = new Set(['__pycache__', '.git', 'node_modules', '.venv', 'venv']);

/** Relative paths (forward slashes) to file contents. */
export type Snapshot = Map<string, Buffer>;

export type CampaignWorkspace = {
  path: string;
  /** What the workspace held at the start. */
  snapshot: Snapshot;
  /** Files that differ from the snapshot now (new or changed; null for deleted), by relative path. */
  changedFiles(): Promise<Map<string, Buffer | null>>;
  remove(): Promise<void>;
};

async function readRegularFile(file: string): Promise<Buffer | null> {
  try {
    const info = await lstat(file);
    return info.isFile() ? await readFile(file) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The folders above the target inside the root, nearest first (`a/b/c.py` -> `a/b`, `a`). */
function ancestors(relative: string): string[] {
  const parts = relative.split('/').slice(0, -1);
  const folders: string[] = [];
  for (let depth = parts.length; depth > 0; depth--) folders.push(parts.slice(0, depth).join('/'));
  return folders;
}

/** The .py files in a folder (and its subfolders with `deep`), relative to the root; null when there are too many. */
async function pythonFilesUnder(
  root: string,
  folder: string,
  budget: { files: number; bytes: number },
  deep: boolean,
): Promise<string[] | null> {
  const found: string[] = [];
  const visit = async (relative: string): Promise<boolean> => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!deep || SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
        if (!(await visit(child))) return false;
      } else if (entry.isFile() && entry.name.endsWith('.py')) {
        budget.files -= 1;
        budget.bytes -= (await lstat(path.join(root, child))).size;
        if (budget.files < 0 || budget.bytes < 0) return false;
        found.push(child);
      }
    }
    return true;
  };
  return (await visit(folder)) ? found : null;
}

/**
 * What the workspace of `target` (relative to the repository root) holds, read from the repository.
 * `withPackage`: also the other modules around it, for agents that run the code (tests import them).
 */
export async function mirrorContents(
  root: string,
  target: string,
  options: { withPackage: boolean },
): Promise<Snapshot> {
  const wanted = new Set<string>([target]);
  let topPackage: string | null = null;
  for (const folder of ancestors(target)) {
    const init = `${folder}/__init__.py`;
    if (!(await readRegularFile(path.join(root, init)))) break;
    wanted.add(init);
    wanted.add(`${folder}/conftest.py`);
    topPackage = folder;
  }
  for (const name of ROOT_CONFIG) wanted.add(name);
  // The modules a relative or sibling import may need: the whole top-level package when it is not
  // too large, else the .py files of the target's own folder.
  const whole = !options.withPackage
    ? []
    : topPackage
      ? await pythonFilesUnder(root, topPackage, { files: MAX_PACKAGE_FILES, bytes: MAX_PACKAGE_BYTES }, true)
      : null;
  const folder = path.posix.dirname(target) === '.' ? '' : path.posix.dirname(target);
  const neighbours =
    whole ??
    (await pythonFilesUnder(root, folder, { files: MAX_PACKAGE_FILES, bytes: MAX_PACKAGE_BYTES }, false)) ??
    [];
  for (const file of neighbours) wanted.add(file);
  const snapshot: Snapshot = new Map();
  for (const relative of [...wanted].sort()) {
    const data = await readRegularFile(path.join(root, ...relative.split('/')));
    if (data) snapshot.set(relative, data);
  }
  if (!snapshot.has(target)) throw new Error(`cannot read ${target} in the repository`);
  return snapshot;
}

/**
 * Creates a workspace holding `snapshot`, in this process's workspaces folder (lib/tools/work-root.ts):
 * the one place sandboxed tools can write, and swept if the process is killed.
 */
export async function createCampaignWorkspace(snapshot: Snapshot): Promise<CampaignWorkspace> {
  const folder = await createWorkspaceFolder();
  try {
    for (const [relative, data] of snapshot) {
      const file = path.join(folder, ...relative.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    }
    await handOver(folder);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    path: folder,
    snapshot,
    async changedFiles() {
      const changed = new Map<string, Buffer | null>();
      const present = new Set(await listFiles(folder));
      for (const relative of present) {
        const now = await readRegularFile(path.join(folder, ...relative.split('/')));
        const before = snapshot.get(relative);
        if (now && (!before || !before.equals(now))) changed.set(relative, now);
      }
      for (const relative of snapshot.keys()) if (!present.has(relative)) changed.set(relative, null);
      return changed;
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
