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
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { ToolContext } from './protocol';
import { displayPrefix } from './display-path';
import { realPathOf } from './real-path';
import { isWithin } from './sandbox/paths';

export type { WorkspaceChanges } from './workspace-diff';

export type ResolvedPath = { ok: true; path: string; relative: string } | { ok: false; error: string };

function realWorkspace(workspace: string): string {
  return realpathSync(workspace);
}

/**
 * Resolves a path a tool was given (relative to the workspace, or absolute) and checks that it stays
 * inside the workspace once `..` and symbolic links are resolved. Failures are values with a message
 * a model can act on.
 */
export function resolveInsideWorkspace(
  context: Pick<ToolContext, 'workspace'> & Partial<Pick<ToolContext, 'filePath' | 'settings'>>,
  relativePath: string,
): ResolvedPath {
  if (!context.workspace)
    return {
      ok: false,
      error:
        'this tool works on files, but the conversation has no workspace ' +
        '(run it in an experiment whose agent sets settings.workspace: true)',
    };
  if (typeof relativePath !== 'string' || relativePath.trim() === '')
    return { ok: false, error: 'the path is empty; give a file name relative to the workspace, e.g. "test_module.py"' };
  if (relativePath.includes('\0')) return { ok: false, error: 'the path contains a NUL character' };
  // A program given this path would read it as an option (pytest --basetemp=DIR deletes DIR).
  if (relativePath.trim().startsWith('-'))
    return {
      ok: false,
      error:
        `"${relativePath.trim()}" begins with "-", which a program would read as an option; ` +
        'give a file name such as "test_module.py"',
    };
  let root: string;
  try {
    root = realWorkspace(context.workspace);
  } catch (error) {
    return { ok: false, error: `the workspace ${context.workspace} cannot be used: ${(error as Error).message}` };
  }
  // In a repository layout paths are already relative to the workspace root, as the model sees them.
  const given = repositoryLayout(context)
    ? relativePath.trim()
    : withoutDisplayPrefix(relativePath.trim(), context.filePath ?? null);
  const candidate = path.isAbsolute(given) ? path.resolve(given) : path.resolve(root, given);
  const outside =
    `"${given}" is outside the workspace; tools may only use files inside it, given relative to it ` +
    '(e.g. "module.py" or "tests/test_module.py")';
  // Checked before and after resolving links: the first catches `../x` and absolute paths, the
  // second links that point out.
  if (!isWithin(root, candidate) && !(path.isAbsolute(given) && isWithin(root, realPathOf(candidate))))
    return { ok: false, error: outside };
  let real: string;
  try {
    real = realPathOf(candidate);
  } catch (error) {
    return { ok: false, error: `cannot resolve "${given}": ${(error as Error).message}` };
  }
  if (!isWithin(root, real))
    return {
      ok: false,
      error: `"${given}" leads outside the workspace through a symbolic link; tools may only use files inside it`,
    };
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
  return prefix !== '' && normalized.startsWith(prefix) && normalized.length > prefix.length
    ? normalized.slice(prefix.length)
    : given;
}

/**
 * A campaign's workspace mirrors the repository (lib/campaigns/workspace.ts): the target sits at its
 * real path under the workspace root, with its packages around it. Its agents carry this setting.
 */
export const REPOSITORY_LAYOUT = { key: 'workspace_layout', value: 'repository' } as const;

export function repositoryLayout(context: Partial<Pick<ToolContext, 'settings'>>): boolean {
  return context.settings?.[REPOSITORY_LAYOUT.key] === REPOSITORY_LAYOUT.value;
}

/** The conversation's target file inside the workspace (flat: it keeps its name; repository layout: its path). */
export function resolveTargetFile(
  context: Pick<ToolContext, 'workspace' | 'filePath'> & Partial<Pick<ToolContext, 'settings'>>,
): ResolvedPath {
  if (!context.filePath)
    return { ok: false, error: 'this conversation names no target file (its input has no file_path)' };
  const normalized = context.filePath.replace(/\\/g, '/');
  return resolveInsideWorkspace(context, repositoryLayout(context) ? normalized : path.basename(normalized));
}

// Kept here so that callers import workspaces from one place.
export {
  TemporaryWorkspaces,
  agentNeedsWorkspace,
  defaultWorkspaces,
  MAX_COMPANION_FILES,
  type WorkspaceProvider,
} from './temporary-workspaces';
