// Workspaces: a private temporary copy of a conversation's target file (and its neighbours), the one
// place its tools may read and write, turned into a unified diff when the conversation ends. The
// layout is described in workspace.ts; each workspace lives in this process's work root
// (work-root.ts), where sandboxed tools can write and whence a killed run's leftovers are swept.
import { lstat, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConversationInput } from '../protocol/conversation';
import { allowedInputFile, describeRoots, type InputFiles } from './input-files';
import { displayPrefix } from './display-path';
import { workspaceChanges, type Snapshot, type WorkspaceChanges } from './workspace-diff';
import { createWorkspaceFolder, handOver } from './work-root';

export const MAX_COMPANION_FILES = 200;
const MAX_COMPANION_BYTES = 4 * 1024 * 1024;

const CONFIG_FILES = new Set([
  'pyproject.toml',
  'ruff.toml',
  '.ruff.toml',
  'setup.cfg',
  'pytest.ini',
  'tox.ini',
  'conftest.py',
]);

type TemporaryWorkspacesOptions = {
  /**
   * An absolute folder relative file paths in inputs are resolved against; without one, inputs must
   * name absolute paths.
   */
  root?: string;
  /** The folders inputs may name files under (input-files.ts); a file elsewhere is never read. */
  inputFiles?: InputFiles;
};

/**
 * A private workspace per conversation, for agents whose tools change files. `slot` says which
 * conversation it is for.
 */
export interface WorkspaceProvider {
  create(
    slot: unknown,
    input: ConversationInput,
  ): Promise<{
    path: string;
    /** The target file's content before the conversation. */ original?: string | null;
    finish(): Promise<{ diff: string | null; changedFiles: string[] }>;
  }>;
}

/** A WorkspaceProvider over temporary folders, deleted when each conversation finishes. */
export class TemporaryWorkspaces implements WorkspaceProvider {
  /** Null: inputs must name absolute paths. */
  private readonly root: string | null;
  private readonly inputFiles: InputFiles | null;
  private readonly live = new Set<string>();

  constructor(options: TemporaryWorkspacesOptions = {}) {
    this.inputFiles = options.inputFiles ?? null;
    const root = options.inputFiles?.base ?? options.root ?? null;
    if (root !== null && !path.isAbsolute(root))
      throw new Error(`the workspaces' root must be an absolute path, not ${root}`);
    this.root = root;
  }

  /**
   * An input's file path made absolute, against the root. Never path.resolve of one unknown value:
   * Next's file tracer reads that as a path under the current folder and takes the whole project
   * into the panel's build ("Dynamic filesystem access causes tracing of the whole project").
   */
  private resolveInput(file: string): string {
    if (path.isAbsolute(file)) return path.normalize(file);
    if (this.root === null)
      throw new Error(
        `the input's file ${file} is a relative path, and this experiment names no folder it is relative to`,
      );
    return path.join(this.root, file);
  }

  async create(
    _slot: unknown,
    input: ConversationInput,
  ): Promise<{ path: string; original: string | null; finish(): Promise<WorkspaceChanges> }> {
    // Inside this process's work root, the one folder sandboxed tools can write to.
    const folder = await createWorkspaceFolder();
    this.track(folder);
    let baseline: Snapshot;
    try {
      baseline = await this.populate(folder, input);
      await handOver(folder);
    } catch (error) {
      await this.remove(folder);
      throw error;
    }
    const prefix = displayPrefix(input.file_path ?? null);
    const target = input.file_path ? baseline.get(path.basename(this.resolveInput(input.file_path))) : undefined;
    return {
      path: folder,
      original: target ? target.toString('utf8') : null,
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
    const original = this.resolveInput(input.file_path);
    // Checked when the experiment was made; checked again here, where the file is read.
    if (
      this.inputFiles &&
      !allowedInputFile(input.file_path, { ...this.inputFiles, base: this.root ?? this.inputFiles.base })
    ) {
      const roots = describeRoots(this.inputFiles);
      throw new Error(
        `the input's file ${input.file_path} is outside the folders chosen for this experiment (${roots})`,
      );
    }
    const name = path.basename(original);
    let content: Buffer;
    try {
      content = await readFile(original);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      content = Buffer.from(input.node_text, 'utf8');
    }
    snapshot.set(name, content);
    for (const [relative, companion] of await companions(path.dirname(original), name))
      snapshot.set(relative, companion);
    for (const [relative, data] of snapshot) {
      const target = path.join(folder, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    }
    return snapshot;
  }

  private track(folder: string) {
    this.live.add(folder);
  }

  private async remove(folder: string) {
    await rm(folder, { recursive: true, force: true });
    this.live.delete(folder);
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
      if (entry.isFile() && entry.name.endsWith('.py') && !(await consider(path.join('tests', entry.name))))
        return new Map();
    }
  }
  return found;
}

/** True for agents whose tools change files: they declare `settings.workspace: true` in their definition. */
export function agentNeedsWorkspace(agent: { settings: Record<string, unknown> }): boolean {
  return agent.settings.workspace === true;
}

/** The provider an experiment uses when none is given: temporary workspaces for agents that need them. */
export function defaultWorkspaces(
  agent: { settings: Record<string, unknown> },
  inputFiles?: InputFiles,
  /** The absolute folder relative input paths are under, when inputFiles does not say. */
  root?: string,
): WorkspaceProvider | undefined {
  return agentNeedsWorkspace(agent) ? new TemporaryWorkspaces({ inputFiles, root }) : undefined;
}
