// Workspaces: a private temporary copy of a conversation's target file (and its neighbours), the one
// place its tools may read and write, turned into a unified diff when the conversation ends.
//
// Layout: the workspace is a copy of the target file's folder, flat: the target keeps its file name
// (so a tool finds it at `path.basename(context.filePath)`), and next to it are copied the folder's
// other .py files and Python configuration files (pyproject.toml, ruff.toml, setup.cfg, pytest.ini,
// conftest.py) plus the .py files of a `tests/` subfolder, so that imports between sibling modules
// and existing tests work. When the folder is large (more than MAX_COMPANION_FILES files or
// MAX_COMPANION_BYTES bytes) only the target is copied. Symbolic links among the neighbours are not
// followed. When the input names a file that does not exist, the workspace holds the input's code
// (node_text) under that file's name, so the conversation still works on the code it was given.
// Diffs and changed files name files as the input did (`agents/lint/samples/x.py`), and tools accept
// paths written that way too. An agent asks for workspaces with `settings.workspace: true`.
import { lstatSync, realpathSync, rmSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ConversationInput } from '../runner/types';
import type { WorkspaceProvider } from '../experiments/run-experiment';
import type { ToolContext } from './protocol';
import { workspaceChanges, type Snapshot, type WorkspaceChanges } from './workspace-diff';

export type { WorkspaceChanges } from './workspace-diff';

export const MAX_COMPANION_FILES = 200;
export const MAX_COMPANION_BYTES = 4 * 1024 * 1024;

const CONFIG_FILES = new Set(['pyproject.toml', 'ruff.toml', '.ruff.toml', 'setup.cfg', 'pytest.ini', 'tox.ini', 'conftest.py']);

export type ResolvedPath = { ok: true; path: string; relative: string } | { ok: false; error: string };

function realWorkspace(workspace: string): string {
  return realpathSync(workspace);
}

function isInside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** The real path of `candidate`: its deepest existing ancestor resolved (links included), the rest appended. */
function realPathOf(candidate: string): string {
  const missing: string[] = [];
  let current = candidate;
  for (;;) {
    let exists = true;
    try {
      lstatSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      exists = false;
    }
    // An existing entry is resolved for real; a dangling link makes realpath throw, and the caller reports it.
    if (exists) return path.join(realpathSync(current), ...missing.reverse());
    const parent = path.dirname(current);
    if (parent === current) return candidate;
    missing.push(path.basename(current));
    current = parent;
  }
}

/**
 * Resolves a path a tool was given (relative to the workspace, or absolute) and checks that it stays
 * inside the workspace once `..` and symbolic links are resolved. Failures are values with a message
 * a model can act on.
 */
export function resolveInsideWorkspace(context: Pick<ToolContext, 'workspace'> & Partial<Pick<ToolContext, 'filePath'>>, relativePath: string): ResolvedPath {
  if (!context.workspace) return { ok: false, error: 'this tool works on files, but the conversation has no workspace (run it in an experiment whose agent sets settings.workspace: true)' };
  if (typeof relativePath !== 'string' || relativePath.trim() === '') return { ok: false, error: 'the path is empty; give a file name relative to the workspace, e.g. "test_module.py"' };
  if (relativePath.includes('\0')) return { ok: false, error: 'the path contains a NUL character' };
  let root: string;
  try {
    root = realWorkspace(context.workspace);
  } catch (error) {
    return { ok: false, error: `the workspace ${context.workspace} cannot be used: ${(error as Error).message}` };
  }
  const given = withoutDisplayPrefix(relativePath.trim(), context.filePath ?? null);
  const candidate = path.isAbsolute(given) ? path.resolve(given) : path.resolve(root, given);
  const outside = `"${given}" is outside the workspace; tools may only use files inside it, given relative to it (e.g. "module.py" or "tests/test_module.py")`;
  // Checked before and after resolving links: the first catches `../x` and absolute paths, the second links that point out.
  if (!isInside(root, candidate) && !(path.isAbsolute(given) && isInside(root, realPathOf(candidate)))) return { ok: false, error: outside };
  let real: string;
  try {
    real = realPathOf(candidate);
  } catch (error) {
    return { ok: false, error: `cannot resolve "${given}": ${(error as Error).message}` };
  }
  if (!isInside(root, real)) return { ok: false, error: `"${given}" leads outside the workspace through a symbolic link; tools may only use files inside it` };
  if (real === root) return { ok: false, error: `"${given}" is the workspace folder itself, not a file` };
  return { ok: true, path: real, relative: path.relative(root, real).split(path.sep).join('/') };
}

/**
 * Paths as the model sees them: the prompt and the diff name files from the project root
 * (`agents/test/samples/pricing.py`), while the workspace holds the folder's files flat. A relative
 * path that starts with the target's folder is taken as the same file in the workspace.
 */
