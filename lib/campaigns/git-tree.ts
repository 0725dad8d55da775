// A commit's files read and written with git plumbing only (through git.ts): `ls-tree -r -z` lists
// them, `cat-file --batch` reads them exactly as stored (no smudge filter, no process filter, no
// textconv: those apply only to checkout, archive and diff), and a commit is built from blobs
// (`hash-object --no-filters`), a temporary index, `write-tree` and `commit-tree`, so no hook and no
// filter of the repository ever runs and the working tree is never touched.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GitCommandError, gitOutput, gitText } from './git';
import { insideRoot } from './plan';

export type TreeEntry = { mode: string; type: string; oid: string; path: string };

const LINK = '120000';
const SUBMODULE = '160000';

/** Every entry of the commit's tree, paths from the top of the repository (-z: any name, unquoted). */
export async function listTree(root: string, commit: string): Promise<Map<string, TreeEntry>> {
  const listed = await gitOutput(root, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const entries = new Map<string, TreeEntry>();
  for (const line of listed.toString('utf8').split('\0')) {
    const match = /^(\d{6}) (\w+) ([0-9a-f]+)\t([\s\S]+)$/.exec(line);
    if (match) entries.set(match[4], { mode: match[1], type: match[2], oid: match[3], path: match[4] });
  }
  return entries;
}

/** The folder of the repository the campaign's root is, as a prefix of tree paths ('' at the top). */
export async function treePrefix(root: string): Promise<string> {
  return (await gitOutput(root, ['rev-parse', '--show-prefix'])).toString('utf8').replace(/\n$/, '');
}

/**
 * Why `relative` cannot be written in this tree: it or a folder above it is a link (or a
 * submodule) in the commit. Writing there would put the file through the link, so it is refused by name.
 */
export function linkInTree(entries: Map<string, TreeEntry>, relative: string, commit: string): string | null {
  const parts = relative.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const entry = entries.get(parts.slice(0, depth).join('/'));
    if (entry?.mode === LINK || entry?.mode === SUBMODULE) {
      const what = entry.mode === LINK ? 'a link' : 'a submodule';
      return `${entry.path} is ${what} in commit ${commit.slice(0, 12)}: nothing is written through it (${relative})`;
    }
  }
  return null;
}

/** The blobs' bytes, by object id, in one `cat-file --batch` (no filter applies to it). */
async function readBlobs(root: string, oids: string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (oids.length === 0) return blobs;
  const output = await gitOutput(root, ['cat-file', '--batch'], { input: Buffer.from(`${oids.join('\n')}\n`) });
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf(0x0a, at);
    const header = output.subarray(at, end).toString('utf8');
    const match = /^([0-9a-f]+) (\w+) (\d+)$/.exec(header);
    if (!match) throw new GitCommandError('git cat-file --batch', `unexpected answer "${header.slice(0, 100)}"`);
    const size = Number(match[3]);
    blobs.set(match[1], output.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return blobs;
}

/**
 * Writes the tree of `ref` (the campaign's folder of it) into `into`, an empty scratch folder: files
 * from blobs, links as links, submodules left out. A name that would leave the folder is refused.
 */
export async function materialiseTree(root: string, ref: string, into: string): Promise<void> {
  const prefix = await treePrefix(root);
  const entries = await listTree(root, ref);
  const wanted = [...entries.values()].filter((entry) => entry.path.startsWith(prefix) && entry.mode !== SUBMODULE);
  const blobs = await readBlobs(
    root,
    wanted.map((entry) => entry.oid),
  );
  // Links last, so that no file is ever written through one.
  wanted.sort((left, right) => Number(left.mode === LINK) - Number(right.mode === LINK));
  for (const entry of wanted) {
    const relative = entry.path.slice(prefix.length);
    const target = insideRoot(into, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const data = blobs.get(entry.oid) ?? Buffer.alloc(0);
    if (entry.mode === LINK) await symlink(data.toString('utf8'), target);
    else await writeFile(target, data, { mode: entry.mode === '100755' ? 0o755 : 0o644 });
  }
}

export type BranchCommit = { path: string; data: Buffer; message: string };

/**
 * One commit per file on top of `base`, then the new branch pointing at the last: blobs stored as
 * given (--no-filters), each tree built in a temporary index, never the repository's own.
 */
export async function commitFiles(options: {
  root: string;
  base: string;
  branch: string;
  files: BranchCommit[];
  env: Record<string, string>;
  scratch: string;
}): Promise<string[]> {
  const { root, base } = options;
  const prefix = await treePrefix(root);
  const entries = await listTree(root, base);
  const env = { ...options.env, GIT_INDEX_FILE: path.join(options.scratch, 'index') };
  await gitText(root, ['read-tree', base], { env });
  let parent = base;
  const commits: string[] = [];
  for (const file of options.files) {
    const full = `${prefix}${file.path}`;
    const blob = await gitText(root, ['hash-object', '-w', '--no-filters', '--stdin'], { input: file.data, env });
    const mode = entries.get(full)?.mode === '100755' ? '100755' : '100644';
    await gitText(root, ['update-index', '-z', '--index-info'], {
      input: Buffer.from(`${mode} ${blob}\t${full}\0`, 'utf8'),
      env,
    });
    const tree = await gitText(root, ['write-tree'], { env });
    parent = await gitText(root, ['commit-tree', '--no-gpg-sign', tree, '-p', parent, '-m', file.message], { env });
    commits.push(parent);
  }
  // The empty old value: the ref must not exist yet (no branch is ever overwritten).
  await gitText(root, ['update-ref', '--no-deref', `refs/heads/${options.branch}`, parent, ''], { env });
  return commits;
}
