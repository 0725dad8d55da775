// The Python files of a repository, one at a time: every .py file under the root that .gitignore
// and the --exclude globs leave in, in a stable order, each path inside the root once links are
// resolved. In a git repository git itself says what is ignored (nested .gitignore files and
// .git/info/exclude; no global configuration is read, see git.ts); elsewhere the root's and every
// folder's .gitignore are read with `ignore`.
import { lstat, readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import { git, gitOutput } from './git';
import { isWithin } from '../tools/sandbox/paths';

/** Never campaign material, whatever .gitignore says. */
const SKIPPED_FOLDERS = new Set([
  '.git',
  '__pycache__',
  'node_modules',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.ruff_cache',
  '.pytest_cache',
]);

export type WalkOptions = { exclude?: string[] };

export type WalkedFile = {
  path: string;
  absolute: string;
  /** For a link to another file of the repository: that file's path (relative to the root). */
  linkTarget?: string;
  /** Why the file cannot be read (a link leaving the repository, or to nothing): it is listed, not read. */
  skipReason?: string;
};

/** The repository root as a real path, refusing what is not a folder. */
export async function repositoryRoot(given: string): Promise<string> {
  const root = await realpath(path.resolve(given));
  if (!(await stat(root)).isDirectory()) throw new Error(`${given} is not a folder`);
  return root;
}

/** The folder git treats as the top of the repository holding `root`, or null outside git. */
export async function gitTopLevel(root: string): Promise<string | null> {
  // Not a repository (or no git): the .gitignore files are read directly instead.
  const result = await git(root, ['rev-parse', '--show-toplevel']).catch(() => null);
  if (!result || result.code !== 0) return null;
  return await realpath(result.stdout.toString('utf8').trim());
}

function excludeMatcher(globs: string[]): (relative: string) => boolean {
  if (globs.length === 0) return () => false;
  const matchers = globs.map((glob) => picomatch(glob, { dot: true }));
  // A glob matches a file by its path, or by any folder it sits in (`build/**` and `build` alike).
  return (relative) => {
    const parts = relative.split('/');
    for (let depth = 1; depth <= parts.length; depth++) {
      const prefix = parts.slice(0, depth).join('/');
      if (matchers.some((matches) => matches(prefix))) return true;
    }
    return false;
  };
}

/** Python files under the root, streamed in sorted order. */
export function walkPythonFiles(root: string, options: WalkOptions = {}): AsyncGenerator<WalkedFile> {
  const excluded = excludeMatcher(options.exclude ?? []);
  return walkRepositoryFiles(root, (relative) => relative.endsWith('.py') && !excluded(relative));
}

/**
 * The files under the root that .gitignore (and `wanted`) leave in, of any type; links must resolve inside the root.
 */
export async function* walkRepositoryFiles(
  root: string,
  wanted: (relative: string) => boolean = () => true,
): AsyncGenerator<WalkedFile> {
  const top = await gitTopLevel(root);
  for await (const relative of top ? gitFiles(root) : plainFiles(root)) {
    if (!wanted(relative) || relative.split('/').some((part) => SKIPPED_FOLDERS.has(part))) continue;
    const absolute = path.join(root, ...relative.split('/'));
    // A link may point anywhere: only files whose real path is inside the root are read; the others are
    // listed with the reason, so that every file is accounted for.
    let real: string;
    try {
      real = await realpath(absolute);
      if (!(await stat(real)).isFile()) continue;
    } catch {
      // A dangling link, or a file deleted while walking: there is nothing to read.
      if (await isLink(absolute))
        yield { path: relative, absolute, skipReason: 'a link to nothing (its target does not exist)' };
      continue;
    }
    if (real === root || !isWithin(root, real)) {
      yield { path: relative, absolute, skipReason: 'a link to a file outside the repository (not read)' };
      continue;
    }
    const target = path.relative(root, real).split(path.sep).join('/');
    yield { path: relative, absolute: real, ...(target !== relative ? { linkTarget: target } : {}) };
  }
}

async function isLink(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isSymbolicLink();
  } catch {
    // Deleted while walking.
    return false;
  }
}

/**
 * Tracked and untracked-but-not-ignored files, as git lists them (relative to the root). ls-files
 * would ask core.fsmonitor's program what changed: lib/campaigns/git.ts switches it off.
 */
async function* gitFiles(root: string): AsyncGenerator<string> {
  const stdout = await gitOutput(root, ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '.']);
  const files = [
    ...new Set(
      stdout
        .toString('utf8')
        .split('\0')
        .filter((name) => name !== ''),
    ),
  ].sort();
  for (const file of files) yield file;
}

type Rules = { base: string; rules: Ignore };

async function readRules(folder: string, base: string): Promise<Rules | null> {
  try {
    return { base, rules: ignore().add(await readFile(path.join(folder, '.gitignore'), 'utf8')) };
  } catch {
    // No .gitignore in this folder.
    return null;
  }
}

function ignoredBy(stack: Rules[], relative: string, isFolder: boolean): boolean {
  return stack.some(({ base, rules }) => {
    const inner = base === '' ? relative : relative.slice(base.length + 1);
    return rules.ignores(isFolder ? `${inner}/` : inner);
  });
}

/** Outside git: a walk that reads each folder's .gitignore as git would. */
async function* plainFiles(root: string, base = '', stack: Rules[] = []): AsyncGenerator<string> {
  const folder = path.join(root, base);
  const own = await readRules(folder, base);
  const rules = own ? [...stack, own] : stack;
  const entries = await readdir(folder, { withFileTypes: true });
  entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  for (const entry of entries) {
    const relative = base === '' ? entry.name : `${base}/${entry.name}`;
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name) || ignoredBy(rules, relative, true)) continue;
      yield* plainFiles(root, relative, rules);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && !ignoredBy(rules, relative, false)) {
      yield relative;
    }
  }
}