function withoutDisplayPrefix(given: string, filePath: string | null): string {
  const prefix = displayPrefix(filePath);
  const normalized = given.replace(/\\/g, '/').replace(/^\.\//, '');
  return prefix !== '' && normalized.startsWith(prefix) && normalized.length > prefix.length ? normalized.slice(prefix.length) : given;
}

/** The conversation's target file inside the workspace (it keeps its name; see the layout above). */
export function resolveTargetFile(context: Pick<ToolContext, 'workspace' | 'filePath'>): ResolvedPath {
  if (!context.filePath) return { ok: false, error: 'this conversation names no target file (its input has no file_path)' };
  return resolveInsideWorkspace(context, path.basename(context.filePath.replace(/\\/g, '/')));
}

export type TemporaryWorkspacesOptions = {
  /** Relative file paths in inputs are resolved against this folder (default: the current folder). */
  root?: string;
  /** Where workspaces are created (default: the system's temporary folder). */
  parent?: string;
};

// Workspaces of every provider in this process, deleted at exit: a conversation that crashed never
// calls finish(), and its folder must not outlive the process. One hook serves all providers.
const leftAtExit = new Set<string>();
let exitHookInstalled = false;

function trackForExit(folder: string) {
  leftAtExit.add(folder);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const leftover of leftAtExit) rmSync(leftover, { recursive: true, force: true });
  });
}

function untrackForExit(folder: string) {
  leftAtExit.delete(folder);
}

/** A WorkspaceProvider over temporary folders, deleted when each conversation finishes. */
export class TemporaryWorkspaces implements WorkspaceProvider {
  private readonly root: string;
  private readonly parent: string;
  private readonly live = new Set<string>();

  constructor(options: TemporaryWorkspacesOptions = {}) {
    this.root = path.resolve(options.root ?? process.cwd());
    this.parent = options.parent ?? os.tmpdir();
  }

  async create(_slot: unknown, input: ConversationInput): Promise<{ path: string; finish(): Promise<WorkspaceChanges> }> {
    const folder = await mkdtemp(path.join(this.parent, 'remora-workspace-'));
    this.track(folder);
    let baseline: Snapshot;
    try {
      baseline = await this.populate(folder, input);
    } catch (error) {
      await this.remove(folder);
      throw error;
    }
    const prefix = displayPrefix(input.file_path ?? null);
    return {
      path: folder,
      finish: async () => {
        try {
          return await workspaceChanges(folder, baseline, prefix);
        } finally {
          await this.remove(folder);
        }
      },
    };
  }

  /** Deletes every workspace still present (conversations that never finished). */
  async cleanup(): Promise<void> {
    await Promise.all([...this.live].map((folder) => this.remove(folder)));
  }

  private async populate(folder: string, input: ConversationInput): Promise<Snapshot> {
    const snapshot: Snapshot = new Map();
    if (!input.file_path) return snapshot;
    const original = path.resolve(this.root, input.file_path);
    const name = path.basename(original);
    let content: Buffer;
    try {
      content = await readFile(original);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      content = Buffer.from(input.node_text, 'utf8');
    }
    snapshot.set(name, content);
    for (const [relative, companion] of await companions(path.dirname(original), name)) snapshot.set(relative, companion);
    for (const [relative, data] of snapshot) {
      const target = path.join(folder, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
    return snapshot;
  }

  private track(folder: string) {
    this.live.add(folder);
    trackForExit(folder);
  }

  private async remove(folder: string) {
    await rm(folder, { recursive: true, force: true });
    this.live.delete(folder);
    untrackForExit(folder);
  }
}

/** The target's neighbours worth copying, by path relative to the folder; none when the folder is too large. */
async function companions(folder: string, targetName: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  let bytes = 0;
  const consider = async (relative: string): Promise<boolean> => {
    const full = path.join(folder, relative);
    const info = await lstat(full);
    if (!info.isFile()) return true;
    bytes += info.size;
    if (found.size >= MAX_COMPANION_FILES || bytes > MAX_COMPANION_BYTES) return false;
    found.set(relative.split(path.sep).join('/'), await readFile(full));
    return true;
  };
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (entry.name === targetName) continue;
    if (entry.isFile() && (entry.name.endsWith('.py') || CONFIG_FILES.has(entry.name))) {
      if (!(await consider(entry.name))) return new Map();
    }
  }
  const tests = entries.find((entry) => entry.name === 'tests' && entry.isDirectory());
  if (tests) {
    for (const entry of await readdir(path.join(folder, 'tests'), { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.py') && !(await consider(path.join('tests', entry.name)))) return new Map();
    }
  }
  return found;
}

/** Diff headers name files as the original does (`agents/lint/samples/x.py`) when the input's path is relative and inside. */
function displayPrefix(filePath: string | null): string {
  if (!filePath) return '';
  const normalized = path.posix.normalize(filePath.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(normalized) || normalized.startsWith('../')) return '';
  const folder = path.posix.dirname(normalized);
  return folder === '.' ? '' : `${folder}/`;
}

/** True for agents whose tools change files: they declare `settings.workspace: true` in their definition. */
export function agentNeedsWorkspace(agent: { settings: Record<string, unknown> }): boolean {
  return agent.settings.workspace === true;
}

/** The provider an experiment uses when none is given: temporary workspaces for agents that need them. */
export function defaultWorkspaces(agent: { settings: Record<string, unknown> }): WorkspaceProvider | undefined {
  return agentNeedsWorkspace(agent) ? new TemporaryWorkspaces() : undefined;
}
