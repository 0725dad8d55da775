// Where apply may write: a path inside the repository that reaches its file through no link that
// leaves the repository. The repository is untrusted: a tracked `tests` link to another folder
// would otherwise have a change's new test file written there. Each path is checked, folder by
// folder from the repository's real root, before anything is written, and a link out is refused
// by name. A file that is itself a link is refused too: apply replaces files, never links.
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../errors';
import { insideRoot } from './plan';
import { isWithin } from '../tools/sandbox/paths';

/** Why `relative` cannot be written under the real root `root`, or null when it can. */
async function linkProblem(root: string, relative: string): Promise<string | null> {
  const parts = relative.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const shown = parts.slice(0, depth).join('/');
    const absolute = path.join(root, ...parts.slice(0, depth));
    let info;
    try {
      info = await lstat(absolute);
    } catch (error) {
      // Not there yet: apply creates it (and what is below it) as a plain folder or file.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    if (!info.isSymbolicLink()) continue;
    if (depth === parts.length) return `${shown} is a link: apply writes files, never through or over a link`;
    const real = await realpath(absolute).catch(() => null);
    if (real === null || !isWithin(root, real)) {
      const to = real ? ` (to ${real})` : '';
      return `${shown} is a link that leaves the repository${to}: nothing is written through it (${relative})`;
    }
  }
  return null;
}

/** The absolute paths to write, in order; refuses (writing nothing) when any of them passes through a link out. */
export async function refuseLinks(root: string, relatives: string[]): Promise<string[]> {
  const real = await realpath(root);
  const problems: string[] = [];
  const targets: string[] = [];
  for (const relative of relatives) {
    const target = insideRoot(real, relative);
    const problem = await linkProblem(real, relative);
    if (problem) problems.push(problem);
    targets.push(target);
  }
  if (problems.length > 0)
    throw new InputError(
      `nothing was written: ${problems.length === 1 ? 'a path leads' : 'paths lead'} through a link`,
      problems,
    );
  return targets;
}
